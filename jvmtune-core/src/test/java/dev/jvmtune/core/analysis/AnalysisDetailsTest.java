package dev.jvmtune.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.run.RunReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 4's analysis figures on real corpus logs, checked against what the log's lines say. */
class AnalysisDetailsTest {

    private static final double MIB = 1024.0 * 1024.0;

    private static Analysis corpus(String rel) throws Exception {
        String prop = System.getProperty("jvmtune.corpus");
        assumeTrue(prop != null, "system property jvmtune.corpus not set (the Maven build sets it)");
        Path p = Path.of(prop, "gctoolkit-testdata", rel);
        assumeTrue(Files.isRegularFile(p), "no corpus file " + p);
        return RunReader.read(LogInputs.resolve(List.of(p)).get(0), RunReader.Options.DEFAULT).get(0).summary();
    }

    @Test
    void threeGroupsOfSerialPauses() throws Exception {
        // serial180.log: DefNew pauses of 3-13 ms, DefNew+Tenured of 22-72 ms, Full GCs of 108-138 ms
        List<PauseClusters.Cluster> c = corpus("preunified/serial/defnew/details/tenuring/180/serial180.log").pauseClusters();
        assertEquals(3, c.size(), c.toString());
        assertEquals(List.of(23L, 20L, 4L), c.stream().map(PauseClusters.Cluster::count).toList());
        assertEquals(3.1092, c.get(0).minMs(), 1e-9);
        assertEquals(137.695, c.get(2).maxMs(), 1e-3);
    }

    @Test
    void phasesLiveSetAndFailedEvacuationOfTheRsetLog() throws Exception {
        Analysis a = corpus("preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log");
        PhaseShares p = a.phases();
        assertEquals(19.4, p.referenceProcessing().pct(), 0.05);
        assertEquals(29.4, p.evacuation().pct(), 0.05);
        assertEquals(p.pauseMs(), p.evacuation().ms() + p.roots().ms() + p.referenceProcessing().ms() + p.remark().ms() + p.termination().ms()
                + p.other().ms(), 1e-6);
        assertTrue(p.referenceTrend().lastMs() > p.referenceTrend().firstMs(), "reference processing grows over this run");
        // 14 bounds of the live set: the 7 Full GCs and the remark and cleanup pauses of the marking cycles, 110 ->
        // 137 MiB; the mixed pauses all failed evacuation and are left out
        LiveSet l = a.liveSet();
        assertEquals(14, l.collections());
        assertEquals(110, Math.round(l.firstBytes() / MIB));
        assertEquals(137, Math.round(l.lastBytes() / MIB));
        assertEquals(Map.of("(none)", 7L), a.fullGcCauses());
        FailedEvacuation f = a.failedEvacuation();
        assertEquals(1533, Math.round(f.edenBytes() / MIB));
        assertEquals(597, Math.round(f.otherBytes() / MIB));
        assertEquals(122, Math.round(f.freeBytes() / MIB));
        assertEquals(0, a.heapResizing().expansions() + a.heapResizing().shrinks(), "the 2252 MiB heap never changes");
    }

    @Test
    void resizingCausesAndGenerationsOfAParallelLog() throws Exception {
        Analysis a = corpus("unified/parallel/parallelgc.log");
        assertEquals(524, a.heapResizing().expansions());
        assertEquals(451, a.heapResizing().shrinks());
        assertEquals(Map.of("Ergonomics", 28L), a.fullGcCauses());
        assertEquals(28, a.generations().fullGcs());
        assertEquals(4666, a.logDetail().pauses());
        assertEquals(0, a.gcCpu().judgedPauses(), "no pause of this log reaches 50 ms of real time");
    }

    @Test
    void gcCpuAndMetaspace() throws Exception {
        // streaming/gc.log.gz: JDK 8 Parallel on a busy host: 31 of 126 long pauses waited (real > 1.2 x cpu)
        GcCpu c = corpus("streaming/gc.log.gz").gcCpu();
        assertEquals(126, c.judgedPauses());
        assertEquals(31, c.realOverCpuPauses());
        Metaspace m = corpus("preunified/ps/details/parallel_adaptive.log").metaspace();
        assertTrue(m.thresholdGcs() >= 2, m.toString());
        assertTrue(m.peakBytes() > 0, m.toString());
    }

    @Test
    void logDetailOfAGcOnlyLog() throws Exception {
        LogDetail d = corpus("unified/g1gc/minimal.log").logDetail();
        assertEquals(0, d.withPhases());
        assertEquals(0, d.withCpu());
        assertEquals(d.pauses(), d.withHeap());
    }
}
