package dev.jvmtune.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.parse.Pools;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pause goal, warm-up / steady state, evacuation speed and intervals on real corpus logs; every figure is
 * recomputed here from the events the same log yields.
 */
class PauseGoalAndSteadyStateTest {

    private static final Path CORPUS = Path.of(System.getProperty("jvmtune.corpus", "../../shared/corpus"),
            "gctoolkit-testdata");
    /** JDK 7/8 G1 with PrintAdaptiveSizePolicy: "target pause time: 100.00 ms" (issue 4, acceptance 1). */
    private static final Path RSET = CORPUS.resolve(
            "preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log");
    /** JDK 7 Parallel with CommandLine flags (no MaxGCPauseMillis): PSYoungGen figures. */
    private static final Path PARALLEL = CORPUS.resolve("preunified/ps/details/parallel_adaptive.log");

    private record Analyzed(Analysis analysis, List<GcEvent> events) {
    }

    private static Analyzed analyze(Path log, double goal) throws Exception {
        List<GcEvent> events = new ArrayList<>();
        Run a = RunReader.read(LogInputs.resolve(List.of(log)).get(0), RunReader.Options.DEFAULT.pauseGoal(goal).tap(JvmEvent.only(GcEvent.class, events::add))).get(0);
        return new Analyzed(a.summary(), events.stream().filter(GcEvent::isPause).toList());
    }

    @Test
    void g1TargetPauseTimeIsTheGoalAndPausesOverItAreCounted() throws Exception {
        Analyzed run = analyze(RSET, 0);
        PauseGoal goal = run.analysis().pauseGoal();
        assertNotNull(goal);
        assertEquals(100.0, goal.goalMs());
        assertEquals("G1 target pause time", goal.source());
        List<Double> over = run.events().stream().map(GcEvent::pauseMs).filter(ms -> ms > 100.0).toList();
        assertEquals(run.events().size(), goal.overall().pauses());
        assertEquals(over.size(), goal.overall().over());
        assertTrue(over.size() > 0);
        assertEquals(100.0 * over.size() / run.events().size(), goal.overall().overPct(), 1e-9);
        assertEquals(over.stream().mapToDouble(ms -> ms - 100).average().orElseThrow(), goal.overall().meanExcessMs(),
                1e-9);
        assertEquals(over.stream().mapToDouble(ms -> ms - 100).max().orElseThrow(), goal.overall().maxExcessMs(), 1e-9);
    }

    @Test
    void anExplicitGoalWinsOverTheLogs() throws Exception {
        Analyzed run = analyze(RSET, 50);
        PauseGoal goal = run.analysis().pauseGoal();
        assertEquals(50.0, goal.goalMs());
        assertEquals("option", goal.source());
        assertEquals(run.events().stream().filter(e -> e.pauseMs() > 50).count(), goal.overall().over());
    }

    @Test
    void noGoalWhenTheLogStatesNone() throws Exception {
        assertNull(analyze(PARALLEL, 0).analysis().pauseGoal());
    }

    @Test
    void steadyStateIsThePausesFromTheWarmUpEndOn() throws Exception {
        Analyzed run = analyze(RSET, 0);
        Analysis.SteadyState s = run.analysis().steadyState();
        List<GcEvent> steady = Double.isNaN(s.warmupEndSec()) ? run.events()
                : run.events().stream().filter(e -> e.uptimeSec() >= s.warmupEndSec()).toList();
        assertEquals(run.events().size() - s.warmupPauses(), steady.size());
        assertEquals(steady.size(), s.pauses().count());
        assertEquals(steady.stream().mapToDouble(GcEvent::pauseMs).average().orElseThrow(), s.pauses().meanMs(), 1e-9);
        assertEquals(steady.stream().mapToDouble(GcEvent::pauseMs).max().orElseThrow(), s.pauses().maxMs(), 1e-9);
        // the steady-state goal judgement covers exactly these pauses
        PauseGoal.Exceedance g = run.analysis().pauseGoal().steadyState();
        assertEquals(steady.size(), g.pauses());
        assertEquals(steady.stream().filter(e -> e.pauseMs() > 100).count(), g.over());
        System.out.println("rset: warm-up end " + s.warmupEndSec() + " s after " + s.warmupPauses() + " pauses; "
                + s.pauses() + "; over goal " + g);
    }

    @Test
    void aShiftInYoungPauseLevelIsFoundAndAFlatSeriesHasNone() {
        double[] flat = new double[200];
        double[] shifted = new double[200];
        java.util.Random r = new java.util.Random(1);
        for (int i = 0; i < 200; i++) {
            flat[i] = Math.log(50) + 0.1 * r.nextGaussian();
            shifted[i] = (i < 30 ? Math.log(400) : Math.log(50)) + 0.1 * r.nextGaussian();
        }
        assertEquals(0, WarmUp.changePoint(flat));
        assertEquals(30, WarmUp.changePoint(shifted));
    }

    @Test
    void evacuationSpeedIsEdenClearedPerMsOfYoungPause() throws Exception {
        for (Path log : List.of(RSET, PARALLEL)) {
            Analyzed run = analyze(log, 0);
            double[] speeds = run.events().stream()
                    .filter(e -> e.kind() == GcKind.YOUNG || e.kind() == GcKind.CONCURRENT_START)
                    // a failed evacuation (to-space exhausted) says nothing about speed
                    .filter(e -> !e.incidents().contains(dev.jvmtune.core.model.GcIncident.EVACUATION_FAILURE))
                    .mapToDouble(e -> {
                        MemoryUsage p = Pools.named(e, "Eden regions") != null ? Pools.named(e, "Eden regions") : Pools.named(e, "PSYoungGen");
                        return p == null || p.beforeBytes() <= p.afterBytes() || p.afterBytes() < 0 || !(e.pauseMs() > 0)
                                ? Double.NaN : (p.beforeBytes() - p.afterBytes()) / 1048576.0 / e.pauseMs();
                    }).filter(v -> !Double.isNaN(v)).sorted().toArray();
            EvacuationSpeed ev = run.analysis().evacuation();
            assertNotNull(ev, log.toString());
            assertEquals(speeds.length, ev.pauses());
            assertEquals(speeds[(int) Math.ceil(0.5 * speeds.length) - 1], ev.p50MBPerMs(), 1e-5 * ev.p50MBPerMs());
            assertEquals(speeds[(int) Math.ceil(0.1 * speeds.length) - 1], ev.p10MBPerMs(), 1e-5 * ev.p10MBPerMs());
            assertEquals(speeds[(int) Math.ceil(0.9 * speeds.length) - 1], ev.p90MBPerMs(), 1e-5 * ev.p90MBPerMs());
            System.out.println(log.getFileName() + ": " + ev + " from " + Arrays.stream(speeds).count());
        }
        EvacuationSpeed g1 = analyze(RSET, 0).analysis().evacuation();
        assertEquals(g1.p50MBPerMs() * 1048576.0 * 100, g1.edenForGoalBytes(), 1);
    }

    @Test
    void intervalsAreTheGapsBetweenPauseStarts() throws Exception {
        Analyzed run = analyze(RSET, 0);
        PauseStats iv = run.analysis().intervals();
        List<GcEvent> p = run.events();
        assertEquals(p.size() - 1, iv.count());
        assertEquals((p.get(p.size() - 1).uptimeSec() - p.get(0).uptimeSec()) * 1000 / (p.size() - 1), iv.meanMs(),
                1e-6);
    }
}
