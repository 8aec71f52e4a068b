package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.PlabStatistics;
import org.HdrHistogram.Histogram;

/**
 * How G1 sized its PLABs over the run ({@code gc+plab=debug}), per destination: the PLAB space handed out and
 * how much of it held no object, and the desired PLAB size after each collection, with how often it swung by
 * a factor of two or more from one collection to the next. The desired size follows what each collection
 * copied (a weighted average that gives the last collection 75%), so survivor volumes that change from one
 * collection to the next make it swing, and each collection's PLABs are sized for the one before.
 *
 * @param young survivor-region PLABs; {@code null} when the log has no young PLAB figures
 * @param old   old-region PLABs; {@code null} when the log has no old PLAB figures
 */
public record PlabSizing(Destination young, Destination old) {

    /** Swings where both sizes are below this are left out: at such volumes the buffer size costs nothing. */
    public static final long SWING_FLOOR_BYTES = 256 * 1024;
    /** The factor between consecutive desired sizes that counts as a swing. */
    public static final double SWING_FACTOR = 2.0;

    /**
     * @param collections     collections with figures for this destination
     * @param allocatedBytes  PLAB space handed out, summed
     * @param wasteBytes      of that, space that held no object (wasted + unused + undo waste), summed
     * @param resized         collections with a sizing line (none with {@code -XX:-ResizePLAB})
     * @param minDesiredBytes smallest desired size (all workers together); -1 when never resized
     * @param p50DesiredBytes median desired size; -1 when never resized
     * @param maxDesiredBytes largest desired size; -1 when never resized
     * @param wastePct        waste in percent of the PLAB space handed out; NaN when none was
     * @param swings          consecutive resized collections whose desired sizes differ by {@link #SWING_FACTOR}
     *                        or more, the larger at least {@link #SWING_FLOOR_BYTES}
     * @param swingPct        swings in percent of the pairs of consecutive resized collections; NaN with fewer
     *                        than two
     */
    public record Destination(long collections, long allocatedBytes, long wasteBytes, double wastePct, long resized,
                              long minDesiredBytes, long p50DesiredBytes, long maxDesiredBytes, long swings,
                              double swingPct) {

        Destination(long collections, long allocatedBytes, long wasteBytes, long resized, long minDesiredBytes,
                    long p50DesiredBytes, long maxDesiredBytes, long swings) {
            this(collections, allocatedBytes, wasteBytes,
                    allocatedBytes <= 0 ? Double.NaN : 100.0 * wasteBytes / allocatedBytes, resized, minDesiredBytes,
                    p50DesiredBytes, maxDesiredBytes, swings, resized < 2 ? Double.NaN : 100.0 * swings / (resized - 1));
        }
    }

    static final class Accumulator implements Aggregation.OfGc {
        private final Side young = new Side();
        private final Side old = new Side();

        @Override
        public void add(GcEvent e) {
            PlabStatistics p = e.plab();
            if (p != null) {
                young.add(p.young());
                old.add(p.old());
            }
        }

        PlabSizing build() {
            Destination y = young.build();
            Destination o = old.build();
            return y == null && o == null ? null : new PlabSizing(y, o);
        }
    }

    private static final class Side {
        /** Desired sizes to two significant digits: enough for a median to fix a flag at. */
        private Histogram desired;
        private long collections;
        private long allocated;
        private long waste;
        private long resized;
        private long min = Long.MAX_VALUE;
        private long max = -1;
        private long prev = -1;
        private long swings;

        void add(PlabStatistics.Destination d) {
            if (d == null) {
                return;
            }
            collections++;
            if (d.allocatedBytes() > 0 && d.wasteBytes() >= 0) {
                allocated += d.allocatedBytes();
                waste += d.wasteBytes();
            }
            long size = d.desiredBytes();
            if (size <= 0) {
                return;
            }
            if (desired == null) {
                desired = new Histogram(2);
            }
            desired.recordValue(size);
            resized++;
            min = Math.min(min, size);
            max = Math.max(max, size);
            if (prev > 0 && Math.max(prev, size) >= SWING_FLOOR_BYTES
                    && Math.max(prev, size) >= SWING_FACTOR * Math.min(prev, size)) {
                swings++;
            }
            prev = size;
        }

        Destination build() {
            if (collections == 0) {
                return null;
            }
            if (resized == 0) {
                return new Destination(collections, allocated, waste, 0, -1, -1, -1, 0);
            }
            long p50 = Math.min(max, Math.max(min, desired.getValueAtPercentile(50)));
            return new Destination(collections, allocated, waste, resized, min, p50, max, swings);
        }
    }
}
