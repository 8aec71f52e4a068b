package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;

/**
 * How much a finding matters, derived from what it costs ({@link Cost}) by one helper, {@link #score}, with the
 * thresholds named here once (JDK Mission Control's way: a score from 0 to 100, the severity from the score). Each
 * measure of a cost is graded against its own pair of thresholds, and the score is the highest grade: under a pause
 * goal the share of steady-state pauses the finding puts over the goal (critical when it alone puts more than the
 * verdict allows over it: the goal is missed because of it), the share of the run its cause took, the share of a
 * bound its bytes take. A finding whose evidence is too thin to state as a fact ({@link Finding#unsure()}) is held
 * below critical.
 */
public enum Severity {
    /** Worth knowing; what it costs is below every warning threshold. */
    INFO,
    /** Costs pause time, throughput or memory now. */
    WARNING,
    /** Breaks the goal alone, takes a large share of the run, or exhausts a bound (memory, the code cache). */
    CRITICAL;

    /** Scores from which a finding is a warning, and critical. */
    static final int WARNING_FROM_SCORE = 40;
    static final int CRITICAL_FROM_SCORE = 70;
    /** A finding warns from one steady-state pause over the goal; critical over this share (the verdict's bar). */
    static final double GOAL_CRITICAL_OVER_PCT = Verdict.MET_OVER_PCT;
    /** Time its cause took, in percent of the run, from which a finding warns, and is critical. */
    static final double TIME_WARNING_PCT = 2;
    static final double TIME_CRITICAL_PCT = 20;
    /** Memory at stake, in percent of its bound, from which a finding warns, and is critical (the bound exhausted). */
    static final double MEMORY_WARNING_PCT = 10;
    static final double MEMORY_CRITICAL_PCT = 100;
    /**
     * A log that spans less than this and holds fewer pauses than {@link #MIN_RUN_PAUSES} is too short to weigh a
     * share of its time: the pauses of a snippet are most of it (one pause of a 0.1 s log is "100% of the run").
     */
    static final double MIN_RUN_SEC = 10;
    static final long MIN_RUN_PAUSES = 20;

    /** Whether {@code a} is long enough, or holds pauses enough, to weigh a share of its time. */
    static boolean weighsShares(Analysis a) {
        return a.durationSec() >= MIN_RUN_SEC || a.pauses().count() >= MIN_RUN_PAUSES;
    }
    /**
     * Time below this share of the run, with no pause over the goal and no memory at stake, is negligible: the finding
     * stays, as information, but its options stay off the verdict's flag line - a change is not worth that little.
     */
    static final double NEGLIGIBLE_PCT = 0.1;

    /** The severity of a finding with {@code score} (0-100). */
    public static Severity ofScore(int score) {
        return score >= CRITICAL_FROM_SCORE ? CRITICAL : score >= WARNING_FROM_SCORE ? WARNING : INFO;
    }

    /**
     * The score of {@code cost}, 0-100: the highest grade of its measures; below {@link #CRITICAL_FROM_SCORE} where
     * the finding is {@code unsure}.
     */
    public static int score(Cost cost, boolean unsure) {
        double s = 0;
        Cost.OverGoal goal = cost.goal();
        if (goal != null && goal.pauses() > 0) {
            double share = goal.sharePct();
            // one pause over the goal warns; up to the verdict's bar the grade stays below critical
            s = share > GOAL_CRITICAL_OVER_PCT ? grade(share, GOAL_CRITICAL_OVER_PCT / 2, GOAL_CRITICAL_OVER_PCT)
                    : WARNING_FROM_SCORE + (CRITICAL_FROM_SCORE - 1 - WARNING_FROM_SCORE) * share
                    / GOAL_CRITICAL_OVER_PCT;
        }
        if (!Double.isNaN(cost.sharePct())) {
            s = Math.max(s, grade(cost.sharePct(), TIME_WARNING_PCT, TIME_CRITICAL_PCT));
        }
        if (!Double.isNaN(cost.memoryPct())) {
            s = Math.max(s, grade(cost.memoryPct(), MEMORY_WARNING_PCT, MEMORY_CRITICAL_PCT));
        }
        int score = (int) Math.max(0, Math.min(100, Math.floor(s)));
        return unsure ? Math.min(score, CRITICAL_FROM_SCORE - 1) : score;
    }

    /**
     * Whether {@code cost} is negligible: measured, in a log long enough to weigh it, under {@link #NEGLIGIBLE_PCT} of
     * the run, with no pause over the goal and no memory at stake.
     */
    static boolean negligible(Cost cost) {
        return (cost.goal() == null || cost.goal().pauses() == 0) && Double.isNaN(cost.memoryPct())
                && cost.sharePct() < NEGLIGIBLE_PCT;
    }

    /**
     * {@code value} on the score's scale: 0 to {@link #WARNING_FROM_SCORE} below {@code warning}, on to
     * {@link #CRITICAL_FROM_SCORE} at {@code critical}, and 100 at twice {@code critical}.
     */
    private static double grade(double value, double warning, double critical) {
        if (value < warning) {
            return WARNING_FROM_SCORE * value / warning;
        }
        if (value < critical) {
            return WARNING_FROM_SCORE + (CRITICAL_FROM_SCORE - WARNING_FROM_SCORE) * (value - warning)
                    / (critical - warning);
        }
        return CRITICAL_FROM_SCORE + (100 - CRITICAL_FROM_SCORE) * Math.min(1, (value - critical) / critical);
    }
}
