package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's main-job command: a real workload JVM, its log, and the analysis of that log. */
class DemoCommandTest {

    @Test
    void runsTheWorkloadAndAnalyzesItsLog(@TempDir Path dir) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(new String[] {"demo", "--seconds", "1", "--out", dir.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("JVM       G1"), text);

        JsonNode doc = new ObjectMapper().readTree(dir.resolve("analysis.json").toFile());
        assertEquals("G1", doc.path("jvm").path("collector").asText());
        long pauses = doc.path("summary").path("pauses").path("count").asLong();
        assertTrue(pauses > 0, "the workload must cause collections");
        // AllocationChurn ends with System.gc(): one explicit full collection
        assertEquals(1, doc.path("summary").path("pausesByCause").path("System.gc()").asLong());
        long eventLines = Files.readAllLines(dir.resolve("events.jsonl")).stream()
                .filter(l -> l.contains("\"pauseMs\"") && !l.contains("\"pauseMs\":0.0")).count();
        assertEquals(pauses, eventLines);
        JsonNode metrics = new ObjectMapper().readTree(dir.resolve("metrics.json").toFile());
        assertTrue(metrics.path("wallSec").asDouble() >= 1.0, metrics.toString());
    }
}
