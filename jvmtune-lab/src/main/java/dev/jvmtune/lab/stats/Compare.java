package dev.jvmtune.lab.stats;

import dev.jvmtune.lab.run.Metrics;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.hipparchus.stat.inference.MannWhitneyUTest;

/**
 * Two samples of a metric -> a verdict with its evidence: medians, a seeded bootstrap 95% confidence interval
 * of the ratio of medians (or of their difference), and a Mann-Whitney U test ({@link Significance}: two-sided at
 * 0.05 for experiments; one-sided at its own alpha for the tuner, which accepts or rejects a candidate with it).
 */
public final class Compare {

    static final int RESAMPLES = 5000;
    /** Below this a side has no spread to judge noise by: the verdict is WITHIN_NOISE. */
    public static final int MIN_SAMPLES = 2;

    private Compare() {
    }

    /** Two-sided at 0.05, the metric's direction from {@link Metrics}. */
    public static Comparison of(String metric, double[] a, double[] b, long seed) {
        return of(metric, a, b, Significance.DEFAULT, seed);
    }

    /** The metric's direction from {@link Metrics}. */
    public static Comparison of(String metric, double[] a, double[] b, Significance test, long seed) {
        return of(metric, a, b, Metrics.higherIsBetter(metric), test, seed);
    }

    /**
     * @param a    baseline samples (NaN values are dropped)
     * @param b    candidate samples
     * @param seed the bootstrap's seed: the same inputs and seed give the same interval
     */
    public static Comparison of(String metric, double[] a, double[] b, boolean higherIsBetter, Significance test,
                                long seed) {
        a = finite(a);
        b = finite(b);
        double ma = median(a);
        double mb = median(b);
        if (a.length < MIN_SAMPLES || b.length < MIN_SAMPLES) {
            return new Comparison(metric, a.length, b.length, ma, mb, "ratio", Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Verdict.WITHIN_NOISE);
        }
        boolean ratio = Arrays.stream(a).allMatch(v -> v > 0) && Arrays.stream(b).allMatch(v -> v >= 0);
        double value = ratio ? mb / ma : mb - ma;
        double[] boot = new double[RESAMPLES];
        SplittableRandom random = new SplittableRandom(seed);
        double[] ra = new double[a.length];
        double[] rb = new double[b.length];
        for (int i = 0; i < RESAMPLES; i++) {
            resample(a, ra, random);
            resample(b, rb, random);
            boot[i] = ratio ? median(rb) / median(ra) : median(rb) - median(ra);
        }
        Arrays.sort(boot);
        double low = boot[(int) Math.floor(0.025 * (RESAMPLES - 1))];
        double high = boot[(int) Math.ceil(0.975 * (RESAMPLES - 1))];
        double none = ratio ? 1 : 0;
        // which side of "no change" the interval lies entirely on: +1 above, -1 below, 0 neither
        int side = low > none ? 1 : high < none ? -1 : 0;
        double p;
        boolean significant;
        if (test.oneSided()) {
            // p that B lies this far on the side it lies on (if any; else toward better) by chance
            boolean bHigher = side != 0 ? side > 0 : higherIsBetter;
            p = bHigher ? MannWhitney.pBelow(b, a) : MannWhitney.pBelow(a, b);
            significant = side != 0 && p <= test.alpha();
        } else {
            p = !(allSame(a) && allSame(b) && a[0] == b[0])
                    ? new MannWhitneyUTest().mannWhitneyUTest(a, b) : Double.NaN;
            boolean rankGate = minimumP(a.length, b.length) < test.alpha();
            significant = side != 0 && (!rankGate || p < test.alpha());
        }
        Verdict verdict = !significant ? Verdict.WITHIN_NOISE
                : (side > 0) == higherIsBetter ? Verdict.BETTER : Verdict.WORSE;
        return new Comparison(metric, a.length, b.length, ma, mb, ratio ? "ratio" : "difference", value, low, high,
                p, verdict);
    }

    /**
     * The smallest two-sided p the exact rank test can give for these sample sizes, 2 / C(n+m, n): 0.1 for
     * 3 against 3, so with 3 repeats the verdict rests on the interval alone.
     */
    static double minimumP(int n, int m) {
        double c = 1;
        for (int i = 1; i <= n; i++) {
            c = c * (m + i) / i;
        }
        return Math.min(1, 2 / c);
    }

    public static double median(double[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        double[] s = v.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : (s[h - 1] + s[h]) / 2;
    }

    private static void resample(double[] from, double[] into, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = from[random.nextInt(from.length)];
        }
    }

    private static double[] finite(double[] v) {
        return Arrays.stream(v).filter(Double::isFinite).toArray();
    }

    private static boolean allSame(double[] v) {
        return Arrays.stream(v).allMatch(x -> x == v[0]);
    }
}
