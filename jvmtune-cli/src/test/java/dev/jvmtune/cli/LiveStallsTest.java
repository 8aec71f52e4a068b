package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stalls in the live view: {@code analyze --follow} on a real JDK 17 ZGC log whose threads stalled (the report
 * module's golden log) shows the stalls, the time held up and the allocation-stall finding that {@code analyze}
 * gives for the whole file (the window starts at the first event, the whole run at 0: their throughputs differ).
 */
class LiveStallsTest {

    private static final Path LOG = Path.of("../jvmtune-report/src/test/resources/logs/zgc-stalls-jdk17.log");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aFollowedZgcLogShowsItsStallsAsAnalyzeDoes(@TempDir Path dir) throws IOException {
        Path log = Files.copy(LOG, dir.resolve("gc.log"));
        JsonNode whole = JSON.readTree(CliRun.of("analyze", "--json", log.toString()).out()).path("runs").get(0);
        JsonNode stalls = whole.path("summary").path("stalls");
        assertTrue(stalls.path("count").asLong() > 0, "the log's threads stalled: " + stalls);

        // a window longer than the log: its last line is the whole log
        CliRun json = CliRun.of("analyze", "--follow", log.toString(), "--json", "--window", "1000", "--for", "2");
        assertEquals(0, json.exit(), json.err());
        // one line per window, then (as without --follow) the analysis of everything read
        List<String> windows = json.out().lines().filter(CliRun::isWindowLine).toList();
        JsonNode last = JSON.readTree(windows.get(windows.size() - 1));
        assertEquals(1, last.path("schemaVersion").asInt(), "each line a document with its schema version: " + last);
        assertTrue(last.path("tool").asText().startsWith("jvmtune "), last.path("tool").toString());
        assertEquals(stalls.path("count").asLong(), last.path("stalls").path("count").asLong(), last.toString());
        assertEquals(stalls.path("totalMs").asDouble(), last.path("stalls").path("totalMs").asDouble(), 0.001);
        assertEquals(stalls.path("wallMs").asDouble(), last.path("stalls").path("wallMs").asDouble(), 0.001);
        assertEquals(whole.path("summary").path("heldUp").path("totalMs").asDouble(), last.path("heldUpMs").asDouble(),
                0.001);
        assertTrue(last.path("findings").findValuesAsText("ruleId").contains("allocation-stall"), last.toString());

        CliRun view = CliRun.of("analyze", "--follow", log.toString(), "--window", "1000", "--for", "2");
        assertTrue(view.out().contains("stalls " + stalls.path("count").asLong() + ": "), view.out());
    }
}
