package dev.jvmtune.tune;

import dev.jvmtune.lab.stats.Compare;
import java.util.Arrays;
import java.util.Locale;

/**
 * The baseline's noise, measured before any candidate: its spread (range over the median), its drift (last trial
 * against the first) and the relative standard deviation they imply (range / d2, the expected range of that many
 * normal draws). From it, the trials a side the pooled decision needs to see the goal's whole effect at its alpha
 * with 80% power on log values: n = 2 (z(alpha / 5) + z(0.8))^2 sigma^2 / effect^2. Where that is more than the two
 * rounds of {@code repeats} give, the machine is too noisy for the goal: saying so, with the repeats it would take, is
 * worth more than a budget spent accepting nothing.
 *
 * @param values the baseline's values, in the order they ran
 * @param sigma  relative standard deviation of a trial
 * @param effect the goal's whole effect on the log scale; NaN where the baseline meets the goal
 * @param needed trials a side the pooled decision needs; 0 where nothing needs showing
 */
public record Noise(double[] values, double sigma, double effect, int needed) {

    /** d2 for 2..10 samples: the expected range of n standard normal draws. */
    private static final double[] D2 = {Double.NaN, Double.NaN, 1.128, 1.693, 2.059, 2.326, 2.534, 2.704, 2.847,
        2.970, 3.078};
    /** z of the one-sided pooled alpha (0.01) and of 80% power. */
    private static final double Z = 2.326 + 0.842;

    /** The noise of {@code values} for a goal whose whole effect is {@code ratio} (the goal over the baseline). */
    static Noise of(double[] values, double ratio) {
        double median = Compare.median(values);
        double range = Arrays.stream(values).max().orElse(0) - Arrays.stream(values).min().orElse(0);
        double sigma = median > 0 ? range / D2[Math.min(values.length, D2.length - 1)] / median : Double.NaN;
        double effect = ratio > 0 && ratio != 1 ? Math.abs(Math.log(ratio)) : Double.NaN;
        int needed = Double.isNaN(effect) || Double.isNaN(sigma) ? 0
                : (int) Math.ceil(2 * Z * Z * sigma * sigma / (effect * effect));
        return new Noise(values.clone(), sigma, effect, needed);
    }

    /** Whether two rounds of {@code repeats} a side cannot show the goal's effect beyond this noise. */
    boolean tooNoisy(int repeats) {
        return needed > 2 * repeats;
    }

    /** The repeats that would: half the trials a side, each round holding that many. */
    int repeatsNeeded() {
        return (needed + 1) / 2;
    }

    /** "the baseline's 3 trials 2.61-2.75 s: spread 5.2% of the median, drift +1.1% (last against first), sigma 3%". */
    String describe(String metric, String unit) {
        double median = Compare.median(values);
        double lo = Arrays.stream(values).min().orElse(Double.NaN);
        double hi = Arrays.stream(values).max().orElse(Double.NaN);
        return String.format(Locale.ROOT, "the baseline's %d trials %s-%s%s: spread %.1f%% of the median, drift %+.1f%% "
                        + "(last against first), a trial's sigma about %.1f%%", values.length, Numbers.fmt(lo),
                Numbers.fmt(hi), unit.isEmpty() ? " " + metric : " " + unit, 100 * (hi - lo) / median,
                100 * (values[values.length - 1] - values[0]) / median, 100 * sigma);
    }
}
