package dev.jvmtune.lab.stats;

/**
 * B against A for one metric.
 *
 * @param effect  "ratio" (median B / median A, CI of that ratio) or "difference" (B - A) when A's median
 *                can be 0 (counts such as gc.fullCount), where a ratio means nothing
 * @param value   the effect at the observed medians
 * @param ciLow   bootstrap 95% confidence interval of the effect, percentile method
 * @param pValue  two-sided Mann-Whitney U test (exact for small samples without ties); NaN when both sides
 *                are one and the same value
 * @param verdict BETTER or WORSE when the interval excludes no change (1 or 0) and, where the samples are
 *                large enough for the rank test to reach 0.05 at all, p < 0.05; else WITHIN_NOISE, which is
 *                also the verdict with fewer than {@link Compare#MIN_SAMPLES} samples a side (value, interval and
 *                p are NaN then)
 */
public record Comparison(String metric, int nA, int nB, double medianA, double medianB, String effect, double value,
                         double ciLow, double ciHigh, double pValue, Verdict verdict) {
}
