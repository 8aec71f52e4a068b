package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.EvacuationSpeed;
import dev.jvmtune.core.analysis.FailedEvacuation;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * G1 misses its pause goal because its young pauses fail to evacuate: Eden was sized so large that, with the
 * old regions present, the pause had nowhere to copy the survivors (to-space exhausted), and failed pauses
 * cascade into Full GCs. The pauses that do evacuate are fast enough for the goal, so the limit is room, not
 * speed: Eden is capped at heap - old regions and survivors at the failure - G1's reserve, as
 * {@code G1MaxNewSizePercent} (with {@code G1NewSizePercent} no higher than the cap). Where that room is below the
 * young generation's default floor ({@code G1NewSizePercent}, 5%), old regions crowd the heap, not Eden: no Eden
 * G1 would run with leaves the reserve free, and the findings on the old generation (heap-too-small,
 * concurrent-mark-aborted, evacuation-failure) say why; this one is silent.
 */
final class YoungSpaceCrowdsEvacuationRule implements Rule {

    @Override
    public String id() {
        return "young-space-crowds-evacuation";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.EDEN_REGIONS);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        PauseGoal goal = a.pauseGoal();
        FailedEvacuation fail = a.failedEvacuation();
        if (run.collector() != Collector.G1 || goal == null || fail == null || goal.steadyState().over() == 0) {
            return Optional.empty();
        }
        long heap = fail.capacityBytes();
        int reservePct = EvacuationFailureRule.reservePct(run);
        long reserve = heap * reservePct / 100;
        long cap = heap - fail.otherBytes() - reserve;
        double leastYoungPct = JdkDefaults.number("G1NewSizePercent", Collector.G1, run.jdkOr(8));
        if (cap >= fail.edenBytes() || 100.0 * cap / heap < leastYoungPct) {
            return Optional.empty(); // old regions crowd the heap: too small a heap, or marking too late, not Eden
        }
        PauseGoal.Exceedance steady = goal.steadyState();
        List<String> evidence = new ArrayList<>();
        evidence.add(f("goal %.0f ms (%s); after warm-up %d of %d pauses over it (%.1f%%), by %.0f ms on average, "
                        + "up to %.0f ms", goal.goalMs(), goal.source(), steady.over(), steady.pauses(),
                steady.overPct(), steady.meanExcessMs(), steady.maxExcessMs()));
        if (a.steadyState() != null) {
            evidence.add(f("steady state: mean %.1f ms, p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                    a.steadyState().pauses().meanMs(), a.steadyState().pauses().p50Ms(),
                    a.steadyState().pauses().p99Ms(), a.steadyState().pauses().maxMs()));
        }
        EvacuationSpeed ev = a.evacuation();
        if (ev != null && !Double.isNaN(ev.edenForGoalBytes())) {
            evidence.add(f("young pauses that evacuated cleared Eden at %.1f MiB/ms (median; p10 %.1f): %d MiB "
                            + "within the goal, more than the %d MiB Eden they had - speed is not the limit",
                    ev.p50MBPerMs(), ev.p10MBPerMs(), mib(ev.edenForGoalBytes()), mib(a.heap().youngBeforeMeanBytes())));
        }
        evidence.add(f("%d pauses failed evacuation (to-space exhausted); the largest Eden among them: %d MiB, with "
                        + "%d MiB of old regions and survivors in a %d MiB heap at %.1f s, leaving %d MiB to copy into",
                fail.pauses(), mib(fail.edenBytes()), mib(fail.otherBytes()), mib(heap), fail.uptimeSec(),
                mib(fail.freeBytes())));
        int pct = (int) Math.floor(100.0 * cap / heap);
        int g1Floor = YoungPauseGoalRule.newSizePercent(run);
        int floor = Math.min(pct, g1Floor);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("G1NewSizePercent", Integer.toString(floor));
        settings.put("G1MaxNewSizePercent", Integer.toString(pct));
        List<String> arithmetic = List.of(
                f("room Eden may take: heap %d MiB - old regions and survivors %d MiB - reserve %d%% (%d MiB) = %d MiB",
                        mib(heap), mib(fail.otherBytes()), reservePct, mib(reserve), mib(cap)),
                f("%d / %d MiB = %.1f%% of the heap: G1MaxNewSizePercent = %d (Eden was %d MiB, %.0f%%)", mib(cap),
                        mib(heap), 100.0 * cap / heap, pct, mib(fail.edenBytes()), 100.0 * fail.edenBytes() / heap),
                f("G1NewSizePercent = min(%d, %s %d) = %d, so the floor stays under the cap", pct,
                        run.states("G1NewSizePercent") ? "the log's" : "default", g1Floor, floor),
                f("a pause then keeps at least the reserve free to copy into (%d MiB instead of %d MiB); young pauses "
                        + "come %.0f%% more often", mib(reserve), mib(fail.freeBytes()),
                        100.0 * (fail.edenBytes() - cap) / cap));
        // the failed pauses, and the Full GCs failed pauses cascade into
        Cost cost = Cost.pauses(run, "pauses that failed evacuation and Full GCs nobody asked for", true,
                c -> c.incidents().contains(GcIncident.EVACUATION_FAILURE) || FullGcRule.lostRace(c));
        return Optional.of(Finding.of(id(), f("Pauses miss the %.0f ms goal because Eden leaves no room to evacuate "
                + "into", goal.goalMs()), evidence, new Recommendation(JdkFlags.line(settings, run.jdkOr(8)),
                arithmetic), cost));
    }
}
