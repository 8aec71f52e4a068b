package dev.jvmtune.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.report.TuningSession;
import dev.jvmtune.tune.Journal;
import dev.jvmtune.tune.TrialResult;
import dev.jvmtune.tune.TuneReport;
import dev.jvmtune.tune.TuneResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The tuning page rendered from a stored session (src/test/resources/tuning: the tune.json and journal of a real
 * {@code jvmtune tune} of the timeseries workload, its paths made relative), without running a JVM: the footprint's
 * figures appear with their units. The browser test of jvmtune-cli opens a page of a session it runs.
 */
class TuningHtmlTest {

    private static final Path SESSION = Path.of("src/test/resources/tuning");
    private static final Pattern ROW = Pattern.compile(
            "<tr data-metric=\"(footprint\\.[^\"]+)\"><td>[^<]*</td><td>([^<]*)</td><td>([^<]*)</td></tr>");

    private static String page(List<TrialResult> trials) throws IOException {
        TuneResult r = TuneReport.read(SESSION.resolve("tune.json"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TuningHtml.write(new TuningSession(r, "Timeseries days 1", trials, Map.of(), null, null), "test", out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Each row of the page's footprint table: metric name to its baseline and final cells. */
    private static Map<String, List<String>> footprintRows(String html) {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        Matcher m = ROW.matcher(html);
        while (m.find()) {
            rows.put(m.group(1), List.of(m.group(2), m.group(3)));
        }
        return rows;
    }

    @Test
    void theFootprintAppearsWithItsUnits() throws IOException {
        String html = page(Journal.trials(SESSION.resolve("tune.jsonl")));
        assertTrue(html.contains("data-section=\"Footprint\"><h3>Footprint at the JVM's resident peak"),
                "no footprint section on the tuning page of a session whose trials measured one");
        Map<String, List<String>> rows = footprintRows(html);
        // the medians of the 4 trials of the starting flags (-Xmx96m), which are also the final ones: none accepted
        assertEquals(List.of("122.4 MiB", "122.4 MiB"), rows.get("footprint.rssPeakBytes"), "RSS peak: " + rows);
        assertEquals(List.of("96.0 MiB", "96.0 MiB"), rows.get("footprint.heapBytes"), "heap committed: " + rows);
        assertEquals(List.of("297.8 KiB", "297.8 KiB"), rows.get("footprint.classSpaceBytes"), "class space: " + rows);
        assertEquals(List.of("21", "21"), rows.get("footprint.threads"), "threads, a count: " + rows);
        assertEquals(16, rows.size(), "RSS, heap resident, 13 parts, threads: " + rows.keySet());
        rows.forEach((name, cells) -> {
            if (name.endsWith("Bytes")) {
                cells.forEach(c -> assertTrue(c.matches("\\d+(\\.\\d)? (B|KiB|MiB|GiB)"), name + " without a unit: " + c));
            }
        });
    }

    @Test
    void noFootprintSectionWithoutAMeasuredOne() throws IOException {
        List<TrialResult> unmeasured = Journal.trials(SESSION.resolve("tune.jsonl")).stream().map(t -> {
            Map<String, Double> m = new LinkedHashMap<>(t.metrics());
            m.keySet().removeIf(k -> k.startsWith("footprint."));
            return new TrialResult(t.seq(), t.arm(), t.flags(), t.outcome(), t.seconds(), m, t.dir());
        }).toList();
        String html = page(unmeasured);
        assertFalse(html.contains("data-section=\"Footprint\""), "a footprint section with nothing measured");
        assertTrue(html.contains("data-section=\"Path\""), "the rest of the page is there");
    }
}
