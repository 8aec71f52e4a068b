package dev.jvmtune.core.analysis.chart;

import java.util.Arrays;

/**
 * Amounts summed per time bucket (bytes allocated, ms spent in a phase), to be regrouped into a coarser grid
 * for rates and totals when the page is written.
 */
final class SumSeries extends TimeBuckets {

    private double[] sum = new double[0];
    private long[] n = new long[0];
    private long count;

    SumSeries(int capacity) {
        super(capacity);
    }

    void add(double t, double amount) {
        if (Double.isNaN(amount)) {
            return;
        }
        int i = bucket(t);
        if (i >= 0) {
            sum[i] += amount;
            n[i]++;
            count++;
        }
    }

    /** Amounts added (those with a time). */
    long count() {
        return count;
    }

    @Override
    void grow(int buckets) {
        if (buckets > sum.length) {
            int len = lengthFor(sum.length, buckets);
            sum = Arrays.copyOf(sum, len);
            n = Arrays.copyOf(n, len);
        }
    }

    @Override
    void merge(int used) {
        int k = 0;
        for (int i = 0; i < used; i += 2, k++) {
            double s = sum[i];
            long c = n[i];
            if (i + 1 < used) {
                s += sum[i + 1];
                c += n[i + 1];
            }
            sum[k] = s;
            n[k] = c;
        }
        Arrays.fill(sum, k, used, 0);
        Arrays.fill(n, k, used, 0);
    }

    /** Sums regrouped into {@code bins} equal bins from {@code from} to {@code to} seconds. */
    double[] regroup(double from, double to, int bins) {
        double[] out = new double[bins];
        double span = to - from;
        for (int i = 0; i < size(); i++) {
            if (n[i] == 0) {
                continue;
            }
            double mid = origin() + (i + 0.5) * width();
            int b = span <= 0 ? 0 : (int) Math.floor((mid - from) / span * bins);
            b = Math.max(0, Math.min(bins - 1, b));
            out[b] += sum[i];
        }
        return out;
    }
}
