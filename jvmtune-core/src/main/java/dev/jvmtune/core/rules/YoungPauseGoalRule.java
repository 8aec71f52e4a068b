package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.EvacuationSpeed;
import dev.jvmtune.core.analysis.PauseClass;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.core.run.Rounding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * S1: G1 misses its pause goal in young pauses because Eden holds more than a pause can evacuate within
 * the goal. The Eden that fits is the evacuation speed of the pauses that missed times the goal; young
 * sizing above that is capped, or, where that is below G1's floor of 5% of the heap, the floor is lowered
 * ({@code G1NewSizePercent}, S1's fix on a 100 GB heap).
 */
final class YoungPauseGoalRule implements Rule {

    static final int MIN_MISSES = 3;
    private static final double MIB = 1024.0 * 1024.0;

    /** G1NewSizePercent in the run (the log's, else G1's default): G1 never sizes Eden below this share of the heap. */
    static int newSizePercent(RuleContext run) {
        return (int) run.flagNumber("G1NewSizePercent");
    }

    @Override
    public String id() {
        return "young-pauses-over-goal";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        PauseGoal goal = a.pauseGoal();
        EvacuationSpeed ev = a.evacuation();
        if (run.collector() != Collector.G1 || goal == null || ev == null || ev.missPauses() < MIN_MISSES
                || Double.isNaN(ev.edenForGoalAtMissSpeedBytes())) {
            return Optional.empty();
        }
        long heap = Math.max(a.heap().maxCapacityBytes(), run.jvm().heapMaxBytes());
        double eden = a.heap().youngBeforeMeanBytes();
        double fit = ev.edenForGoalAtMissSpeedBytes();
        if (heap <= 0 || Double.isNaN(eden) || eden <= fit) {
            return Optional.empty();
        }
        PauseGoal.Exceedance steady = goal.steadyState();
        List<String> evidence = new ArrayList<>();
        evidence.add(Rounding.text("goal %.0f ms (%s); after warm-up %d of %d pauses over it (%.1f%%), "
                        + "by %.0f ms on average, up to %.0f ms", goal.goalMs(), goal.source(), steady.over(),
                steady.pauses(), steady.overPct(), steady.meanExcessMs(), steady.maxExcessMs()));
        if (a.steadyState() != null) {
            evidence.add(Rounding.text("steady state: mean %.1f ms, p99 %.1f ms, max %.1f ms",
                    a.steadyState().pauses().meanMs(), a.steadyState().pauses().p99Ms(),
                    a.steadyState().pauses().maxMs()));
        }
        evidence.add(Rounding.text("%d young pauses over the goal cleared Eden at %.1f MiB/ms (median), "
                + "the others at %.1f MiB/ms", ev.missPauses(), ev.missP50MBPerMs(), ev.p50MBPerMs()));

        double fitMib = fit / MIB;
        double heapMib = heap / MIB;
        int pct = Math.max(1, (int) Math.floor(100.0 * fit / heap));
        List<String> arithmetic = new ArrayList<>();
        arithmetic.add(Rounding.text("Eden that fits the goal at the speed of the pauses that missed it: "
                + "%.1f MiB/ms x %.0f ms = %.0f MiB", ev.missP50MBPerMs(), goal.goalMs(), fitMib));
        arithmetic.add(Rounding.text("young pauses found %.0f MiB of Eden on average in a %.0f MiB heap",
                eden / MIB, heapMib));
        java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();
        int g1Floor = newSizePercent(run);
        int floor = Math.min(pct, g1Floor);
        settings.put("G1NewSizePercent", Integer.toString(floor));
        if (pct < g1Floor) {
            arithmetic.add(Rounding.text("%.0f / %.0f MiB = %.1f%% of the heap, below G1's %s floor "
                    + "of %d%%: G1NewSizePercent = %d lets G1 size Eden down to the goal", fitMib, heapMib,
                    100.0 * fit / heap, run.states("G1NewSizePercent") ? "set" : "default", g1Floor, pct));
        } else {
            settings.put("G1MaxNewSizePercent", Integer.toString(pct));
            arithmetic.add(Rounding.text("%.0f / %.0f MiB = %.1f%% of the heap: cap young sizing at "
                    + "G1MaxNewSizePercent = %d, with the floor no higher: G1NewSizePercent = min(%d, %d) = %d",
                    fitMib, heapMib, 100.0 * fit / heap, pct, pct, g1Floor, floor));
        }
        arithmetic.add(Rounding.text("price: about %.1fx as many young collections (%.0f / %.0f MiB of "
                + "Eden), each within the goal; measure both before keeping it", eden / fit, eden / MIB, fitMib));
        Cost cost = Cost.pauses(run, "young pauses that evacuated", true, YoungPauseGoalRule::evacuatedYoung);
        return Optional.of(Finding.of(id(), Rounding.text("Young pauses miss the %.0f ms goal: Eden is larger than a "
                        + "pause can evacuate in time", goal.goalMs()), evidence,
                new Recommendation(JdkFlags.line(settings, run.jdkOr(8)), arithmetic), cost));
    }

    /** G1's young and concurrent-start pauses that did not fail evacuation: what Eden's size makes long. */
    static boolean evacuatedYoung(PauseClass c) {
        return (c.kind() == GcKind.YOUNG || c.kind() == GcKind.CONCURRENT_START)
                && !c.incidents().contains(GcIncident.EVACUATION_FAILURE);
    }
}
