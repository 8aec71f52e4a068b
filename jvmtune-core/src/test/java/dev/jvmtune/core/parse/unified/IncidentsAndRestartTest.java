package dev.jvmtune.core.parse.unified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.run.Run;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A real log of two JVM runs appended to one file (JDK 17, then JDK 25, both G1 with a 64 MB heap that
 * overflows): each run is analysed on its own, and each JDK's way of reporting an evacuation failure is
 * read (JDK 17: a "To-space exhausted" line before the summary; JDK 25: an "(Evacuation Failure: ...)" group
 * in the summary).
 */
class IncidentsAndRestartTest {

    private static Path log() throws URISyntaxException {
        return Path.of(IncidentsAndRestartTest.class.getResource("/logs/g1-evacuation-failure-two-runs.log").toURI());
    }

    @Test
    void restartInOneFileStartsANewRunWithItsOwnFacts() throws Exception {
        List<Run> runs = TestLogs.analyze(log());

        assertEquals(2, runs.size());
        Run first = runs.get(0);
        Run second = runs.get(1);
        assertTrue(first.name().endsWith("(run 1)"), first.name());
        assertTrue(second.name().endsWith("(run 2 from line 67)"), second.name());
        assertTrue(first.jvm().version().startsWith("17."), first.jvm().version());
        assertTrue(second.jvm().version().startsWith("25."), second.jvm().version());
        assertEquals(3, first.summary().pauses().count()); // GC(18), GC(19), GC(20)
        assertEquals(1, second.summary().pauses().count()); // GC(14)
        // the first run ends with its last line (0.968 s), the second starts at its first line (0.037 s)
        assertEquals(0.968 - 0.007, first.summary().durationSec(), 1e-9);
        assertEquals(1.259 - 0.037, second.summary().durationSec(), 1e-9);

        InputStats input = second.inputs().get(0);
        assertEquals(0, input.unrecognizedLines());
        assertTrue(input.warnings().stream().anyMatch(w -> w.line() == 67 && w.text().contains("clock went back")),
                input.warnings().toString());
    }

    @Test
    void evacuationFailuresOfJdk17AndJdk25AreCounted() throws Exception {
        List<Run> runs = TestLogs.analyze(log());

        assertEquals(Map.of(GcIncident.EVACUATION_FAILURE, 2L), runs.get(0).summary().incidents());
        assertEquals(Map.of(GcIncident.EVACUATION_FAILURE, 1L), runs.get(1).summary().incidents());
    }
}
