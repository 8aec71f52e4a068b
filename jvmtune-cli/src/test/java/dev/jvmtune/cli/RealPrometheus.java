package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A real Prometheus server (Debian's {@code prometheus}) on a free port of the loopback interface, scraping one target
 * every second, and its HTTP API; the live tests' scraper. Skips the test where Prometheus is not installed.
 */
final class RealPrometheus implements AutoCloseable {

    private static final Path BINARY = Path.of(System.getProperty("jvmtune.prometheus", "/usr/bin/prometheus"));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final String api;
    private final Path log;

    private RealPrometheus(Process process, int web, Path log) {
        this.process = process;
        this.log = log;
        this.api = "http://127.0.0.1:" + web + "/api/v1/";
    }

    /** Starts Prometheus in {@code dir} (its config, data and log there), scraping {@code 127.0.0.1:targetPort}. */
    static RealPrometheus scraping(Path dir, int targetPort) throws Exception {
        assumeTrue(Files.isExecutable(BINARY), "Debian's prometheus is not installed (.ci/run installs it)");
        int web = LiveJvm.freePort();
        Files.writeString(dir.resolve("prometheus.yml"), String.join("\n",
                "global:", "  scrape_interval: 1s", "scrape_configs:", "  - job_name: jvmtune",
                "    static_configs:", "      - targets: ['127.0.0.1:" + targetPort + "']", ""));
        Process p = new ProcessBuilder(BINARY.toString(), "--config.file=prometheus.yml", "--storage.tsdb.path=data",
                "--web.listen-address=127.0.0.1:" + web)
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile())
                .start();
        RealPrometheus prometheus = new RealPrometheus(p, web, dir.resolve("prometheus.log"));
        prometheus.awaitReady();
        return prometheus;
    }

    /** Waits until Prometheus serves queries and scrapes (it opens its database first: seconds on a loaded machine). */
    private void awaitReady() throws Exception {
        URI ready = URI.create(api.replace("/api/v1/", "/-/ready"));
        long end = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < end && process.isAlive()) {
            try {
                if (HTTP.send(HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException starting) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        process.destroyForcibly();
        throw new AssertionError("Prometheus is not ready: " + Files.readString(log));
    }

    /** Queries until the first result's value is {@code expected} (scrapes come every second); its value pair. */
    JsonNode await(String query, String expected, int seconds) throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        JsonNode last = null;
        while (System.nanoTime() < end) {
            JsonNode result = query(query);
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

    /** The first result's value of an instant query, which must have one. */
    String value(String query) throws Exception {
        JsonNode result = query(query);
        assertTrue(result.size() > 0, "a series for " + query);
        return result.get(0).path("value").get(1).asText();
    }

    /** An instant query's results; none while Prometheus is starting. */
    JsonNode query(String query) throws Exception {
        return get("query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)).path("result");
    }

    /** The label sets, {@code __name__} included, of every series that {@code selector} matched at any time. */
    JsonNode series(String selector) throws Exception {
        return get("series?match[]=" + URLEncoder.encode(selector, StandardCharsets.UTF_8));
    }

    /** The scrape targets as Prometheus sees them: health, last error. */
    String targets() throws Exception {
        return get("targets").toString();
    }

    /** The metadata of the metrics scraped (the exposition's TYPE, UNIT and HELP) by name. */
    JsonNode metadata() throws Exception {
        return get("metadata");
    }

    private JsonNode get(String call) throws Exception {
        HttpResponse<String> r;
        try {
            r = HTTP.send(HttpRequest.newBuilder(URI.create(api + call)).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException starting) {
            return JSON.createObjectNode();
        }
        if (r.statusCode() != 200) {
            return JSON.createObjectNode(); // Prometheus still starting
        }
        return JSON.readTree(r.body()).path("data");
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
