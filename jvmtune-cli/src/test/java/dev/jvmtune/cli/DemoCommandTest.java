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

/**
 * The README's first command: the tuner on the timeseries workload, here with a budget that ends it after the
 * baseline (the full session is measured in docs/tuner.md), and run twice in the same directory.
 */
class DemoCommandTest {

    @Test
    void tunesTheWorkloadAndWritesTheReport(@TempDir Path dir) throws IOException {
        String db = dir.resolve("jvmtune.db").toString();
        for (int i = 0; i < 2; i++) { // a second demo replaces the first one's session
            CliRun run = CliRun.of("demo", "--days", "1", "--minutes", "0.01", "--out", dir.toString(), "--db", db);
            assertEquals(Main.GOAL_NOT_MET, run.exit(), run.out() + run.err());
            assertTrue(run.out().startsWith("jvmtune tune: budget spent"), run.out());
            assertTrue(run.out().contains("Flags to paste:\n  " + DemoCommand.FLAGS), run.out());
        }
        JsonNode doc = new ObjectMapper().readTree(dir.resolve("tune.json").toFile());
        assertEquals("BUDGET_SPENT", doc.path("outcome").asText());
        assertEquals(3, doc.path("trialsRun").asInt(), "the baseline's three trials, once");
        assertTrue(doc.path("baseline").path("metrics.wallSec").asDouble() > 0, doc.toString());
        CliRun list = CliRun.of("results", "list", "--db", db); // the database the demo said it used
        assertEquals(Main.OK, list.exit(), list.err());
        assertEquals(2, list.out().lines().filter(l -> l.contains("tune-")).count(), list.out());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains("gc.log"), "the baseline's charts");
    }
}
