package dev.jvmtune.tune;

import java.util.List;
import java.util.Map;

/**
 * How a session ended, and the path it took.
 *
 * @param startFlags    the flags the user started from
 * @param repairedStart the flags the baseline was measured at instead, where the start ran out of heap ({@link
 *                      HeapRepair}); null where it was not repaired
 * @param repair        how the start ran out and why it was repaired so, one line per repair joined by "; "; null
 *                      likewise
 * @param baseline      the goal's and guards' metric medians under the starting flags (the repaired start's, where
 *                      it was repaired)
 * @param best          the same medians under the final flags (the last accepted candidate's B trials)
 * @param vsBaseline    the same metrics, final against baseline: the product of the accepted A/Bs' median ratios
 *                      over both rounds (each measured interleaved, so immune to the machine's drift between them)
 * @param baselineDir   a typical baseline trial's directory (its goal metric at the median), for before/after
 * @param bestDir       a typical trial of the final flags, the same as {@code baselineDir} when nothing was accepted
 * @param trialsRun     trials in the session, baseline included
 * @param trialSeconds  their summed wall time
 * @param bound         the most flags can plausibly give the goal, with its arithmetic ({@link GoalBound}), or why
 *                      there is none; null for goals it does not bound
 * @param boundRatio    the bound against the baseline's median (0.6: at best 0.6x); NaN without one
 * @param noise         the baseline's noise as measured before any candidate; null when the baseline met the goal or
 *                      did not measure
 * @param evidence      what a typical baseline trial showed of the JVM's own work ({@link Evidence#describe}); null
 *                      when the baseline did not measure
 */
public record TuneResult(Outcome outcome, String message, String goal, List<String> guards, String startFlags,
                         String repairedStart, String repair, String finalFlags, Map<String, Double> baseline,
                         Map<String, Double> best,
                         Map<String, Double> vsBaseline,
                         List<Step> steps, String baselineDir, String bestDir, int trialsRun,
                         double trialSeconds, String bound, double boundRatio, String noise,
                         String evidence) {

    /**
     * OUT_OF_REACH: the goal lies beyond the bound; TOO_NOISY: the baseline's noise hides the goal's effect from the
     * trials the session may spend on a candidate.
     */
    public enum Outcome { GOAL_MET, NOT_REACHABLE, OUT_OF_REACH, TOO_NOISY, BUDGET_SPENT, BASELINE_FAILED }

    public TuneResult {
        guards = List.copyOf(guards);
        baseline = Map.copyOf(baseline);
        best = Map.copyOf(best);
        vsBaseline = Map.copyOf(vsBaseline);
        steps = List.copyOf(steps);
    }

    /** The flags the baseline was measured at: the repaired start where there is one, else the start. */
    public String baselineFlags() {
        return repairedStart != null ? repairedStart : startFlags;
    }

    public List<Step> accepted() {
        return steps.stream().filter(Step::accepted).toList();
    }
}
