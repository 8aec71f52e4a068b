package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.util.List;

/**
 * Everything that defines a tuning session, kept as the first line of its journal so {@code --resume}
 * continues the same session whatever the command line of the restart says.
 *
 * @param workload   bundled workload name, or null for {@code command}
 * @param params     the workload's parameters
 * @param command    the user's command, or empty for a workload
 * @param jdk        the JDK trials run on: "17", "25", a directory, or null for the one running jvmtune
 * @param flags      the flags to start from (the baseline)
 * @param repeats    trials per arm in each round of an A/B
 * @param maxTrials  trial budget, baseline included
 * @param maxMinutes time budget in minutes of trials (0: none)
 * @param alpha      significance of the first round; the pooled decision uses alpha / 5
 * @param timeoutSec a trial's time limit
 * @param pinned     settings no candidate may change ({@code -Xmx}, {@code NewRatio}, {@code collector}), as
 *                   {@link FlagSet} keys: what the deployment fixes, such as the memory there is
 * @param beyondBound go on when the goal lies beyond what flags can plausibly give ({@link GoalBound})
 */
public record TuneSettings(String workload, List<String> params, List<String> command, String jdk, String flags,
                           String goal, List<String> guards, int repeats, int maxTrials, double maxMinutes,
                           double alpha, long seed, long timeoutSec,
                           List<String> pinned, boolean beyondBound) {

    public TuneSettings {
        params = params == null ? List.of() : List.copyOf(params);
        command = command == null ? List.of() : List.copyOf(command);
        guards = guards == null ? List.of() : List.copyOf(guards);
        pinned = pinned == null ? List.of() : pinned.stream().map(FlagSet::keyOf).toList();
    }

    /**
     * Refuses, before the first trial, a session that cannot decide anything: a budget without room for the
     * baseline and the first A/B (both rounds, round 1 against the baseline's trials), or an alpha that the exact rank test cannot reach with this many
     * trials a side (with 2 a side its smallest one-sided p is 1/6).
     */
    public void checkBudget() {
        int needed = repeats + 3 * repeats;
        if (maxTrials < needed) {
            throw new IllegalArgumentException("--max-trials " + maxTrials + " cannot hold the baseline (" + repeats
                    + " trials) and one A/B (" + 3 * repeats + ": round 1's " + repeats + " candidate trials against "
                    + "the baseline's, round 2's " + repeats + " pairs): give at least " + needed + ", or fewer "
                    + "--repeats");
        }
        double smallest = 1 / binomial(2 * repeats, repeats);
        if (smallest > alpha) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "--alpha %s can never accept a "
                    + "candidate with --repeats %d: the smallest p of %d trials against %d is %.3g; raise --alpha to "
                    + "%.3g or --repeats", alpha, repeats, repeats, repeats, smallest, smallest));
        }
    }

    private static double binomial(int n, int k) {
        double c = 1;
        for (int i = 1; i <= k; i++) {
            c = c * (n - k + i) / i;
        }
        return c;
    }

    public Target goalTarget() {
        return Target.parse(goal);
    }

    public List<Target> guardTargets() {
        return guards.stream().map(Target::parse).toList();
    }

    /** The pause goal for rules that judge pauses (0: none given): the goal's bound for an absolute pause goal. */
    public double pauseGoalMs() {
        Target g = goalTarget();
        return g.metric().startsWith("gc.pause.") && !g.relative() && g.atMost() ? g.value() : 0;
    }
}
