package dev.jvmtune.report.html;

import java.util.Arrays;

/**
 * A downsampled series of (time, value) points that keeps each bucket's smallest and largest value at the
 * times they occurred, so a chart of a million pauses still shows every spike and every trough: the
 * longest pause of the log is always a point of the chart.
 */
final class MinMaxSeries extends TimeBuckets {

    private double[] minT = new double[0];
    private double[] minV = new double[0];
    private double[] maxT = new double[0];
    private double[] maxV = new double[0];
    private long count;

    MinMaxSeries(int capacity) {
        super(capacity);
    }

    void add(double t, double v) {
        if (Double.isNaN(v)) {
            return;
        }
        int i = bucket(t);
        if (i < 0) {
            return;
        }
        count++;
        if (Double.isNaN(minV[i]) || v < minV[i]) {
            minV[i] = v;
            minT[i] = t;
        }
        if (Double.isNaN(maxV[i]) || v > maxV[i]) {
            maxV[i] = v;
            maxT[i] = t;
        }
    }

    /** Values added (those with a time). */
    long count() {
        return count;
    }

    @Override
    void grow(int buckets) {
        if (buckets <= minV.length) {
            return;
        }
        int n = lengthFor(minV.length, buckets);
        int old = minV.length;
        minT = Arrays.copyOf(minT, n);
        minV = Arrays.copyOf(minV, n);
        maxT = Arrays.copyOf(maxT, n);
        maxV = Arrays.copyOf(maxV, n);
        Arrays.fill(minV, old, n, Double.NaN);
        Arrays.fill(maxV, old, n, Double.NaN);
    }

    @Override
    void merge(int used) {
        int k = 0;
        for (int i = 0; i < used; i += 2, k++) {
            int j = i + 1 < used ? i + 1 : i;
            boolean firstMin = Double.isNaN(minV[j]) || (!Double.isNaN(minV[i]) && minV[i] <= minV[j]);
            boolean firstMax = Double.isNaN(maxV[j]) || (!Double.isNaN(maxV[i]) && maxV[i] >= maxV[j]);
            double mt = firstMin ? minT[i] : minT[j];
            double mv = firstMin ? minV[i] : minV[j];
            double xt = firstMax ? maxT[i] : maxT[j];
            double xv = firstMax ? maxV[i] : maxV[j];
            minT[k] = mt;
            minV[k] = mv;
            maxT[k] = xt;
            maxV[k] = xv;
        }
        Arrays.fill(minV, k, used, Double.NaN);
        Arrays.fill(maxV, k, used, Double.NaN);
    }

    /** Up to two points per bucket, smallest and largest, in time order: {@code [t0, v0, t1, v1, ...]}. */
    double[] points() {
        double[] out = new double[size() * 4];
        int n = 0;
        for (int i = 0; i < size(); i++) {
            if (Double.isNaN(minV[i])) {
                continue;
            }
            boolean one = minT[i] == maxT[i] && minV[i] == maxV[i];
            boolean minFirst = minT[i] <= maxT[i];
            n = put(out, n, minFirst ? minT[i] : maxT[i], minFirst ? minV[i] : maxV[i]);
            if (!one) {
                n = put(out, n, minFirst ? maxT[i] : minT[i], minFirst ? maxV[i] : minV[i]);
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static int put(double[] out, int n, double t, double v) {
        out[n] = t;
        out[n + 1] = v;
        return n + 2;
    }
}
