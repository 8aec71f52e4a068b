package dev.jvmtune.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The root of {@code result.json} and {@code run --json}, without running a trial. */
class ResultJsonTest {

    @Test
    void theDocumentSaysItsSchemaVersionAndToolAndRoundsItsFigures() throws Exception {
        TreeMap<String, Double> metrics = new TreeMap<>();
        metrics.put("wallSec", 2.4099999999999997);
        TrialResult r = new TrialResult(Outcome.OK, 0, 2.4099999999999997, 1L << 28, metrics, null,
                List.of("java", "-version"), Path.of("out"), null, List.of(), null);
        JsonNode j = new ObjectMapper().readTree(ResultJson.text(r));
        assertEquals(List.of("schemaVersion", "tool", "outcome"), names(j).subList(0, 3),
                "the root starts with schemaVersion and tool: " + j);
        assertEquals(1, j.path("schemaVersion").asInt());
        assertTrue(j.path("tool").asText().startsWith("jvmtune "), j.path("tool").toString());
        assertEquals("2.41", j.path("metrics").path("wallSec").asText(), "rounded as every figure: " + j);
    }

    private static List<String> names(JsonNode j) {
        List<String> names = new java.util.ArrayList<>();
        j.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
