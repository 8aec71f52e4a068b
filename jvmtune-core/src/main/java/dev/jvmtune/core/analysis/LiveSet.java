package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;

/**
 * The heap left after collections that clean the old generation (Full GCs, G1 mixed pauses that evacuated
 * without failure, Shenandoah's degenerated cycles of the whole heap): the closest a
 * GC log comes to the live set. Its trend over the run is the leak signal: a live set that keeps rising
 * from one old collection to the next. The line is fitted by least squares in O(1) per collection.
 *
 * @param collections    Full, mixed and degenerated collections with a heap-after figure
 * @param firstBytes     heap after the first of them
 * @param lastBytes      after the last
 * @param minBytes       the smallest
 * @param maxBytes       the largest
 * @param slopeMBPerHour trend of the live set, MiB per hour; NaN with fewer than 3 collections
 * @param correlation    how well a line fits (Pearson r, -1..1): near 1 is a steady rise
 * @param spanSec        time from the first to the last of them
 * @param risePct        how much the trend line rose over the span, in percent of its value at the first of
 *                       them; NaN when unknown
 * @param fullMaxBytes   the largest heap after a whole-heap collection (a Full GC, Shenandoah's degenerated cycle of
 *                       the whole heap), -1 without one: it collects everything, so this is the live set itself, where
 *                       a mixed pause leaves the garbage of the regions it did not choose
 */
public record LiveSet(long collections, long firstBytes, long lastBytes, long minBytes, long maxBytes,
                      double slopeMBPerHour, double correlation, double risePct, double spanSec, long fullMaxBytes) {

    private static final double MIB = 1024.0 * 1024.0;

    private static double risePct(double slopeMBPerHour, double spanSec, double fitStartMB) {
        return Double.isNaN(slopeMBPerHour) || !(fitStartMB > 0) ? Double.NaN
                : 100.0 * slopeMBPerHour * spanSec / 3600.0 / fitStartMB;
    }

    static final class Accumulator implements Aggregation.OfGc {
        private final Trend trend = new Trend();
        private long count;
        private long first = -1;
        private long last = -1;
        private long min = Long.MAX_VALUE;
        private long max = -1;
        private long fullMax = -1;
        private double firstT = Double.NaN;
        private double lastT = Double.NaN;

        @Override
        public void add(GcEvent e) {
            // a mixed pause that failed evacuation kept what it could not copy: no measure of what lives; a
            // degenerated cycle of generational Shenandoah's young generation leaves the old one as it was
            boolean oldCleaned = e.kind() == GcKind.FULL || e.kind() == GcKind.MIXED && e.incidents().isEmpty()
                    || e.kind() == GcKind.DEGENERATED && !e.name().contains("(Young)");
            if (!oldCleaned) {
                return;
            }
            MemoryUsage heap = e.heap();
            if (heap == null || heap.afterBytes() < 0) {
                return;
            }
            long after = heap.afterBytes();
            count++;
            if (first < 0) {
                first = after;
                firstT = e.uptimeSec();
            }
            last = after;
            lastT = e.uptimeSec();
            min = Math.min(min, after);
            max = Math.max(max, after);
            if (e.kind() != GcKind.MIXED) { // a whole-heap collection: Full, or Shenandoah's degenerated cycle
                fullMax = Math.max(fullMax, after);
            }
            trend.add(e.uptimeSec() / 3600.0, after / MIB);
        }

        LiveSet build() {
            if (count == 0) {
                return null;
            }
            double span = Double.isNaN(firstT) || Double.isNaN(lastT) ? Double.NaN : lastT - firstT;
            return new LiveSet(count, first, last, min, max, trend.slope(), trend.correlation(),
                    risePct(trend.slope(), span, trend.at(trend.firstX)), span, fullMax);
        }
    }
}
