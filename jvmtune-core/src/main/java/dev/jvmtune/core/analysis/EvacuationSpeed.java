package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.MemoryUsage;
import java.util.Arrays;

/**
 * How fast young pauses empty Eden: bytes of Eden (G1 {@code Eden regions}) or of the young generation
 * ({@code PSYoungGen}, {@code DefNew}, {@code ParNew}: before minus after, i.e. Eden plus the survivor
 * space emptied, minus what survived into the other survivor space) cleared per ms of pause. At that
 * speed, an Eden of speed x goal is evacuated within a pause goal (S1: ~1 GB per 100 ms), which is what
 * capping the young generation rests on.
 *
 * @param pauses            young pauses with Eden figures the speed was computed from
 * @param p10MBPerMs        10th percentile, MiB per ms
 * @param p50MBPerMs        median
 * @param p90MBPerMs        90th percentile
 * @param edenForGoalBytes  median speed x pause goal, whole bytes: the Eden evacuated within the goal; NaN without
 *                          a goal
 * @param missPauses        young pauses with Eden figures that took longer than the goal
 * @param missP50MBPerMs    their median speed: slower than the rest where many objects survive; NaN when none
 * @param edenForGoalAtMissSpeedBytes that speed x goal, whole bytes: the Eden those pauses could have cleared
 *                          within it
 */
public record EvacuationSpeed(long pauses, double p10MBPerMs, double p50MBPerMs, double p90MBPerMs,
                              double edenForGoalBytes, long missPauses, double missP50MBPerMs,
                              double edenForGoalAtMissSpeedBytes) {

    private static final double MIB = 1024.0 * 1024.0;

    /** MiB of young space cleared per ms of this young pause, NaN when the log gives no young figures. */
    static double of(GcEvent e) {
        if (!(e.pauseMs() > 0)) {
            return Double.NaN;
        }
        for (MemoryUsage p : e.pools()) {
            if (p.role().youngSpace()) {
                if (p.beforeBytes() >= 0 && p.afterBytes() >= 0 && p.beforeBytes() > p.afterBytes()) {
                    return (p.beforeBytes() - p.afterBytes()) / MIB / e.pauseMs();
                }
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    /** From the kept young pauses' speeds; {@code null} when none had figures. */
    static EvacuationSpeed of(PauseSeries series, double goalMs) {
        double[] v = new double[series.size()];
        int n = 0;
        for (int i = 0; i < series.size(); i++) {
            double s = series.speed(i);
            if (!Double.isNaN(s)) {
                v[n++] = s;
            }
        }
        if (n == 0) {
            return null;
        }
        double[] miss = new double[n];
        int m = 0;
        if (goalMs > 0) {
            for (int i = 0; i < series.size(); i++) {
                double s = series.speed(i);
                if (!Double.isNaN(s) && series.ms(i) > goalMs) {
                    miss[m++] = s;
                }
            }
        }
        Arrays.sort(v, 0, n);
        Arrays.sort(miss, 0, m);
        double p50 = percentile(v, n, 50);
        double missP50 = m == 0 ? Double.NaN : percentile(miss, m, 50);
        return new EvacuationSpeed((long) n * series.stride(), percentile(v, n, 10), p50, percentile(v, n, 90),
                goalMs > 0 ? Math.rint(p50 * MIB * goalMs) : Double.NaN, (long) m * series.stride(), missP50,
                m == 0 ? Double.NaN : Math.rint(missP50 * MIB * goalMs));
    }

    /** Nearest-rank percentile of the first n sorted values. */
    static double percentile(double[] sorted, int n, double p) {
        int rank = (int) Math.ceil(p / 100.0 * n);
        return sorted[Math.max(0, Math.min(n - 1, rank - 1))];
    }
}
