package dev.jvmtune.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.run.RunReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Safepoint time not spent collecting, from real {@code -Xlog:safepoint} logs: the VM operations that are
 * not a collector's ("Cleanup", "ICBufferFull", "CleanClassLoaderDataMetaspaces") are summed, the GC
 * operations of each JDK's naming (JDK 17 "GenCollectForAllocation", JDK 25 "SerialCollectForAllocation",
 * ZGC "ZMarkStartYoung"...) are not.
 */
class SafepointAnalysisTest {

    private static Analysis.Safepoints safepoints(String resource) throws Exception {
        Path log = Path.of(SafepointAnalysisTest.class.getResource(resource).toURI());
        return RunReader.read(LogInputs.resolve(List.of(log)).get(0), RunReader.Options.DEFAULT).get(0).summary().safepoints();
    }

    @Test
    void jdk17SerialNonGcSafepointsAreCleanupAndIcBufferFull() throws Exception {
        Analysis.Safepoints s = safepoints("/logs/safepoints-jdk17-serial.log");
        assertEquals(60, s.count());
        // "Cleanup" Total: 43252 ns, "ICBufferFull" Total: 148613 ns
        assertEquals((43252 + 148613) / 1e6, s.nonGcMs(), 1e-9);
    }

    @Test
    void jdk25ZgcNonGcSafepointsAreMetaspaceCleaning() throws Exception {
        Analysis.Safepoints s = safepoints("/logs/safepoints-jdk25-zgc.log");
        assertEquals(141, s.count());
        // three "CleanClassLoaderDataMetaspaces": 249642, 1043572 and 104994 ns
        assertEquals((249642 + 1043572 + 104994) / 1e6, s.nonGcMs(), 1e-9);
    }

    @Test
    void collectorOperationsOfEveryCollectorAreGc() {
        for (String op : List.of("G1CollectForAllocation", "G1PauseRemark", "G1PauseCleanup", "G1CollectFull",
                "GenCollectForAllocation", "GenCollectFull", "SerialCollectForAllocation", "ParallelGCFailedAllocation",
                "ParallelCollectForAllocation", "CMS_Final_Remark", "CollectForMetadataAllocation", "ZMarkStart",
                "ZRelocateStartYoung", "ShenandoahInitMark", "ShenandoahDegeneratedGC")) {
            assertEquals(true, SafepointTimes.isGcOperation(op), op);
        }
        for (String op : List.of("Cleanup", "ICBufferFull", "CleanClassLoaderDataMetaspaces", "ThreadDump",
                "HandshakeAllThreads", "RevokeBias", "Deoptimize", "FindDeadlocks", "PrintThreads")) {
            assertEquals(false, SafepointTimes.isGcOperation(op), op);
        }
    }
}
