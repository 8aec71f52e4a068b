package dev.jvmtune.lab.stats;

/**
 * B against A for one metric.
 *
 * @param effect  "ratio" (median B / median A, CI of that ratio) or "difference" (B - A) when A's median
 *                can be 0 (counts such as gc.fullCount), where a ratio means nothing
 * @param value   the effect at the observed medians
 * @param ciLow   bootstrap 95% confidence interval of the effect, percentile method
 * @param pValue  the Mann-Whitney U test of the {@link Significance} asked for: two-sided (exact for small
 *                samples without ties; NaN when both sides are one and the same value), or exact one-sided in
 *                the direction of the interval (toward better where it straddles no change)
 * @param verdict BETTER or WORSE when the interval excludes no change (1 or 0) and the rank test agrees (p < alpha
 *                two-sided, where the samples can reach alpha at all; p <= alpha one-sided); else WITHIN_NOISE, which is
 *                also the verdict with fewer than {@link Compare#MIN_SAMPLES} samples a side (value, interval and
 *                p are NaN then)
 */
public record Comparison(String metric, int nA, int nB, double medianA, double medianB, String effect, double value,
                         double ciLow, double ciHigh, double pValue, Verdict verdict) {
}
