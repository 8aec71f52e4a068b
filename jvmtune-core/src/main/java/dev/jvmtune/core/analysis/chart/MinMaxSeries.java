package dev.jvmtune.core.analysis.chart;

import java.util.Arrays;

/**
 * A downsampled series of (time, value) points that keeps each bucket's smallest and largest value at the
 * times they occurred, so a chart of a million pauses still shows every spike and every trough: the
 * longest pause of the log is always a point of the chart. A point may carry what it was (the pause's GC id,
 * cause, log line), kept with it through every merge.
 */
final class MinMaxSeries<P> extends TimeBuckets {

    private double[] minT = new double[0];
    private double[] minV = new double[0];
    private double[] maxT = new double[0];
    private double[] maxV = new double[0];
    private Object[] minP = new Object[0];
    private Object[] maxP = new Object[0];
    private long count;

    MinMaxSeries(int capacity) {
        super(capacity);
    }

    void add(double t, double v) {
        add(t, v, null);
    }

    /** Adds a point; {@code payload} is asked for only when the point becomes an extreme of its bucket. */
    void add(double t, double v, java.util.function.Supplier<P> payload) {
        if (Double.isNaN(v)) {
            return;
        }
        int i = bucket(t);
        if (i < 0) {
            return;
        }
        count++;
        boolean newMin = Double.isNaN(minV[i]) || v < minV[i];
        boolean newMax = Double.isNaN(maxV[i]) || v > maxV[i];
        P p = payload != null && (newMin || newMax) ? payload.get() : null;
        if (newMin) {
            minV[i] = v;
            minT[i] = t;
            minP[i] = p;
        }
        if (newMax) {
            maxV[i] = v;
            maxT[i] = t;
            maxP[i] = p;
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
        minP = Arrays.copyOf(minP, n);
        maxP = Arrays.copyOf(maxP, n);
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
            Object mp = firstMin ? minP[i] : minP[j];
            double xt = firstMax ? maxT[i] : maxT[j];
            double xv = firstMax ? maxV[i] : maxV[j];
            Object xp = firstMax ? maxP[i] : maxP[j];
            minT[k] = mt;
            minV[k] = mv;
            minP[k] = mp;
            maxT[k] = xt;
            maxV[k] = xv;
            maxP[k] = xp;
        }
        Arrays.fill(minV, k, used, Double.NaN);
        Arrays.fill(maxV, k, used, Double.NaN);
        Arrays.fill(minP, k, used, null);
        Arrays.fill(maxP, k, used, null);
    }

    /** A kept point: its time, its value and what it was (null when added without). */
    interface Visitor<P> {
        void point(double t, double v, P payload);
    }

    /** Up to two points per bucket, smallest and largest, in time order. */
    @SuppressWarnings("unchecked")
    void forEach(Visitor<P> visitor) {
        for (int i = 0; i < size(); i++) {
            if (Double.isNaN(minV[i])) {
                continue;
            }
            boolean one = minT[i] == maxT[i] && minV[i] == maxV[i];
            boolean minFirst = minT[i] <= maxT[i];
            if (minFirst) {
                visitor.point(minT[i], minV[i], (P) minP[i]);
            } else {
                visitor.point(maxT[i], maxV[i], (P) maxP[i]);
            }
            if (!one) {
                if (minFirst) {
                    visitor.point(maxT[i], maxV[i], (P) maxP[i]);
                } else {
                    visitor.point(minT[i], minV[i], (P) minP[i]);
                }
            }
        }
    }

    /** The kept points as {@code [[t0, v0], [t1, v1], ...]}, rounded to what a chart shows. */
    double[][] points(int timeDecimals, int valueDecimals) {
        java.util.List<double[]> out = new java.util.ArrayList<>();
        forEach((t, v, p) -> out.add(new double[] {ChartSeries.round(t, timeDecimals),
            ChartSeries.round(v, valueDecimals)}));
        return out.toArray(new double[0][]);
    }

    /** The kept points as {@code [t0, v0, t1, v1, ...]}. */
    double[] points() {
        double[] out = new double[size() * 4];
        int[] n = {0};
        forEach((t, v, p) -> {
            out[n[0]++] = t;
            out[n[0]++] = v;
        });
        return Arrays.copyOf(out, n[0]);
    }
}
