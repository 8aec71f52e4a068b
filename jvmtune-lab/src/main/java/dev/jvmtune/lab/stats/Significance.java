package dev.jvmtune.lab.stats;

/**
 * How {@link Compare} decides that B differs from A beyond noise.
 *
 * @param alpha     the significance level of the rank test
 * @param oneSided  false: two-sided Mann-Whitney (an experiment's comparisons, either way may be news); where the
 *                  sample sizes cannot reach {@code alpha} at all, the interval alone decides. true: the exact
 *                  one-sided test in the direction the verdict claims (the tuner's "is the candidate better?"),
 *                  always required with the interval, so a level the samples cannot reach means never BETTER
 */
public record Significance(double alpha, boolean oneSided) {

    /** Experiments: two-sided at 0.05. */
    public static final Significance DEFAULT = new Significance(0.05, false);

    public Significance {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be between 0 and 1: " + alpha);
        }
    }

    /** The one-sided test at {@code alpha}. */
    public static Significance oneSided(double alpha) {
        return new Significance(alpha, true);
    }
}
