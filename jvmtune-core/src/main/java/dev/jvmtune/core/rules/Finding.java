package dev.jvmtune.core.rules;

import java.util.Comparator;
import java.util.List;

/**
 * What one rule found in one run: a claim with its cost and its basis. The severity and score are not the rule's to
 * choose: {@link Severity#score} derives them from the cost. A claim whose evidence is too thin to state as a fact
 * (the span or number of points a trend needs, a figure that only start-up shows) is {@code unsure}, with the
 * reason, and every format says so; it is held below critical and its options stay off the verdict's flag line.
 *
 * @param ruleId         the rule's id ({@code explicit-gc})
 * @param severity       how much it matters: from the score
 * @param score          0-100: the cost on one scale ({@link Severity#score}), for ordering
 * @param title          one line a person can act on
 * @param evidence       the figures it rests on, each with where it comes from
 * @param recommendation what to change, or why no flag applies (options empty, the reason in the arithmetic);
 *                       {@code null} when the finding calls for investigation only
 * @param cost           what it costs the run, in the units of the goal that applies, with its basis
 * @param unsure         why the claim is not stated as a fact; {@code null} when its evidence holds
 */
public record Finding(String ruleId, Severity severity, int score, String title, List<String> evidence,
                      Recommendation recommendation, Cost cost, String unsure) {

    /**
     * The order a person reads findings in: the costliest first on the score's one scale, then by the time it adds
     * over the pause goal, the time it takes from the run, the share of its memory bound; a sure claim before an
     * unsure one of the same cost.
     */
    public static final Comparator<Finding> BY_COST = Comparator.comparingInt(Finding::score).reversed()
            .thenComparing(Comparator.comparingDouble(Finding::overGoalSeconds).reversed())
            .thenComparing(Comparator.comparingDouble((Finding f) -> f.cost().secondsOrZero()).reversed())
            .thenComparing(Comparator.comparingDouble((Finding f) -> Double.isNaN(f.cost().memoryPct()) ? 0
                    : f.cost().memoryPct()).reversed())
            .thenComparing(f -> f.unsure() != null);

    public Finding {
        evidence = List.copyOf(evidence);
        if (score < 0 || score > 100) {
            throw new IllegalArgumentException("score out of 0-100: " + score);
        }
        if (cost == null) {
            throw new IllegalArgumentException("a finding states its cost: " + ruleId);
        }
    }

    /** A finding whose severity and score come from its cost. */
    public static Finding of(String ruleId, String title, List<String> evidence, Recommendation recommendation,
                             Cost cost) {
        return of(ruleId, title, evidence, recommendation, cost, null);
    }

    /** The same, marked unsure with {@code unsure}'s reason where it is not null. */
    public static Finding of(String ruleId, String title, List<String> evidence, Recommendation recommendation,
                             Cost cost, String unsure) {
        int score = Severity.score(cost, unsure != null);
        return new Finding(ruleId, Severity.ofScore(score), score, title, evidence, recommendation, cost, unsure);
    }

    /**
     * Why its options are withheld from the verdict's flag line and the tuner's candidates: the claim is unsure, or
     * its cost is negligible ({@link Severity#negligible}); {@code null} when they are offered.
     */
    public String withheld() {
        return unsure != null ? "unsure, " + unsure
                : Severity.negligible(cost) ? "its cost is negligible, " + cost.describe() : null;
    }

    /** The time it adds over the pause goal, 0 where it claims none. */
    double overGoalSeconds() {
        return cost.goal() == null ? 0 : cost.goal().seconds();
    }
}
