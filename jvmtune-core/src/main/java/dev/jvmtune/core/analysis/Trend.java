package dev.jvmtune.core.analysis;

/** A least-squares line through (x, y) points, kept as running sums: O(1) per point, no point stored. */
final class Trend {
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

    /** Slope per unit of x; NaN with fewer than 3 points or no spread in x. */
    double slope() {
        double d = n * sxx - sx * sx;
        return n < 3 || d <= 0 ? Double.NaN : (n * sxy - sx * sy) / d;
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
        return n < 3 || dx <= 0 || dy <= 0 ? Double.NaN : (n * sxy - sx * sy) / Math.sqrt(dx * dy);
    }
}
