package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.PoolRole;

/**
 * The room a G1 pause had when its evacuation failed: of the pauses that reported to-space exhausted, the one
 * that found the largest Eden, with the heap around it. Heap before minus Eden is what old regions and
 * survivors held; capacity minus heap before is all the pause had to copy into.
 *
 * @param pauses           young and mixed pauses that failed evacuation with Eden figures
 * @param edenBytes        Eden at the failed pause with the largest Eden
 * @param heapBeforeBytes  heap occupancy before that pause
 * @param capacityBytes    heap capacity at that pause
 * @param uptimeSec        when it happened
 */
public record FailedEvacuation(long pauses, long edenBytes, long heapBeforeBytes, long capacityBytes,
                               double uptimeSec) {

    /** Old regions and survivors before the pause: heap before minus Eden. */
    public long otherBytes() {
        return heapBeforeBytes - edenBytes;
    }

    /** What was free to copy into: capacity minus heap before. */
    public long freeBytes() {
        return capacityBytes - heapBeforeBytes;
    }

    static final class Accumulator implements Aggregation.OfGc {
        private long count;
        private FailedEvacuation largest;

        @Override
        public void add(GcEvent e) {
            if (!e.isPause() || !e.incidents().contains(GcIncident.EVACUATION_FAILURE)) {
                return;
            }
            MemoryUsage eden = e.pool(PoolRole.EDEN);
            MemoryUsage heap = e.heap();
            if (eden == null || heap == null || eden.beforeBytes() < 0 || heap.beforeBytes() < 0
                    || heap.capacityBytes() <= 0) {
                return;
            }
            count++;
            if (largest == null || eden.beforeBytes() > largest.edenBytes()) {
                largest = new FailedEvacuation(0, eden.beforeBytes(), heap.beforeBytes(), heap.capacityBytes(),
                        e.uptimeSec());
            }
        }

        FailedEvacuation build() {
            return largest == null ? null : new FailedEvacuation(count, largest.edenBytes(),
                    largest.heapBeforeBytes(), largest.capacityBytes(), largest.uptimeSec());
        }
    }
}
