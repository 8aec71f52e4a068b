package dev.jvmtune.core.parse.unified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real log of two JVM runs appended to one file (JDK 17, then JDK 25, both G1 with a 64 MB heap that
 * overflows): each run is analysed on its own, and each JDK's way of reporting an evacuation failure is
 * read (JDK 17: a "To-space exhausted" line before the summary; JDK 25: an "(Evacuation Failure: ...)" group
 * in the summary). Serial's failed promotion is read from the line it writes inside the young pause, G1's aborted
 * marking from the line before the end of its cycle.
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
        // each run has its own part of the file: lines 1-66 and 67-106, the bytes before and from line 67
        InputStats firstInput = first.inputs().get(0);
        assertEquals(66, firstInput.lines());
        assertEquals(40, input.lines());
        List<String> lines = Files.readAllLines(log(), StandardCharsets.ISO_8859_1);
        long before = lines.subList(0, 66).stream().mapToLong(l -> l.length() + 1).sum();
        assertEquals(before, firstInput.bytes());
        assertEquals(Files.size(log()) - before, input.bytes());
        assertEquals(List.of(), firstInput.warnings(), "the restart's warning is the second run's");
    }

    /**
     * A rotated set whose files each hold a JVM of their own (the clock starts again at the top of every file): each
     * run is named by its own file, and has that file's lines, bytes and warnings only.
     */
    @Test
    void runsOfARotatedSetHaveTheirOwnFilesLinesAndWarnings(@TempDir Path dir) throws Exception {
        for (int i = 0; i < 3; i++) {
            List<String> lines = new ArrayList<>(List.of("[0.010s][info][gc     ] Using G1",
                    "[0.020s][info][gc,init] Version: 17.0.8+7 (release)"));
            for (int gc = 0; gc < 2 + i; gc++) { // 6, 8 and 10 lines
                lines.add(String.format("[%d.000s][info][gc,start] GC(%d) Pause Young (Normal) (G1 Evacuation Pause)",
                        gc + 1, gc));
                lines.add(String.format("[%d.002s][info][gc      ] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "24M->4M(256M) 2.000ms", gc + 1, gc));
            }
            Files.writeString(dir.resolve("gc.log." + i), String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
        }
        List<Run> runs = RunReader.read(dir, RunReader.Options.DEFAULT);
        assertEquals(3, runs.size());
        for (int i = 0; i < 3; i++) {
            Run run = runs.get(i);
            Path file = dir.resolve("gc.log." + i);
            assertEquals(file + " (run " + (i + 1) + ")", run.name());
            assertEquals(1, run.inputs().size(), run.inputs().toString());
            InputStats in = run.inputs().get(0);
            assertEquals(file.toString(), in.path());
            assertEquals(6 + 2 * i, in.lines());
            assertEquals(Files.size(file), in.bytes());
            assertEquals(i == 0 ? 0 : 1, in.warnings().size(), "only the warning of its own start: " + in.warnings());
        }
        // the whole set, as a followed log reports it: every file whole
        try (GcLogStream stream = GcLogStream.openFile(dir)) {
            stream.start(e -> { });
            assertEquals(List.of(6L, 8L, 10L), stream.inputs().stream().map(InputStats::lines).toList());
        }
    }

    @Test
    void evacuationFailuresOfJdk17AndJdk25AreCounted() throws Exception {
        List<Run> runs = TestLogs.analyze(log());

        assertEquals(Map.of(GcIncident.EVACUATION_FAILURE, 2L), runs.get(0).summary().incidents());
        assertEquals(Map.of(GcIncident.EVACUATION_FAILURE, 1L), runs.get(1).summary().incidents());
    }

    /**
     * Serial (JDK 17 and 25) writes {@code Promotion failed} with the id of the young pause that could not promote
     * (JDK 25, {@code -XX:MaxTenuringThreshold=0} with the young generation as large as the old one; the lines as
     * written): the pause carries the incident, the Full GC after it does not.
     */
    @Test
    void serialPromotionFailureIsCountedOnItsYoungPause(@TempDir Path dir) throws Exception {
        Path log = TestLogs.write(dir,
                "[0.034s][info][gc     ] Using Serial",
                "[0.048s][info][gc,init] Version: 25.0.3+9-LTS (release)",
                "[1.717s][info][gc,start       ] GC(3) Pause Young (Allocation Failure)",
                "[1.878s][info][gc,promotion   ] GC(3) Promotion failed",
                "[1.878s][info][gc,heap        ] GC(3) DefNew: 81920K(92160K)->81920K(92160K) Eden: "
                        + "81920K(81920K)->81920K(81920K) From: 0K(10240K)->0K(10240K)",
                "[1.878s][info][gc,heap        ] GC(3) Tenured: 64748K(102400K)->102396K(102400K)",
                "[1.878s][info][gc             ] GC(3) Pause Young (Allocation Failure) 143M->179M(190M) 161.232ms",
                "[1.878s][info][gc,cpu         ] GC(3) User=0.01s Sys=0.02s Real=0.16s",
                "[1.878s][info][gc,start       ] GC(4) Pause Full (Allocation Failure)",
                "[1.961s][info][gc,heap        ] GC(4) Tenured: 102396K(102400K)->67437K(102400K)",
                "[1.962s][info][gc             ] GC(4) Pause Full (Allocation Failure) 179M->65M(190M) 83.167ms");
        Run run = TestLogs.analyze(log).get(0);

        assertEquals(Map.of(GcIncident.PROMOTION_FAILED, 1L), run.summary().incidents());
        assertEquals(0, run.inputs().get(0).unrecognizedLines());
    }

    /**
     * G1 (JDK 9+) writes {@code Concurrent Mark Abort} when a Full GC cut the cycle's marking short, just before the
     * cycle's end line (JDK 17, marking started at 90% of a 256 MB heap; the lines as written, the Full GC's left out):
     * the cycle carries the incident, a cycle that ends without it does not.
     */
    @Test
    void g1MarkAbortIsCountedOnItsCycle(@TempDir Path dir) throws Exception {
        Path log = TestLogs.write(dir,
                "[0.006s][info][gc] Using G1",
                "[0.020s][info][gc,init] Version: 17.0.15+6-Debian-1deb12u1 (release)",
                "[2.402s][info][gc          ] GC(23) Concurrent Mark Cycle",
                "[2.402s][info][gc,marking  ] GC(23) Concurrent Mark From Roots",
                "[2.493s][info][gc,marking     ] GC(23) Concurrent Mark From Roots 90.797ms",
                "[2.493s][info][gc,marking     ] GC(23) Concurrent Mark Abort",
                "[2.493s][info][gc             ] GC(23) Concurrent Mark Cycle 90.891ms",
                "[3.000s][info][gc          ] GC(40) Concurrent Mark Cycle",
                "[3.100s][info][gc             ] GC(40) Concurrent Mark Cycle 100.000ms");
        Run run = TestLogs.analyze(log).get(0);

        assertEquals(Map.of(GcIncident.CONCURRENT_MARK_ABORT, 1L), run.summary().incidents());
        assertEquals(0, run.inputs().get(0).unrecognizedLines());
    }
}
