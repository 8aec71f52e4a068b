package dev.jvmtune.core.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Groups of pause durations (S1: "three clusters, 1-1.5 s, 0.007-0.5 s, 1.5-5 s"): modes of the pause
 * distribution on a log scale. The kept pauses are binned at 20 bins per decade and smoothed; the run is cut
 * at a valley between two peaks where the density falls to half the lower peak or less. Groups of fewer than
 * {@link #MIN_SHARE} of the pauses (at least 3) join their nearest neighbour. A unimodal run gives one group.
 */
public final class PauseClusters {

    static final double BINS_PER_DECADE = 20;
    static final double MIN_SHARE = 0.01;
    private static final double[] KERNEL = {1, 2, 3, 2, 1};

    /** One group: its range, count and mean (counts scaled back when the pauses are a sample). */
    public record Cluster(double minMs, double maxMs, long count, double meanMs) {
    }

    private PauseClusters() {
    }

    static List<Cluster> of(PauseSeries series) {
        int n = 0;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < series.size(); i++) {
            double ms = series.ms(i);
            if (ms > 0) {
                double l = Math.log10(ms);
                lo = Math.min(lo, l);
                hi = Math.max(hi, l);
                n++;
            }
        }
        if (n == 0) {
            return List.of();
        }
        int bins = (int) Math.floor((hi - lo) * BINS_PER_DECADE) + 1;
        double[] count = new double[bins];
        for (int i = 0; i < series.size(); i++) {
            double ms = series.ms(i);
            if (ms > 0) {
                count[bin(ms, lo)]++;
            }
        }
        double[] smooth = new double[bins];
        for (int b = 0; b < bins; b++) {
            for (int k = 0; k < KERNEL.length; k++) {
                int j = b + k - KERNEL.length / 2;
                if (j >= 0 && j < bins) {
                    smooth[b] += KERNEL[k] * count[j];
                }
            }
        }
        List<Integer> cuts = cuts(smooth);
        // bin boundaries of each group, then exact figures from the pauses
        int groups = cuts.size() + 1;
        long[] c = new long[groups];
        double[] sum = new double[groups];
        double[] min = new double[groups];
        double[] max = new double[groups];
        java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < series.size(); i++) {
            double ms = series.ms(i);
            if (!(ms > 0)) {
                continue;
            }
            int b = bin(ms, lo);
            int g = 0;
            while (g < cuts.size() && b >= cuts.get(g)) {
                g++;
            }
            c[g]++;
            sum[g] += ms;
            min[g] = Math.min(min[g], ms);
            max[g] = Math.max(max[g], ms);
        }
        List<double[]> list = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            if (c[g] > 0) {
                list.add(new double[] {min[g], max[g], c[g], sum[g]});
            }
        }
        mergeSmall(list, Math.max(3, MIN_SHARE * n));
        List<Cluster> out = new ArrayList<>();
        for (double[] g : list) {
            out.add(new Cluster(g[0], g[1], (long) g[2] * series.stride(), g[3] / g[2]));
        }
        return out;
    }

    private static int bin(double ms, double lo) {
        return (int) Math.floor((Math.log10(ms) - lo) * BINS_PER_DECADE);
    }

    /** First bins of the groups after the first: the valleys deep enough between consecutive peaks. */
    private static List<Integer> cuts(double[] d) {
        List<Integer> cuts = new ArrayList<>();
        int peak = -1;
        int b = 0;
        while (b < d.length) {
            // climb to the next peak
            while (b + 1 < d.length && d[b + 1] >= d[b]) {
                b++;
            }
            if (peak < 0) {
                peak = b;
            } else {
                int valley = peak;
                for (int j = peak; j <= b; j++) {
                    if (d[j] < d[valley]) {
                        valley = j;
                    }
                }
                if (d[valley] <= 0.5 * Math.min(d[peak], d[b])) {
                    cuts.add(valley + 1);
                    peak = b;
                } else if (d[b] > d[peak]) {
                    peak = b;
                }
            }
            // descend to the next rise
            while (b + 1 < d.length && d[b + 1] <= d[b]) {
                b++;
            }
            b++;
        }
        return cuts;
    }

    /** Joins groups with fewer than {@code least} pauses into the neighbour nearer on a log scale. */
    private static void mergeSmall(List<double[]> list, double least) {
        boolean merged = true;
        while (merged && list.size() > 1) {
            merged = false;
            int smallest = -1;
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i)[2] < least && (smallest < 0 || list.get(i)[2] < list.get(smallest)[2])) {
                    smallest = i;
                }
            }
            if (smallest < 0) {
                break;
            }
            double[] g = list.get(smallest);
            double left = smallest > 0 ? Math.log10(g[0]) - Math.log10(list.get(smallest - 1)[1])
                    : Double.POSITIVE_INFINITY;
            double right = smallest + 1 < list.size() ? Math.log10(list.get(smallest + 1)[0]) - Math.log10(g[1])
                    : Double.POSITIVE_INFINITY;
            int into = left <= right ? smallest - 1 : smallest + 1;
            double[] t = list.get(into);
            t[0] = Math.min(t[0], g[0]);
            t[1] = Math.max(t[1], g[1]);
            t[2] += g[2];
            t[3] += g[3];
            list.remove(smallest);
            merged = true;
        }
    }
}
