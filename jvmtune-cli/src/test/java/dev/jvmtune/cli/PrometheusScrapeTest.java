package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus ({@link RealPrometheus}) scrapes {@code analyze --follow --prometheus} on the log of a JVM that
 * ran the bundled AllocationChurn; Prometheus' HTTP API then has the GC duration histogram with the log's pauses under
 * the collectors' bean names, the same pauses under their own names in jvmtune's histogram, the heap pools after the
 * last collection, none of the figures a GC log does not tell (threads), and the humongous-allocation finding that
 * {@code analyze} reports for the same log.
 */
class PrometheusScrapeTest {

    @Test
    void prometheusScrapesTheGcHistogramAndTheFindings(@TempDir Path dir) throws Exception {
        // a humongous array every 1024 operations, not 4096: enough humongous collections in 2 s on a loaded machine
        Process jvm = LiveJvm.start(LiveJvm.JDK17, dir, List.of("-XX:+UseG1GC", "-Xlog:gc*:file=gc.log"),
                "--seconds", "2", "--huge-every", "1024");
        assertTrue(jvm.waitFor(120, TimeUnit.SECONDS), "the workload ends");
        Run analyzed = RunReader.read(dir.resolve("gc.log"), RunReader.Options.DEFAULT).get(0);
        long pauses = analyzed.summary().pauses().count();
        Finding humongous = analyzed.findings().stream().filter(f -> f.ruleId().equals("humongous-allocation"))
                .findFirst().orElseThrow(() -> new AssertionError("analyze finds humongous allocations"));

        int metrics = LiveJvm.freePort();
        // a window longer than the log: the live findings are analyze's
        Process jvmtune = LiveJvm.jvmtune(dir, dir.resolve("jvmtune.out"), dir.resolve("jvmtune.err"), "analyze",
                "--follow", "gc.log", "--prometheus", Integer.toString(metrics), "--window", "3600", "--json");
        try (RealPrometheus prometheus = RealPrometheus.scraping(dir, metrics)) {
            JsonNode count = prometheus.await("sum(jvm_gc_duration_seconds_count)", Long.toString(pauses), 90);
            assertEquals(pauses, Long.parseLong(count.get(1).asText()), "pauses scraped: " + count);
            assertEquals(Long.toString(pauses), prometheus.value("sum(jvm_gc_duration_seconds_bucket{le=\"+Inf\"})"));
            double sumSec = Double.parseDouble(prometheus.value("sum(jvm_gc_duration_seconds_sum)"));
            assertEquals(analyzed.summary().pauses().totalMs() / 1000, sumSec, 1e-6 * pauses, "pause time scraped");
            Map<GcKind, PauseStats> byKind = analyzed.summary().pausesByKind();
            long minor = 0;
            for (GcKind k : List.of(GcKind.YOUNG, GcKind.MIXED, GcKind.CONCURRENT_START)) {
                minor += byKind.containsKey(k) ? byKind.get(k).count() : 0;
            }
            assertEquals(Long.toString(minor), prometheus.value("sum(jvm_gc_duration_seconds_count{jvm_gc_name=\""
                    + "G1 Young Generation\", jvm_gc_action=\"end of minor GC\"})"),
                    "young, mixed and concurrent-start pauses under G1's young collector bean and the minor action");
            assertEquals(Long.toString(pauses), prometheus.value("sum(jvmtune_gc_pause_seconds_count)"));
            long normal = Long.parseLong(prometheus.value(
                    "sum(jvmtune_gc_pause_seconds_count{pause=\"Pause Young (Normal)\", kind=\"young\"})"));
            assertTrue(normal > 0 && normal <= minor, "G1's normal young pauses by their own name: " + normal);
            // every pause is counted as it is read, but a window ends SETTLE_SEC behind the log's latest line until
            // the log stops growing: the finding may first show over part of the log, with a severity of its own
            String severity = humongous.severity().name().toLowerCase(Locale.ROOT);
            JsonNode finding = prometheus.await("jvmtune_finding_active{rule_id=\"humongous-allocation\", severity=\""
                    + severity + "\"}", "1", 30);
            assertEquals("1", finding.get(1).asText());
            JsonNode series = prometheus.query("jvmtune_finding_active{rule_id=\"humongous-allocation\"}");
            assertEquals(1, series.size(), "one series per rule, under its severity now: " + series);
            assertEquals(severity, series.get(0).path("metric").path("severity").asText());
            assertTrue(Double.parseDouble(prometheus.value("jvm_memory_used_after_last_gc_bytes{jvm_memory_pool_name"
                    + "=\"G1 Old Gen\", jvm_memory_type=\"heap\"}")) > 0, "G1's old generation after the last GC");
            assertEquals(0, prometheus.query("{__name__=~\"jvm_thread_count|jvm_class_count|jvm_memory_used_bytes\"}")
                    .size(), "a GC log tells no threads, classes or pools used now: absent, not 0");
        } finally {
            jvmtune.destroy();
            jvmtune.waitFor(20, TimeUnit.SECONDS);
            jvmtune.destroyForcibly();
        }
    }
}
