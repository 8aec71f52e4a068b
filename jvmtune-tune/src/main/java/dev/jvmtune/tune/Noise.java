package dev.jvmtune.tune;

import dev.jvmtune.lab.stats.Compare;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * The baseline's noise, measured before any candidate: its spread (range over the median), its drift (last trial
 * against the first) and the relative standard deviation they imply (range / d2, the expected range of that many
 * normal draws). From it, the trials a side the pooled decision needs to see the goal's whole effect at its alpha
 * with 80% power on log values: n = 2 (z(alpha / 5) + z(0.8))^2 sigma^2 / effect^2. Where that is more than the two
 * rounds of {@code repeats} give, the baseline is too noisy for the goal: saying so, with the repeats it would take, is
 * worth more than a budget spent accepting nothing - once candidates raced beside it have shown the spread is not one
 * the starting flags make ({@code Tuner}: a candidate that removes it lies beyond every one of the baseline's trials).
 *
 * <p>A range is as wide as its worst trial, and one trial of any program can be far off the rest for a reason that
 * is not the machine's noise: the first JVM on a fresh machine (cold page cache, the CDS archive written, the JIT's
 * first compilations of the launcher) or a disk's hiccup. So at most one trial is left out of the spread: the extreme
 * one, where Dixon's Q test (its gap to its nearest neighbour over the whole range) says at 5% that it does not
 * belong with the others. Dixon's test holds its 5% on normal noise from 3 values, but it is only asked from 4: left
 * out of 3, a trial leaves two, one difference to measure a spread by, and a program with two modes (a server whose
 * p99 is set by whether a compilation or a collection fell into the window) shows one trial in three far off two
 * alike as often as a cold first trial does. So a first look of 3 keeps every trial; too noisy by it, the baseline is
 * measured again and decided over twice as many, where one cold trial stands out and two of a mode do not. The trial
 * left out stays a baseline trial, recorded and counted as one: it is only kept out of the estimate of the noise,
 * and named where the noise is reported.
 *
 * @param values  the baseline's values, in the order they ran
 * @param outlier the trial left out of the spread; null where none is
 * @param sigma   relative standard deviation of a trial, from the others
 * @param effect  the goal's whole effect on the log scale; NaN where the baseline meets the goal
 * @param needed  trials a side the pooled decision needs; 0 where nothing needs showing
 */
public record Noise(double[] values, Outlier outlier, double sigma, double effect, int needed) {

    /** d2 for 2..10 samples: the expected range of n standard normal draws. */
    private static final double[] D2 = {Double.NaN, Double.NaN, 1.128, 1.693, 2.059, 2.326, 2.534, 2.704, 2.847,
        2.970, 3.078};
    /** z of the one-sided pooled alpha (0.01) and of 80% power. */
    private static final double Z = 2.326 + 0.842;
    /**
     * Dixon's Q (r10) at 5%, for 3..10 values (Rorabacher 1991, Anal. Chem. 63, 139): the gap over the range that
     * normal noise exceeds in 5% of samples of that size. Beyond 10 values, 10's: stricter than 5% there.
     */
    private static final double[] Q95 = {Double.NaN, Double.NaN, Double.NaN, 0.970, 0.829, 0.710, 0.625, 0.568, 0.526,
        0.493, 0.466};
    /** The fewest values Dixon's test is asked of: leaving one out of them leaves a spread to measure. */
    private static final int FEWEST_FOR_AN_OUTLIER = 4;

    /**
     * A trial left out of the spread.
     *
     * @param index    its place among the values (0: the first trial)
     * @param q        its gap to its nearest neighbour over the range of all the values
     * @param critical Dixon's Q at 5% for that many values
     */
    public record Outlier(int index, double q, double critical) {
    }

    /** The noise of {@code values} for a goal whose whole effect is {@code ratio} (the goal over the baseline). */
    static Noise of(double[] values, double ratio) {
        Outlier outlier = outlier(values);
        double[] kept = kept(values, outlier);
        double median = Compare.median(kept);
        double range = Arrays.stream(kept).max().orElse(0) - Arrays.stream(kept).min().orElse(0);
        double sigma = median > 0 ? range / D2[Math.min(kept.length, D2.length - 1)] / median : Double.NaN;
        double effect = ratio > 0 && ratio != 1 ? Math.abs(Math.log(ratio)) : Double.NaN;
        int needed = Double.isNaN(effect) || Double.isNaN(sigma) ? 0
                : (int) Math.ceil(2 * Z * Z * sigma * sigma / (effect * effect));
        return new Noise(values.clone(), outlier, sigma, effect, needed);
    }

    /**
     * The extreme value Dixon's Q test rejects at 5%, the farther from its neighbour where both ends are apart; none
     * among fewer than {@link #FEWEST_FOR_AN_OUTLIER} values.
     */
    static Outlier outlier(double[] values) {
        int n = values.length;
        if (n < FEWEST_FOR_AN_OUTLIER) {
            return null;
        }
        Integer[] order = IntStream.range(0, n).boxed().sorted((a, b) -> Double.compare(values[a], values[b]))
                .toArray(Integer[]::new);
        double range = values[order[n - 1]] - values[order[0]];
        if (!(range > 0)) {
            return null;
        }
        double low = (values[order[1]] - values[order[0]]) / range;
        double high = (values[order[n - 1]] - values[order[n - 2]]) / range;
        double critical = Q95[Math.min(n, Q95.length - 1)];
        double q = Math.max(low, high);
        return q > critical ? new Outlier(high >= low ? order[n - 1] : order[0], q, critical) : null;
    }

    private static double[] kept(double[] values, Outlier outlier) {
        return outlier == null ? values : IntStream.range(0, values.length).filter(i -> i != outlier.index())
                .mapToDouble(i -> values[i]).toArray();
    }

    /** Whether two rounds of {@code repeats} a side cannot show the goal's effect beyond this noise. */
    boolean tooNoisy(int repeats) {
        return needed > 2 * repeats;
    }

    /** The repeats that would: half the trials a side, each round holding that many. */
    int repeatsNeeded() {
        return (needed + 1) / 2;
    }

    /**
     * "the baseline's 3 trials 2.61-2.75 s: spread 5.2% of the median, drift +1.1% (last against first), sigma 3%";
     * range, spread and drift are the trials' kept, the one left out named after the range with its value and test:
     * "the baseline's 6 trials 2-2.1 s leaving out trial 1, 6.30 s: an outlier by Dixon's Q test (0.98 > 0.625, ...)".
     */
    String describe(String metric, String unit) {
        return describe("the baseline's", metric, unit);
    }

    /** The same, of trials other than the baseline's: {@code whose} names them ("candidate 1's"). */
    String describe(String whose, String metric, String unit) {
        double[] kept = kept(values, outlier);
        double median = Compare.median(kept);
        double lo = Arrays.stream(kept).min().orElse(Double.NaN);
        double hi = Arrays.stream(kept).max().orElse(Double.NaN);
        String what = unit.isEmpty() ? " " + metric : " " + unit;
        String left = outlier == null ? "" : String.format(Locale.ROOT, " leaving out trial %d, %s%s: an outlier by "
                        + "Dixon's Q test (%.2f > %.3f, its 5%% value for %d trials)", outlier.index() + 1,
                Numbers.fmt(values[outlier.index()]), what, outlier.q(), outlier.critical(), values.length);
        return String.format(Locale.ROOT, "%s %d trials %s-%s%s%s: spread %.1f%% of the median, drift "
                        + "%+.1f%% (last against first), a trial's sigma about %.1f%%", whose, values.length,
                Numbers.fmt(lo), Numbers.fmt(hi), what, left, 100 * (hi - lo) / median,
                100 * (kept[kept.length - 1] - kept[0]) / median, 100 * sigma);
    }
}
