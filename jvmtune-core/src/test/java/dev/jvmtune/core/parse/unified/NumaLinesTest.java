package dev.jvmtune.core.parse.unified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.NumaStatistic;
import dev.jvmtune.core.run.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NUMA in unified logs. The real log is JDK 17 G1 run with -XX:+UseNUMA and gc+heap+numa=debug on a
 * single-node machine: HotSpot turns NUMA off there ("NUMA Support: Disabled") and prints no statistics.
 * No multi-node machine was at hand, so the statistics lines are written exactly as G1NUMAStats::print_info
 * formats them ("%s: %0.0f%% %zu/%zu (" then "%d: %0.0f%% %zu/%zu" per node, ", " between, ")").
 */
class NumaLinesTest {

    @Test
    void realSingleNodeLogSaysNumaDisabled() throws Exception {
        Path log = Path.of(NumaLinesTest.class.getResource("/logs/g1-usenuma-jdk17-single-node.log").toURI());
        List<Run> runs = TestLogs.analyze(log);
        JvmFacts f = runs.get(0).jvm();
        assertEquals(Boolean.FALSE, f.numa());
        assertEquals(-1, f.numaNodes());
        assertTrue(f.numaStatistics().isEmpty());
        assertEquals(0, runs.get(0).inputs().get(0).unrecognizedLines());
        long summaries = Files.readAllLines(log).stream().filter(l -> l.contains(" Pause ") && l.endsWith("ms")).count();
        assertEquals(summaries, runs.get(0).summary().pauses().count());
    }

    @Test
    void g1StatisticsAreSummedOverCollections(@TempDir Path dir) throws Exception {
        Path log = TestLogs.write(dir,
                "[0.010s][info][gc] Using G1",
                "[0.020s][info][gc,init] NUMA Support: Enabled",
                "[0.020s][info][gc,init] NUMA Nodes: 2",
                "[0.500s][info][gc,start    ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)",
                "[0.503s][info][gc,heap,numa] GC(0) Placement match ratio: 87% 230/264 (0: 85% 110/129, 1: 89% 120/135)",
                "[0.503s][info][gc,heap,numa] GC(0) Worker task locality match ratio: 95% 1900/2000 (0: 96% 960/1000, 1: 94% 940/1000)",
                "[0.503s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.001ms",
                "[1.500s][info][gc,start    ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)",
                "[1.502s][info][gc,heap,numa] GC(1) Placement match ratio: 50% 10/20 (0: 50% 5/10, 1: 50% 5/10)",
                "[1.502s][info][gc          ] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 2.000ms");
        List<Run> runs = TestLogs.analyze(log);
        JvmFacts f = runs.get(0).jvm();
        assertEquals(Boolean.TRUE, f.numa());
        assertEquals(2, f.numaNodes());
        assertEquals(2, runs.get(0).summary().pauses().count(), "the statistics lines do not disturb the pauses");
        assertEquals(0, runs.get(0).inputs().get(0).unrecognizedLines());
        NumaStatistic placement = f.numaStatistics().get(0);
        assertEquals("Placement match ratio", placement.name());
        assertEquals(2, placement.collections());
        assertEquals(240, placement.hits());
        assertEquals(284, placement.requests());
        assertEquals(new NumaStatistic.Count(115, 139), placement.byNode().get(0));
        assertEquals(new NumaStatistic.Count(125, 145), placement.byNode().get(1));
        NumaStatistic locality = f.numaStatistics().get(1);
        assertEquals("Worker task locality match ratio", locality.name());
        assertEquals(1, locality.collections());
        assertEquals(95.0, locality.pct(), 1e-9);
        assertFalse(locality.byNode().isEmpty());
    }

    /**
     * A line of a real 4-node run, as quoted in a public repository's code comment (the only real G1 NUMA
     * statistics line found; the decorations' padding is the JVM's): four nodes, a low overall ratio.
     */
    @Test
    void realFourNodePlacementLineIsRead(@TempDir Path dir) throws Exception {
        Path log = TestLogs.write(dir,
                "[0.010s][info][gc             ] Using G1",
                "[1.630s][info][gc,start       ] GC(23) Pause Young (Normal) (G1 Evacuation Pause)",
                "[1.631s][info][gc,heap,numa   ] GC(23) Placement match ratio: 5% 555/10618 (0: 62% 243/392, "
                        + "1: 53% 265/498, 2: 100% 11/11, 3: 100% 36/36)",
                "[1.631s][info][gc             ] GC(23) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 1.000ms");
        JvmFacts f = TestLogs.analyze(log).get(0).jvm();
        NumaStatistic placement = f.numaStatistics().get(0);
        assertEquals(555, placement.hits());
        assertEquals(10618, placement.requests());
        assertEquals(4, placement.byNode().size());
        assertEquals(new NumaStatistic.Count(265, 498), placement.byNode().get(1));
        assertEquals(new NumaStatistic.Count(36, 36), placement.byNode().get(3));
    }

    /**
     * Numbers too long for their fields (the coverage-guided fuzzer made "GC threads: 4 parallel, 255555555555
     * concurrent") are unknown, not a crash: the facts stay unset and the statistic line is not taken.
     */
    @Test
    void overlongNumbersAreUnknownNotACrash(@TempDir Path dir) throws Exception {
        Path log = TestLogs.write(dir,
                "[0.010s][info][gc] Using Shenandoah",
                "[0.020s][info][gc,init] GC threads: 4 parallel, 255555555555 concurrent",
                "[0.020s][info][gc,init] CPUs: 99999999999 total, 2 available",
                "[0.020s][info][gc,init] NUMA Nodes: 2",
                "[0.503s][info][gc,heap,numa] GC(0) Placement match ratio: 87% 230/99999999999999999999 (0: 85% 110/129)",
                "[0.503s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.001ms");
        List<Run> runs = TestLogs.analyze(log);
        JvmFacts f = runs.get(0).jvm();
        assertEquals(4, f.parallelWorkers());
        assertEquals(-1, f.concurrentWorkers());
        assertEquals(-1, f.cpusTotal());
        assertEquals(2, f.cpusAvailable());
        assertTrue(f.numaStatistics().isEmpty());
        assertEquals(1, runs.get(0).summary().pauses().count());
    }
}
