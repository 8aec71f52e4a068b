package dev.jvmtune.core.analysis;

import org.HdrHistogram.Histogram;

/**
 * Distribution of pause times. Count, total, mean, standard deviation, min and max are exact;
 * percentiles come from an HdrHistogram at microsecond resolution with 3 significant digits.
 */
public record PauseStats(long count, double totalMs, double meanMs, double stdMs, double minMs, double p50Ms,
                         double p90Ms, double p99Ms, double p999Ms, double maxMs) {

    public static final PauseStats EMPTY = new PauseStats(0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /** Streaming accumulator. */
    public static final class Accumulator {
        private final Histogram histogram = new Histogram(3);
        private long count;
        private double sum;
        private double mean;
        private double m2;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;

        public void add(double ms) {
            if (Double.isNaN(ms) || ms < 0) {
                return;
            }
            count++;
            sum += ms;
            // Welford: numerically stable over millions of pauses
            double delta = ms - mean;
            mean += delta / count;
            m2 += delta * (ms - mean);
            min = Math.min(min, ms);
            max = Math.max(max, ms);
            histogram.recordValue(Math.max(1, Math.round(ms * 1000.0)));
        }

        public long count() {
            return count;
        }

        public PauseStats build() {
            if (count == 0) {
                return EMPTY;
            }
            double std = count > 1 ? Math.sqrt(m2 / (count - 1)) : 0.0;
            return new PauseStats(count, sum, sum / count, std, min, pct(50), pct(90), pct(99), pct(99.9), max);
        }

        private double pct(double p) {
            // never report a percentile above the exact maximum (HdrHistogram rounds up within its precision)
            return Math.min(histogram.getValueAtPercentile(p) / 1000.0, max);
        }
    }
}
