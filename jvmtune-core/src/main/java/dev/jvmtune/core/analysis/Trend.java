package dev.jvmtune.core.analysis;

/**
 * A least-squares line through (x, y) points, kept as running sums: O(1) per point, no point stored. Its validity
 * rule: a line is stated from {@link #MIN_POINTS} points on, and as a rate per unit of x only where the points span
 * at least 1 / {@link #MAX_EXTRAPOLATION} of that unit - a rate per hour from a few seconds of data says what the
 * data cannot; below that span what is stated is the line's rise over the span ({@link #rise()}).
 */
final class Trend {
    /** Points a line needs before it is stated at all. */
    static final int MIN_POINTS = 3;
    /** A rate is never stated per a unit more than this many times the span it was measured over. */
    static final double MAX_EXTRAPOLATION = 10;

    long n;
    double firstX = Double.NaN;
    double lastX = Double.NaN;
    private double sx;
    private double sy;
    private double sxx;
    private double sxy;
    private double syy;

    void add(double x, double y) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            return;
        }
        if (n == 0) {
            firstX = x;
        }
        lastX = x;
        n++;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
    }

    /** Slope per unit of x; NaN with fewer than {@link #MIN_POINTS} points or no spread in x. */
    double slope() {
        double d = n * sxx - sx * sx;
        return n < MIN_POINTS || d <= 0 ? Double.NaN : (n * sxy - sx * sy) / d;
    }

    /**
     * The slope as a rate per unit of x where the points span at least 1 / {@link #MAX_EXTRAPOLATION} of a unit;
     * NaN below that span (and wherever {@link #slope()} is).
     */
    double rate() {
        return (lastX - firstX) * MAX_EXTRAPOLATION >= 1 ? slope() : Double.NaN;
    }

    /** How much the line rises from the first point's x to the last one's; NaN where there is no slope. */
    double rise() {
        double s = slope();
        return Double.isNaN(s) ? Double.NaN : s * (lastX - firstX);
    }

    /** The line's value at x; the mean where there is no slope. */
    double at(double x) {
        if (n == 0) {
            return Double.NaN;
        }
        double s = slope();
        return Double.isNaN(s) ? sy / n : sy / n + s * (x - sx / n);
    }

    /** Pearson correlation of x and y; NaN where undefined. */
    double correlation() {
        double dx = n * sxx - sx * sx;
        double dy = n * syy - sy * sy;
        return n < MIN_POINTS || dx <= 0 || dy <= 0 ? Double.NaN : (n * sxy - sx * sy) / Math.sqrt(dx * dy);
    }
}
