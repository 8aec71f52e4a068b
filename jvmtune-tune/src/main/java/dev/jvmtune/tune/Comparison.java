package dev.jvmtune.tune;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A/B comparison of one metric between the current best (A) and a candidate (B) for few samples (3-10 per
 * side, as fresh JVMs cost seconds each): the ratio of medians B/A with a seeded percentile-bootstrap 95%
 * interval, and the exact one-sided Mann-Whitney U probability that B is this much better by chance. "Better"
 * needs both: the interval entirely on the better side of 1 and p at most {@code alpha}.
 *
 * @param ratio  median(B) / median(A)
 * @param pValue exact one-sided Mann-Whitney p for "B better than A" (ties counted half)
 */
public record Comparison(String metric, double medianA, double medianB, double ratio, double ciLow, double ciHigh,
                         double pValue, Verdict verdict) {

    public enum Verdict { BETTER, WORSE, WITHIN_NOISE }

    static final int BOOTSTRAP = 2000;

    public static Comparison of(String metric, double[] a, double[] b, double alpha, long seed) {
        boolean higher = Metrics.higherIsBetter(metric);
        double ma = Numbers.median(a);
        double mb = Numbers.median(b);
        double ratio = mb / ma;
        double[] ci = bootstrap(a, b, seed);
        double pBetter = higher ? mannWhitneyP(b, a) : mannWhitneyP(a, b);
        double pWorse = higher ? mannWhitneyP(a, b) : mannWhitneyP(b, a);
        Verdict v = Verdict.WITHIN_NOISE;
        if (pBetter <= alpha && (higher ? ci[0] > 1 : ci[1] < 1)) {
            v = Verdict.BETTER;
        } else if (pWorse <= alpha && (higher ? ci[1] < 1 : ci[0] > 1)) {
            v = Verdict.WORSE;
        }
        return new Comparison(metric, ma, mb, ratio, ci[0], ci[1], v == Verdict.WORSE ? pWorse : pBetter, v);
    }

    /** Percentile bootstrap of median(B)/median(A), resampling each side with replacement. */
    private static double[] bootstrap(double[] a, double[] b, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] ratios = new double[BOOTSTRAP];
        double[] ra = new double[a.length];
        double[] rb = new double[b.length];
        for (int i = 0; i < BOOTSTRAP; i++) {
            for (int j = 0; j < a.length; j++) {
                ra[j] = a[rnd.nextInt(a.length)];
            }
            for (int j = 0; j < b.length; j++) {
                rb[j] = b[rnd.nextInt(b.length)];
            }
            ratios[i] = Numbers.median(rb) / Numbers.median(ra);
        }
        Arrays.sort(ratios);
        return new double[] {ratios[(int) (0.025 * BOOTSTRAP)], ratios[(int) (0.975 * BOOTSTRAP) - 1]};
    }

    /**
     * Exact one-sided p that {@code smaller} is below {@code reference} by chance: P(U' <= U) where U counts
     * pairs (x from {@code reference}, y from {@code smaller}) with y above x (ties half), under "no
     * difference". Enumerates U's distribution, exact for the sample sizes a tuner can afford (ties make it
     * slightly conservative).
     */
    static double mannWhitneyP(double[] reference, double[] smaller) {
        double[] low = reference;
        double[] high = smaller;
        double u = 0;
        for (double y : high) {
            for (double x : low) {
                u += y < x ? 0 : y == x ? 0.5 : 1;
            }
        }
        int n = high.length;
        int m = low.length;
        // counts[k] = number of arrangements of n "high" among n+m positions with U = k (no ties)
        long[] counts = uDistribution(n, m);
        long total = 0;
        long atMost = 0;
        for (int k = 0; k < counts.length; k++) {
            total += counts[k];
            if (k <= u + 1e-9) {
                atMost += counts[k];
            }
        }
        return (double) atMost / total;
    }

    /** Number of orderings of n and m items giving each U = 0..n*m (recursion on the largest item). */
    private static long[] uDistribution(int n, int m) {
        long[][][] memo = new long[n + 1][m + 1][];
        return dist(n, m, memo);
    }

    private static long[] dist(int n, int m, long[][][] memo) {
        if (memo[n][m] != null) {
            return memo[n][m];
        }
        long[] out = new long[n * m + 1];
        if (n == 0 || m == 0) {
            out[0] = 1;
        } else {
            long[] a = dist(n - 1, m, memo); // the largest item is one of the n: it is above all m
            for (int k = 0; k < a.length; k++) {
                out[k + m] += a[k];
            }
            long[] b = dist(n, m - 1, memo); // the largest is one of the m: adds nothing
            for (int k = 0; k < b.length; k++) {
                out[k] += b[k];
            }
        }
        memo[n][m] = out;
        return out;
    }

    /** "0.62x (95% CI 0.58-0.66, p 0.002): better". */
    public String describe() {
        return String.format(Locale.ROOT, "%s %s -> %s: %.3gx (95%% CI %.3g-%.3g, p %.3g): %s", metric,
                Numbers.fmt(medianA), Numbers.fmt(medianB), ratio, ciLow, ciHigh, pValue,
                verdict.name().toLowerCase(Locale.ROOT).replace('_', ' '));
    }
}
