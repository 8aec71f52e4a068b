package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkFlags;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The collector cannot meet the pause goal by design: a goal under 10 ms is below what a stop-the-world
 * evacuating collector (G1, Parallel, Serial, CMS) holds with a heap of any size, while ZGC's pauses do not grow
 * with the heap. On JDK 21-23 generational ZGC is asked for with {@code -XX:+ZGenerational}; from 24 it is the
 * only ZGC. On JDK 17 ZGC is not generational (it suits low allocation rates); before 15 it is experimental and
 * not recommended here.
 */
final class CollectorChoiceRule implements Rule {

    static final double LOW_LATENCY_GOAL_MS = 10;
    static final double MISS_PCT = 5;
    private static final Set<Collector> PAUSE_FREE = Set.of(Collector.ZGC, Collector.SHENANDOAH);

    @Override
    public String id() {
        return "collector-for-goal";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        PauseGoal goal = run.analysis().pauseGoal();
        int jdk = run.jdk();
        if (goal == null || goal.goalMs() >= LOW_LATENCY_GOAL_MS || goal.steadyState().overPct() < MISS_PCT
                || PAUSE_FREE.contains(run.collector()) || jdk < 15) {
            return Optional.empty();
        }
        List<String> options = new ArrayList<>(JdkFlags.option("UseZGC", "true", jdk).stream().toList());
        JdkFlags.option("ZGenerational", "true", jdk).ifPresent(options::add);
        String which = jdk >= 24 ? "generational ZGC (the only ZGC from JDK 24)" : jdk >= 21
                ? "generational ZGC (-XX:+ZGenerational on JDK 21-23)" : "ZGC (not generational before JDK 21: it "
                + "needs heap headroom for the allocation rate)";
        // another collector answers for every pause over the goal
        Cost cost = Cost.pauses(run, "pauses", true, c -> true);
        return Optional.of(Finding.of(id(),
                f("A %.0f ms goal is below what %s can hold: consider ZGC", goal.goalMs(), run.collector().label()),
                List.of(f("goal %.0f ms; after warm-up %.1f%% of pauses over it, p99 %.1f ms", goal.goalMs(),
                        goal.steadyState().overPct(), run.analysis().steadyState().pauses().p99Ms())),
                new Recommendation(options, List.of(
                        f("%s on JDK %d: pauses of well under 1 ms that do not grow with the heap or live set", which, jdk),
                        "the price: some throughput and more heap headroom for concurrent collection; keep -Xmx and "
                                + "drop the " + run.collector().label() + "-specific flags; measure both")), cost));
    }
}
