package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.PoolRole;

/**
 * Class metadata as the collections saw it ({@code Metaspace} pool figures) and the collections it caused
 * ({@code Metadata GC Threshold}: metaspace reached its high-water mark, which starts at
 * {@code MetaspaceSize}; {@code Last ditch collection}: it could not grow).
 *
 * @param collections      collections with metaspace figures
 * @param firstAfterBytes  used after the first
 * @param lastAfterBytes   used after the last
 * @param peakBytes        the most used before any collection
 * @param capacityBytes    the largest committed (or reserved, as the log gives it) size
 * @param thresholdGcs     collections caused by {@code Metadata GC Threshold}: GC ids, whatever pauses and phases
 *                         each had (a Shenandoah cycle logs its cause on four pauses); pauses where the log has no ids
 * @param lastDitchGcs     collections caused by {@code Last ditch collection}, counted the same way
 */
public record Metaspace(long collections, long firstAfterBytes, long lastAfterBytes, long peakBytes,
                        long capacityBytes, long thresholdGcs, long lastDitchGcs) {

    static final class Accumulator implements Aggregation.OfGc {
        private long count;
        private long first = -1;
        private long last = -1;
        private long peak = -1;
        private long capacity = -1;
        private long threshold;
        private long lastDitch;
        /** The last GC id counted: a collection's events come under one id, ids only grow within a run. */
        private long lastCountedId = -1;

        @Override
        public void add(GcEvent e) {
            if (newCollection(e)) {
                if (e.cause().equals("Metadata GC Threshold")) {
                    threshold++;
                } else if (e.cause().equals("Last ditch collection")) {
                    lastDitch++;
                }
            }
            MemoryUsage m = e.pool(PoolRole.METASPACE);
            if (m == null || m.afterBytes() < 0) {
                return;
            }
            count++;
            if (first < 0) {
                first = m.afterBytes();
            }
            last = m.afterBytes();
            peak = Math.max(peak, Math.max(m.beforeBytes(), m.afterBytes()));
            capacity = Math.max(capacity, m.capacityBytes());
        }

        /** Whether {@code e} is the first event of a collection: a new GC id, or a pause where the log has none. */
        private boolean newCollection(GcEvent e) {
            if (e.gcId() < 0) {
                return e.isPause();
            }
            if (e.gcId() == lastCountedId || e.cause().isEmpty()) {
                return false;
            }
            lastCountedId = e.gcId();
            return true;
        }

        Metaspace build() {
            return count == 0 && threshold == 0 && lastDitch == 0 ? null
                    : new Metaspace(count, first, last, peak, capacity, threshold, lastDitch);
        }
    }
}
