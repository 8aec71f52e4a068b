package dev.jvmtune.core.parse.unified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.analysis.PlabSizing;
import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.PlabStatistics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * G1's {@code gc+plab} lines on real logs of {@code SurvivorWaves} (jvmtune-workloads): JDK 25 at trace level
 * (with its {@code PLAB boost} lines), JDK 17 at debug level, and lines of a JDK 17 run with
 * {@code -XX:-ResizePLAB}, which logs no sizing line.
 */
class PlabLinesTest {

    private static Path resource(String name) throws Exception {
        return Path.of(PlabLinesTest.class.getResource(name).toURI());
    }

    private record Parsed(List<GcEvent> events, long unrecognized) {
    }

    private static Parsed parse(Path log) throws Exception {
        List<GcEvent> events = new ArrayList<>();
        try (GcLogStream s = GcLogStream.open(LogInputs.resolve(List.of(log)).get(0))) {
            s.start(JvmEvent.only(GcEvent.class, events::add));
            return new Parsed(events, s.inputs().get(0).unrecognizedLines());
        }
    }

    @Test
    void jdk25TraceLinesAttachToTheirPause() throws Exception {
        Parsed p = parse(resource("/logs/g1-plab-trace-jdk25.log"));
        assertEquals(0, p.unrecognized(), "PLAB boost and allocation lines are all recognised");
        List<GcEvent> pauses = p.events().stream().filter(GcEvent::isPause).toList();
        assertEquals(10, pauses.size());
        assertTrue(pauses.stream().allMatch(e -> e.plab() != null), "every young pause has its PLAB figures");
        // GC(7): "Young PLAB allocation: allocated: 4194304B, wasted: 640B, unused: 0B, used: 4193664B, undo waste:
        // 0B", "region end waste: 0B, ..., direct allocated: 0B", "Young sizing: calculated: 838728B, actual: 787048B"
        PlabStatistics gc7 = pauses.get(7).plab();
        assertEquals(7, pauses.get(7).gcId());
        assertEquals(new PlabStatistics.Destination(4194304, 640, 0, 0, 0, 0, 838728, 787048), gc7.young());
        assertEquals(new PlabStatistics.Destination(13107200, 1472, 522176, 0, 0, 0, 2516704, 2361952), gc7.old());
        assertEquals(1472 + 522176, gc7.old().wasteBytes());
        // the pause itself is read as before
        assertEquals(14.415, pauses.get(7).pauseMs(), 1e-9);
        assertEquals(5, pauses.get(7).phases().size());
    }

    @Test
    void jdk17DebugLinesAreSummedIntoTheAnalysis() throws Exception {
        Path log = resource("/logs/g1-plab-jdk17.log");
        Parsed p = parse(log);
        assertEquals(0, p.unrecognized());
        long sizingLines = Files.readAllLines(log).stream().filter(l -> l.contains("Young sizing:")).count();
        assertEquals(17, sizingLines, "GC(0)-GC(17) less GC(16), a remark and cleanup that copy nothing");
        assertEquals(sizingLines, p.events().stream().filter(e -> e.plab() != null).count());
        // GC(0): "Young sizing: calculated: 832280B, actual: 832280B"
        assertEquals(832280, p.events().get(0).plab().young().desiredBytes());

        PlabSizing s = TestLogs.analyze(log).get(0).summary().plab();
        assertNotNull(s);
        assertEquals(17, s.young().resized());
        assertEquals(12896, s.young().minDesiredBytes());
        assertEquals(838336, s.young().maxDesiredBytes());
        // 832280 837096 838336 209592 52408 13112 630080 786584 825672 206416 51600 12896 627680 785944 825512
        // 206376 51592: per wave of six, 4x down from ~820 KiB and 48x up from 13 KiB count; the falls below the
        // 256 KiB floor (206 -> 52 -> 13 KiB) do not
        assertEquals(5, s.young().swings());
        assertEquals(100.0 * 5 / 16, s.young().swingPct(), 1e-9);
        assertTrue(s.young().wastePct() < 10, String.valueOf(s.young().wastePct()));
    }

    @Test
    void withoutResizingThereIsNoDesiredSize(@TempDir Path dir) throws Exception {
        // JDK 17, -XX:-ResizePLAB: allocation lines, no sizing lines
        Path log = TestLogs.write(dir,
                "[0.240s][info ][gc,start    ] GC(3) Pause Young (Normal) (G1 Evacuation Pause)",
                "[0.240s][info ][gc,task     ] GC(3) Using 2 workers of 2 for evacuation",
                "[0.240s][debug][gc,plab     ] GC(3) Young PLAB allocation: allocated: 32768B, wasted: 0B, unused: "
                        + "32664B, used: 104B, undo waste: 0B, ",
                "[0.240s][debug][gc,plab     ] GC(3) Young other allocation: region end waste: 0B, regions filled: 1, "
                        + "num plab filled: 1, direct allocated: 0B, num direct allocated: 0, failure used: 0B, "
                        + "failure wasted: 0B",
                "[0.240s][debug][gc,plab     ] GC(3) Old PLAB allocation: allocated: 0B, wasted: 0B, unused: 0B, "
                        + "used: 0B, undo waste: 0B, ",
                "[0.240s][info ][gc,heap     ] GC(3) Eden regions: 28->0(31)",
                "[0.241s][info ][gc          ] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 71M->39M(256M) 0.577ms");
        Parsed p = parse(log);
        assertEquals(0, p.unrecognized());
        PlabStatistics s = p.events().get(0).plab();
        assertEquals(new PlabStatistics.Destination(32768, 0, 32664, 0, 0, 0, -1, -1), s.young());
        assertEquals(new PlabStatistics.Destination(0, 0, 0, 0, -1, -1, -1, -1), s.old());
        assertEquals(1, p.events().get(0).pools().size());
        PlabSizing sizing = TestLogs.analyze(log).get(0).summary().plab();
        assertEquals(0, sizing.young().resized());
        assertEquals(-1, sizing.young().p50DesiredBytes());
    }

    @Test
    void aLogWithoutPlabLinesHasNone(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("gc.log");
        Files.write(log, Files.readAllLines(resource("/logs/g1-plab-jdk17.log")).stream()
                .filter(l -> !l.contains("gc,plab")).toList());
        Parsed p = parse(log);
        assertTrue(p.events().stream().allMatch(e -> e.plab() == null));
        assertNull(TestLogs.analyze(log).get(0).summary().plab());
    }
}
