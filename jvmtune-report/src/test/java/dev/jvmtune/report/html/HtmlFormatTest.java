package dev.jvmtune.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.Analyzer;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.run.Run;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HtmlFormatTest {

    private static final long MIB = 1 << 20;

    /** A million young pauses with heap, pools and phases, one mixed pause far longer than the rest. */
    static Run millionPauses(String cause) {
        Analyzer analyzer = new Analyzer(50, true);
        Random r = new Random(7);
        for (int i = 0; i < 1_000_000; i++) {
            double t = 1 + i * 0.1;
            boolean spike = i == 654_321;
            double ms = spike ? 987.654 : 2 + 10 * r.nextDouble();
            long before = (200 + i % 50) * MIB;
            long after = (100 + i % 30) * MIB;
            analyzer.accept(new GcEvent(i, t, null, Collector.G1, spike ? GcKind.MIXED : GcKind.YOUNG,
                    "Pause Young (Normal)", cause, ms, ms, MemoryUsage.bytes("Heap", before, after, 512 * MIB),
                    List.of(MemoryUsage.bytes("Eden regions", before - after, 0, -1),
                            MemoryUsage.bytes("Old regions", after - 10 * MIB, after - 9 * MIB, -1)),
                    List.of(new Phase("Evacuate Collection Set", ms * 0.8, ms * 0.8),
                            new Phase("Evacuate Collection Set/Object Copy", ms * 0.7, ms * 0.7),
                            new Phase("Other", ms * 0.2, ms * 0.2)), null, Set.of(), i + 1));
        }
        Analysis a = analyzer.result(0, 100_001, null);
        return Run.of("synthetic <million> pauses", List.of(), JvmFacts.empty(), a, analyzer.series(a));
    }

    @Test
    void aMillionPausesMakeAFileUnder20MbThatKeepsTheLongestPause() throws IOException {
        Run run = millionPauses("G1 Evacuation Pause");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new HtmlFormat("test").write(List.of(run), out);
        String html = out.toString(StandardCharsets.UTF_8);
        assertTrue(out.size() < 20 * MIB, "file size " + out.size());
        System.out.printf("HtmlFormatTest: a million pauses -> %,d bytes of HTML%n", out.size());
        // time, ms, GC id, cause, heap before and after (MiB), file, line
        int at = html.indexOf("[65433.1,987.654,");
        assertTrue(html.substring(at, at + 60).startsWith("[65433.1,987.654,654321,0,221,121,null,654322]"), html.substring(at, at + 60));
        assertTrue(at > 0,
                "the longest pause is a point of the chart, at its time, with what it was");
        assertTrue(html.contains("synthetic &lt;million&gt; pauses"), "the name is escaped");
        // the script elements close where they should, and nowhere else
        assertEquals(3, html.split("</script>", -1).length - 1);
        assertTrue(html.contains("\"Evacuate Collection Set\":["), "top-level phases are charted");
        assertTrue(!html.contains("Object Copy\":["), "sub-phases are not stacked on their parents");
    }

    @Test
    void textFromALogCannotEndTheDataScriptElement() {
        String data = HtmlFormat.data(new HtmlFormat.Data("runs", List.of(new HtmlFormat.ChartRun(
                "</script><!-- \u2028\u2029 \"q\" \\ \n\t\u0001 & >", null))));
        assertFalse(data.contains("</"), data);
        assertFalse(data.contains("<!--"), data);
        assertFalse(data.contains("\u2028") || data.contains("\u2029"), data);
        assertEquals("{\"mode\":\"runs\",\"runs\":[{\"name\":\"\\u003C/script\\u003E\\u003C!-- \\u2028\\u2029 "
                + "\\\"q\\\" \\\\ \\n\\t\\u0001 \\u0026 \\u003E\",\"series\":null}]}", data);
    }
}
