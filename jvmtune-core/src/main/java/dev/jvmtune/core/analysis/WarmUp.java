package dev.jvmtune.core.analysis;

/**
 * Where warm-up ends: a change point in the level of the young pauses, found at the end of the run on
 * the {@link PauseSeries}. Young pauses are what a steady workload repeats; their log is taken so that
 * one huge first pause or a few long ones weigh as a level, not as a square of their size.
 *
 * <p>Method: at most one change (CUSUM / binary segmentation's first step). For a split at k, the
 * reduction of the squared error of a one-level fit by a two-level fit is k(n-k)/n (mean1 - mean2)^2.
 * The best k in the first half of the run is taken when its reduction exceeds the BIC-style penalty
 * 2 sigma^2 ln n, sigma estimated robustly from the median absolute difference of neighbours (so the
 * shift itself does not inflate it). Warm-up is confined to the first half so that a late change (a
 * leak, a load change) is never taken for warm-up. Over 4096 young pauses, the series is first reduced
 * to 4096 equal-count bucket means (a rolling mean that also bounds the work).
 */
final class WarmUp {

    static final int MAX_BUCKETS = 4096;

    private WarmUp() {
    }

    /**
     * @return index into {@code series} of the first steady-state pause (0 when no warm-up was found)
     */
    static int warmupEnd(PauseSeries series) {
        int n = 0;
        boolean anyYoung = false;
        for (int i = 0; i < series.size(); i++) {
            anyYoung |= series.young(i);
        }
        int[] index = new int[series.size()];
        for (int i = 0; i < series.size(); i++) {
            if (series.young(i) || !anyYoung) { // collectors without young pauses (ZGC): all pauses
                index[n++] = i;
            }
        }
        if (n < 8) {
            return 0;
        }
        int buckets = Math.min(n, MAX_BUCKETS);
        double[] y = new double[buckets];
        int[] first = new int[buckets]; // series index of each bucket's first pause
        for (int b = 0; b < buckets; b++) {
            int from = (int) ((long) b * n / buckets);
            int to = (int) ((long) (b + 1) * n / buckets);
            double sum = 0;
            for (int j = from; j < to; j++) {
                sum += Math.log(Math.max(series.ms(index[j]), 0.001));
            }
            y[b] = sum / (to - from);
            first[b] = index[from];
        }
        int k = changePoint(y);
        return k <= 0 ? 0 : first[k];
    }

    /** Index of the first value after the change in level, or 0 for none; searched in the first half. */
    static int changePoint(double[] y) {
        int n = y.length;
        double[] diffs = new double[n - 1];
        for (int i = 1; i < n; i++) {
            diffs[i - 1] = Math.abs(y[i] - y[i - 1]);
        }
        java.util.Arrays.sort(diffs);
        double mad = diffs[diffs.length / 2];
        // median |difference| of two N(0, s^2) values is 0.6745 * sqrt(2) s
        double sigma = mad / (0.6745 * Math.sqrt(2));
        if (sigma <= 0) {
            sigma = 1e-9;
        }
        double total = 0;
        for (double v : y) {
            total += v;
        }
        double prefix = 0;
        double best = 0;
        int bestK = 0;
        for (int k = 1; k <= n / 2; k++) {
            prefix += y[k - 1];
            double m1 = prefix / k;
            double m2 = (total - prefix) / (n - k);
            double gain = (double) k * (n - k) / n * (m1 - m2) * (m1 - m2);
            if (gain > best) {
                best = gain;
                bestK = k;
            }
        }
        return best > 2 * sigma * sigma * Math.log(n) ? bestK : 0;
    }
}
