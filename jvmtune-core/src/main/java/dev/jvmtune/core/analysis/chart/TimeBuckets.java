package dev.jvmtune.core.analysis.chart;

/**
 * A time axis cut into at most {@code capacity} equal buckets, for a series whose length is unknown while
 * the log streams: it starts at 10 ms per bucket and, when a time falls beyond the last bucket, doubles the
 * width and lets the subclass merge each pair of neighbours. Memory stays bounded however long the log is;
 * the merges cost O(capacity) each, about log2(duration / (capacity x 10 ms)) of them.
 */
abstract class TimeBuckets {

    /** Pauses are rarely closer than this, and a bucket keeps two values: short logs stay point by point. */
    private static final double FIRST_WIDTH_SEC = 0.01;

    private final int capacity;
    private double origin = Double.NaN;
    private double width = FIRST_WIDTH_SEC;
    /** One past the highest bucket in use. */
    private int used;

    TimeBuckets(int capacity) {
        this.capacity = capacity;
    }

    /**
     * The bucket of time {@code t}, made room for; -1 when {@code t} is NaN. Times before the first one seen
     * (events logged out of order) fall into bucket 0.
     */
    final int bucket(double t) {
        if (Double.isNaN(t)) {
            return -1;
        }
        if (Double.isNaN(origin)) {
            origin = t;
        }
        int i = index(t);
        while (i >= capacity) {
            int half = (used + 1) / 2;
            merge(used);
            used = half;
            width *= 2;
            i = index(t);
        }
        if (i >= used) {
            grow(i + 1);
            used = i + 1;
        }
        return i;
    }

    private int index(double t) {
        double i = Math.floor((t - origin) / width);
        return i <= 0 ? 0 : i >= Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) i;
    }

    /** Buckets in use: 0 to {@code size() - 1}. */
    final int size() {
        return used;
    }

    final double origin() {
        return origin;
    }

    final double width() {
        return width;
    }

    /** Makes arrays hold at least {@code buckets} buckets (never more than the capacity). */
    abstract void grow(int buckets);

    /** Merges buckets 2k and 2k+1 into k, for k below {@code (used + 1) / 2}; clears the rest. */
    abstract void merge(int used);

    /** The next array length for at least {@code buckets}: doubling, capped at the capacity. */
    final int lengthFor(int current, int buckets) {
        int n = Math.max(64, current);
        while (n < buckets) {
            n *= 2;
        }
        return Math.min(capacity, n);
    }
}
