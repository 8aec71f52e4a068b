package dev.jvmtune.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.analysis.Analyzer;
import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

    private static final long MIB = 1 << 20;

    /** A million young pauses with heap, pools and phases, one mixed pause far longer than the rest. */
    static LogAnalysis millionPauses(ChartCollector charts) {
        Analyzer analyzer = new Analyzer(50);
        Random r = new Random(7);
        for (int i = 0; i < 1_000_000; i++) {
            double t = 1 + i * 0.1;
            boolean spike = i == 654_321;
            double ms = spike ? 987.654 : 2 + 10 * r.nextDouble();
            long before = (200 + i % 50) * MIB;
            long after = (100 + i % 30) * MIB;
            GcEvent e = new GcEvent(i, t, null, "G1", spike ? GcKind.MIXED : GcKind.YOUNG, "Pause Young (Normal)",
                    "G1 Evacuation Pause", ms, ms, MemoryUsage.bytes("heap", before, after, 512 * MIB),
                    List.of(MemoryUsage.bytes("Eden regions", before - after, 0, -1),
                            MemoryUsage.bytes("Old regions", after - 10 * MIB, after - 9 * MIB, -1)),
                    List.of(new Phase("Evacuate Collection Set", ms * 0.8, ms * 0.8),
                            new Phase("Evacuate Collection Set/Object Copy", ms * 0.7, ms * 0.7),
                            new Phase("Other", ms * 0.2, ms * 0.2)), null, Set.of(), i + 1);
            analyzer.accept(e);
            charts.event(e);
        }
        return new LogAnalysis("synthetic <million> pauses", List.of(), JvmFacts.empty(),
                analyzer.result(0, 100_001));
    }

    @Test
    void aMillionPausesMakeAFileUnder20MbThatKeepsTheLongestPause() throws IOException {
        ChartCollector charts = new ChartCollector();
        LogAnalysis run = millionPauses(charts);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HtmlReport.write(List.of(run), charts.runs(), "test", out);
        String html = out.toString(StandardCharsets.UTF_8);
        assertTrue(out.size() < 20 * MIB, "file size " + out.size());
        System.out.printf("HtmlReportTest: a million pauses -> %,d bytes of HTML%n", out.size());
        assertTrue(html.contains("[65433.1,987.654]"), "the longest pause is a point of the chart, at its time");
        assertTrue(html.contains("synthetic &lt;million&gt; pauses"), "the name is escaped");
        // the script elements close where they should, and nowhere else
        assertEquals(3, html.split("</script>", -1).length - 1);
        assertTrue(html.contains("\"Evacuate Collection Set\":["), "top-level phases are charted");
        assertTrue(!html.contains("Object Copy\":["), "sub-phases are not stacked on their parents");
    }
}
