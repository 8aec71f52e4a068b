package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus server (Debian's {@code prometheus}, started here on a free port with a scrape config pointing at
 * jvmtune) scrapes {@code analyze --follow --prometheus} on the log of a JVM that ran the bundled AllocationChurn;
 * Prometheus' HTTP API then has the GC duration histogram with the log's pauses and the humongous-allocation finding
 * that {@code analyze} reports for the same log.
 */
class PrometheusScrapeTest {

    private static final Path PROMETHEUS = Path.of(System.getProperty("jvmtune.prometheus", "/usr/bin/prometheus"));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void prometheusScrapesTheGcHistogramAndTheFindings(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(PROMETHEUS), "Debian's prometheus is not installed (.ci/run installs it)");
        Process jvm = LiveJvm.start(LiveJvm.JDK17, dir, List.of("-XX:+UseG1GC", "-Xlog:gc*:file=gc.log"),
                "--seconds", "2");
        assertTrue(jvm.waitFor(120, TimeUnit.SECONDS), "the workload ends");
        Run analyzed = RunReader.read(dir.resolve("gc.log"), RunReader.Options.DEFAULT).get(0);
        long pauses = analyzed.summary().pauses().count();
        Finding humongous = analyzed.findings().stream().filter(f -> f.ruleId().equals("humongous-allocation"))
                .findFirst().orElseThrow(() -> new AssertionError("analyze finds humongous allocations"));

        int metrics = LiveJvm.freePort();
        int web = LiveJvm.freePort();
        Files.writeString(dir.resolve("prometheus.yml"), String.join("\n",
                "global:", "  scrape_interval: 1s", "scrape_configs:", "  - job_name: jvmtune",
                "    static_configs:", "      - targets: ['127.0.0.1:" + metrics + "']", ""));
        // a window longer than the log: the live findings are analyze's
        Process jvmtune = LiveJvm.jvmtune(dir, dir.resolve("jvmtune.out"), dir.resolve("jvmtune.err"), "analyze",
                "--follow", "gc.log", "--prometheus", Integer.toString(metrics), "--window", "3600", "--json");
        Process prometheus = new ProcessBuilder(PROMETHEUS.toString(), "--config.file=prometheus.yml",
                "--storage.tsdb.path=data", "--web.listen-address=127.0.0.1:" + web)
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile())
                .start();
        try {
            String api = "http://127.0.0.1:" + web + "/api/v1/query?query=";
            JsonNode count = await(api, "sum(jvm_gc_duration_seconds_count)", Long.toString(pauses), 90);
            assertEquals(pauses, Long.parseLong(count.get(1).asText()), "pauses scraped: " + count);
            assertEquals(Long.toString(pauses), value(api, "sum(jvm_gc_duration_seconds_bucket{le=\"+Inf\"})"));
            double sumSec = Double.parseDouble(value(api, "sum(jvm_gc_duration_seconds_sum)"));
            assertEquals(analyzed.summary().pauses().totalMs() / 1000, sumSec, 1e-6 * pauses, "pause time scraped");
            Map<GcKind, PauseStats> byKind = analyzed.summary().pausesByKind();
            long minor = 0;
            for (GcKind k : List.of(GcKind.YOUNG, GcKind.MIXED, GcKind.CONCURRENT_START)) {
                minor += byKind.containsKey(k) ? byKind.get(k).count() : 0;
            }
            assertEquals(Long.toString(minor), value(api, "sum(jvm_gc_duration_seconds_count{jvm_gc_action=\"end of minor GC\"})"),
                    "young, mixed and concurrent-start pauses under the OpenTelemetry action");
            long normal = Long.parseLong(value(api, "sum(jvm_gc_duration_seconds_count{jvm_gc_name=\"Pause Young (Normal)\"})"));
            assertTrue(normal > 0 && normal <= minor, "G1's normal young pauses by jvm_gc_name: " + normal);
            JsonNode finding = await(api, "jvmtune_finding_active{rule_id=\"humongous-allocation\"}", "1", 30);
            assertEquals("1", finding.get(1).asText());
            JsonNode series = query(api, "jvmtune_finding_active{rule_id=\"humongous-allocation\"}").get(0);
            assertEquals(humongous.severity().name().toLowerCase(Locale.ROOT), series.path("metric").path("severity")
                    .asText());
            assertTrue(Double.parseDouble(value(api, "jvm_memory_used_after_last_gc_bytes{jvm_memory_pool_name=\"heap\"}"))
                    > 0, "heap after the last GC");
        } finally {
            prometheus.destroy();
            jvmtune.destroy();
            prometheus.waitFor(20, TimeUnit.SECONDS);
            jvmtune.waitFor(20, TimeUnit.SECONDS);
            prometheus.destroyForcibly();
            jvmtune.destroyForcibly();
        }
    }

    /** Queries until the first result's value is {@code expected} (scrapes come every second); its value pair. */
    private static JsonNode await(String api, String query, String expected, int seconds) throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        JsonNode last = null;
        while (System.nanoTime() < end) {
            JsonNode result = query(api, query);
            if (result.size() > 0) {
                last = result.get(0).path("value");
                if (last.get(1).asText().equals(expected)) {
                    return last;
                }
            }
            Thread.sleep(500);
        }
        throw new AssertionError(query + ": expected " + expected + ", Prometheus has " + last);
    }

    private static String value(String api, String query) throws Exception {
        JsonNode result = query(api, query);
        assertTrue(result.size() > 0, "a series for " + query);
        return result.get(0).path("value").get(1).asText();
    }

    private static JsonNode query(String api, String query) throws Exception {
        HttpResponse<String> r;
        try {
            r = HTTP.send(HttpRequest.newBuilder(URI.create(api + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException starting) {
            return JSON.createArrayNode();
        }
        if (r.statusCode() != 200) {
            return JSON.createArrayNode(); // Prometheus still starting
        }
        return JSON.readTree(r.body()).path("data").path("result");
    }
}
