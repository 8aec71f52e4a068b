package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.FlagSet;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The bound's arithmetic, and where it does not apply. */
class GoalBoundTest {

    /** 10 s: pauses 0.3 s, G1 marking 1.0 s on 1 of 2 CPUs, compilers 0.4 s on 2 CPUs, barriers 5%. */
    private static final Evidence G1_RUN = new Evidence(10, 0.4, 0.3, 0.3, 1.0, 1, 2, Collector.G1);

    @Test
    void aTimeGoalIsBoundedByTheJvmsOwnTime() {
        // 0.3 + 1.0 x 1 / 2 + 0.4 / 2 + 0.05 x 10 = 1.5 s of 10 s: at best 0.85x
        GoalBound b = GoalBound.of(Target.parse("wallSec <= -20%"), 10, G1_RUN, FlagSet.parse("-Xmx256m")).orElseThrow();
        assertEquals(8.5, b.best(), 1e-9);
        assertTrue(b.beyond(), b.text());
        assertTrue(b.text().contains("+ G1's barriers, allowed 5%: 0.50 s = 1.50 s of a typical 10.00 s trial (15%)"),
                b.text());
        assertFalse(GoalBound.of(Target.parse("wallSec <= -10%"), 10, G1_RUN, FlagSet.parse("")).orElseThrow().beyond());
        // a rate over the same run: at best 1 / 0.85
        assertEquals(100 / 0.85, GoalBound.of(Target.parse("throughputOpsPerSec >= +10%"), 100, G1_RUN,
                FlagSet.parse("")).orElseThrow().best(), 1e-9);
    }

    /**
     * From a later best: the time comes off where the metric stands now (7 s of a 10 s baseline), the goal stays
     * relative to the baseline, and the compilers are left out once C1 only was accepted.
     */
    @Test
    void aLaterBestIsBoundedFromWhereItStands() {
        Evidence parallel = new Evidence(7, 0.4, 0, 0.3, 0, 0, 2, Collector.PARALLEL);
        GoalBound b = GoalBound.of(Target.parse("wallSec <= -30%"), 10, 7, parallel, FlagSet.parse("-Xmx256m"),
                "C1 only accepted").orElseThrow();
        assertEquals(6.7, b.best(), 1e-9, "7 s - 0.3 s of pauses; no barriers under Parallel, no compilers");
        assertFalse(b.beyond(), b.text());
        assertTrue(b.text().contains("compilers 0.40 s not counted (C1 only accepted) = 0.30 s of a typical 7.00 s "
                + "trial (4%), taken from where it stands now, 7 s, so wallSec >= 6.70 s (0.670x the baseline)"), b.text());
        assertTrue(GoalBound.of(Target.parse("wallSec <= -35%"), 10, 7, parallel, FlagSet.parse(""), "C1 only accepted")
                .orElseThrow().beyond());
    }

    @Test
    void noBoundWhereTheFlagsHoldTheJitBackOrTheGoalIsNotATime() {
        // S4: a 4 MB code cache slows the program's own code, which no log times
        assertEquals(Optional.empty(), GoalBound.of(Target.parse("metrics.steadyOpsPerSec >= +50%"), 100, G1_RUN,
                FlagSet.parse("-XX:ReservedCodeCacheSize=4m")));
        assertEquals(Optional.empty(), GoalBound.of(Target.parse("wallSec <= -20%"), 10, G1_RUN,
                FlagSet.parse("-XX:TieredStopAtLevel=1")));
        assertEquals(Optional.empty(), GoalBound.of(Target.parse("gc.pause.p99Ms <= 10ms"), 50, G1_RUN,
                FlagSet.parse("")));
    }

    /**
     * S4's compilers flush and recompile in a 4 MB code cache (C2 1.47 s of an 8.7 s run on 2 CPUs, 8.4% of the
     * machine): the cache is what holds them back, so C1 only is not proposed beside it (it was accepted at 2.31x
     * there and hid the cache); with the default cache it is.
     */
    @Test
    void c1OnlyIsNotProposedBesideACodeCacheHeldSmall() {
        Evidence s4 = new Evidence(8.73, 2.68, 1.47, 0.1, 0.5, 1, 2, Collector.G1);
        assertTrue(CpuCandidates.from(FlagSet.parse("-XX:ReservedCodeCacheSize=4m"), s4).stream()
                .noneMatch(c -> c.source().equals("jit:c1-only")));
        assertTrue(CpuCandidates.from(FlagSet.parse("-XX:ReservedCodeCacheSize=240m"), s4).stream()
                .anyMatch(c -> c.source().equals("jit:c1-only")));
    }
}
