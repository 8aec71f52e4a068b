package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log whose GC records were not understood says so in every rendering - the text verdict, the JSON verdict and
 * input, the HTML verdict - instead of "No pauses in this log" and a throughput of 100 %.
 */
class IncompleteFiguresCliTest {

    @TempDir
    Path dir;

    /** Pause lines whose duration unit this version does not read: figures, but not a pause read. */
    private Path notUnderstood() throws IOException {
        return Files.writeString(dir.resolve("gc.log"), """
                [0.015s][info][gc] Using G1
                [1.481s][info][gc,start     ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)
                [1.488s][info][gc           ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 6.572 msec
                [2.481s][info][gc,start     ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)
                [2.488s][info][gc           ] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 28M->5M(256M) 6.363 msec
                """, StandardCharsets.ISO_8859_1);
    }

    @Test
    void textJsonAndHtmlSayTheFiguresAreIncomplete() throws IOException {
        Path log = notUnderstood();
        Path html = dir.resolve("report.html");
        CliRun text = CliRun.of("analyze", "-q", log.toString(), "--html", html.toString());
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("\nIncomplete no pause was read, but 2 skipped lines look like GC records"),
                text.out());
        assertFalse(text.out().contains("No pauses in this log"), text.out());
        assertTrue(Files.readString(html).contains("Figures incomplete:</strong> no pause was read, but 2 skipped"),
                "the HTML verdict says it");

        JsonNode json = CliRun.of("analyze", "--json", "-q", log.toString()).run();
        JsonNode incomplete = json.path("verdict").path("incomplete");
        assertEquals(1, incomplete.size(), json.path("verdict").toString());
        assertTrue(incomplete.get(0).asText().startsWith("no pause was read"));
        JsonNode input = json.path("inputs").get(0);
        assertEquals(2, input.path("unrecognizedLines").asLong());
        assertEquals(2, input.path("unrecognizedRecordLines").asLong());
        assertEquals(0, input.path("doubtfulSplits").size());
    }
}
