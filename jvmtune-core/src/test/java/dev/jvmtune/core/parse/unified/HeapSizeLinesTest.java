package dev.jvmtune.core.parse.unified;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.run.Run;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heap's sizes of a log without {@code gc,init} lines: {@code gc,heap=debug} prints them first, in bytes
 * (a JDK 17 G1 log of Cassandra, decorated with time, uptime, pid, tid and level, no tags).
 */
class HeapSizeLinesTest {

    @Test
    void theDebugLineGivesMinimumInitialAndMaximumHeap(@TempDir Path dir) throws Exception {
        Path log = TestLogs.write(dir,
                "[2024-08-23T12:45:09.379+0530][0.019s][98688][9731][debug] Minimum heap 1073741824  Initial heap "
                        + "2147483648  Maximum heap 4294967296",
                "[2024-08-23T12:45:09.379+0530][0.020s][98688][9731][info ] Using G1",
                "[2024-08-23T12:45:10.379+0530][1.020s][98688][9732][info ] GC(0) Pause Young (Normal) "
                        + "(G1 Evacuation Pause) 24M->4M(2048M) 3.001ms");
        List<Run> runs = TestLogs.analyze(log);
        JvmFacts f = runs.get(0).jvm();
        assertEquals(List.of(1L << 30, 2L << 30, 4L << 30), List.of(f.heapMinBytes(), f.heapInitialBytes(),
                f.heapMaxBytes()), "min, initial, max from the debug line");
        assertEquals(0, runs.get(0).inputs().get(0).unrecognizedLines());
    }
}
