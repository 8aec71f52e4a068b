package dev.jvmtune.workloads.timeseries;

import java.util.Arrays;
import java.util.List;

/**
 * The downsampled series a plot draws: the minimum and maximum value of the samples in each pixel column, so
 * that spikes survive however many samples share a pixel. Buckets with no sample hold NaN.
 */
record PlotSeries(double[] min, double[] max, double low, double high) {

    static PlotSeries of(List<Sample> samples, int width) {
        double[] min = new double[width];
        double[] max = new double[width];
        Arrays.fill(min, Double.NaN);
        Arrays.fill(max, Double.NaN);
        if (samples.isEmpty()) {
            return new PlotSeries(min, max, Double.NaN, Double.NaN);
        }
        long first = samples.get(0).timeMillis();
        long span = samples.get(samples.size() - 1).timeMillis() - first + 1;
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (Sample s : samples) {
            int x = (int) ((s.timeMillis() - first) * width / span);
            double v = s.value();
            if (!(min[x] <= v)) { // also true for NaN: the bucket's first sample
                min[x] = v;
            }
            if (!(max[x] >= v)) {
                max[x] = v;
            }
            low = Math.min(low, v);
            high = Math.max(high, v);
        }
        return new PlotSeries(min, max, low, high);
    }
}
