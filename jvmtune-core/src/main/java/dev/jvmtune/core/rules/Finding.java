package dev.jvmtune.core.rules;

import java.util.List;

/**
 * What one rule found in one run.
 *
 * @param ruleId         the rule's id ({@code explicit-gc})
 * @param severity       how much it matters
 * @param score          0-100: how strongly the evidence supports it, for ordering
 * @param title          one line a person can act on
 * @param evidence       the figures it rests on, each with where it comes from
 * @param recommendation what to change, or {@code null} when the finding calls for investigation, not a flag
 * @param gain           what acting on it could give back, or {@code null} where the rule has no estimate
 */
public record Finding(String ruleId, Severity severity, int score, String title, List<String> evidence,
                      Recommendation recommendation, Gain gain) {

    public Finding(String ruleId, Severity severity, int score, String title, List<String> evidence,
                   Recommendation recommendation) {
        this(ruleId, severity, score, title, evidence, recommendation, null);
    }

    public Finding {
        evidence = List.copyOf(evidence);
        if (score < 0 || score > 100) {
            throw new IllegalArgumentException("score out of 0-100: " + score);
        }
    }
}
