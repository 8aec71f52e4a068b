package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's main-job command: a real workload JVM, its log, and the analysis of that log. */
class DemoCommandTest {

    @Test
    void runsTheWorkloadAndAnalyzesItsLog(@TempDir Path dir) throws IOException {
        CliRun run = CliRun.of("demo", "--seconds", "1", "--out", dir.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("JVM       G1"), run.out());

        JsonNode doc = new ObjectMapper().readTree(dir.resolve("analysis.json").toFile());
        assertEquals("G1", doc.path("jvm").path("collector").asText());
        long pauses = doc.path("summary").path("pauses").path("count").asLong();
        assertTrue(pauses > 0, "the workload must cause collections");
        // AllocationChurn ends with System.gc(): one explicit full collection
        assertEquals(1, doc.path("summary").path("pausesByCause").path("System.gc()").asLong());
        ObjectMapper json = new ObjectMapper();
        long eventLines = 0;
        for (String line : Files.readAllLines(dir.resolve("events.jsonl"))) {
            String kind = line.isBlank() ? "" : json.readTree(line).path("kind").asText();
            if (!kind.isEmpty() && !kind.equals("CONCURRENT") && !kind.equals("CYCLE")) {
                eventLines++; // a stop-the-world pause (a pause may round to 0.000 ms, so count by kind)
            }
        }
        assertEquals(pauses, eventLines);
        JsonNode metrics = new ObjectMapper().readTree(dir.resolve("metrics.json").toFile());
        assertTrue(metrics.path("wallSec").asDouble() >= 1.0, metrics.toString());
    }
}
