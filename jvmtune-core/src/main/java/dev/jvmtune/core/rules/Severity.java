package dev.jvmtune.core.rules;

/** How much a finding matters to the service, as the person reading the report should act on it. */
public enum Severity {
    /** Worth knowing; no action needed for the goal. */
    INFO,
    /** Costs pause time or throughput now. */
    WARNING,
    /** Breaks the goal or risks the service (Full GCs, failures, exhausted memory). */
    CRITICAL;

    /** Scores from which a finding is a warning, and critical: the one scale for rules that grade by score. */
    static final int WARNING_FROM_SCORE = 40;
    static final int CRITICAL_FROM_SCORE = 70;

    /** The severity of a finding with {@code score} (0-100). */
    static Severity ofScore(int score) {
        return score >= CRITICAL_FROM_SCORE ? CRITICAL : score >= WARNING_FROM_SCORE ? WARNING : INFO;
    }

    /** A score in 0-100 from {@code base} plus {@code perUnit} per unit of {@code value}, capped at 100. */
    static int score(double base, double perUnit, double value) {
        return (int) Math.max(0, Math.min(100, Math.round(base + perUnit * value)));
    }
}
