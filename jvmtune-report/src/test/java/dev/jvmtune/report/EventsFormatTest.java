package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.run.RunReader;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The events' root: one {@code Document} line first, once per stream, however many logs are written to it (the
 * golden {@code .jsonl} files show it for one log).
 */
class EventsFormatTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void severalLogsShareOneRootLineFirst() throws Exception {
        EventsFormat format = new EventsFormat("test");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<dev.jvmtune.core.run.Run> runs = new ArrayList<>();
        Path log = Path.of(EventsFormatTest.class.getResource("/logs/g1-plab-jdk17.log").toURI());
        for (String source : List.of("a", "b")) {
            runs.addAll(RunReader.read(log, RunReader.Options.DEFAULT.tap(format.attach(out, source))));
        }
        format.write(runs, out);
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals("{\"type\":\"Document\",\"schemaVersion\":1,\"tool\":\"jvmtune test\"}", lines.get(0));
        Map<String, Integer> bySource = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            JsonNode e = JSON.readTree(line);
            assertTrue(!e.path("type").asText().equals("Document") && e.hasNonNull("source"), "an event: " + line);
            bySource.merge(e.path("source").asText(), 1, Integer::sum);
        }
        assertEquals(2, bySource.size(), "both logs' events, after the one root line: " + bySource);
        assertEquals(bySource.get("a"), bySource.get("b"), "the same log twice: " + bySource);
        assertTrue(out.toString(StandardCharsets.UTF_8).endsWith("}\n"), "the last line ended");
    }

    @Test
    void aStreamWithoutEventsHoldsTheRootAlone() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new EventsFormat("test").write(List.of(), out);
        assertEquals("{\"type\":\"Document\",\"schemaVersion\":1,\"tool\":\"jvmtune test\"}\n",
                out.toString(StandardCharsets.UTF_8));
    }
}
