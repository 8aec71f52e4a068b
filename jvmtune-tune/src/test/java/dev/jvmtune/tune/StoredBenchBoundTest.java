package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The bound against a search that does not use it, on the stored results of {@code bench/realapps.sh}
 * ({@code bench/realapps/results.json}, each row with the commit that made it; docs/tuner.md): for every program whose
 * session stated a bound, the best configuration an Optuna TPE search found in its trials, re-measured against the
 * start in interleaved rounds, is no better than the bound said any flags could be.
 */
class StoredBenchBoundTest {

    private static final Path RESULTS = Path.of("..", "bench", "realapps", "results.json");

    @Test
    void noConfigurationTheSearchFoundBeatsTheBound() throws IOException {
        JsonNode stored = new ObjectMapper().readTree(Files.readString(RESULTS));
        List<String> broken = new ArrayList<>();
        List<String> held = new ArrayList<>();
        for (JsonNode row : stored.path("rows")) {
            JsonNode bound = row.path("tune_bound_ratio");
            if (bound.isNull() || bound.isMissingNode()) {
                continue;
            }
            String line = String.format(Locale.ROOT, "%s (%s, at %s): TPE's best %.3fx re-measured, bound %.3fx",
                    row.path("program").asText(), row.path("half").asText(), row.path("commit").asText(),
                    row.path("tpe_ratio").asDouble(), bound.asDouble());
            (row.path("tpe_ratio").asDouble() >= bound.asDouble() ? held : broken).add(line);
        }
        assertFalse(held.isEmpty() && broken.isEmpty(), "no program with a bound in " + RESULTS.toAbsolutePath());
        assertTrue(broken.isEmpty(), "the bound broken on " + broken + "; held on " + held);
    }
}
