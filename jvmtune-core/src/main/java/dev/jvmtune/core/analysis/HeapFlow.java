package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.PoolRole;

/**
 * What flows through the heap between and in collections: allocation (heap occupancy before a collection minus
 * after the previous one), promotion (old-generation growth in young collections), what collections reclaimed,
 * the largest capacity, and the young space young pauses found full.
 */
final class HeapFlow implements Aggregation.OfGc {

    private static final double MIB = 1024.0 * 1024.0;

    private long prevHeapAfter = -1;
    private double allocated;
    /** Whether a collection followed another with heap figures: allocation is seen only between two. */
    private boolean allocationKnown;
    private long reclaimed;
    private double firstHeapTime = Double.NaN;
    private double lastHeapTime = Double.NaN;
    private double promoted;
    private boolean promotionKnown;
    private long capacityMax = -1;
    private double youngBeforeSum;
    private long youngBeforeCount;
    private long youngBeforeMax = -1;

    @Override
    public void add(GcEvent e) {
        if (e.kind() == GcKind.YOUNG || e.kind() == GcKind.CONCURRENT_START) {
            promotion(e);
            youngSpace(e);
        }
        MemoryUsage heap = e.heap();
        if (heap != null && heap.capacityBytes() > capacityMax) {
            capacityMax = heap.capacityBytes();
        }
        if (heap == null || heap.beforeBytes() < 0 || heap.afterBytes() < 0) {
            return;
        }
        if (prevHeapAfter >= 0) {
            allocated += Math.max(0, heap.beforeBytes() - prevHeapAfter);
            allocationKnown = true;
        }
        reclaimed += Math.max(0, heap.beforeBytes() - heap.afterBytes());
        prevHeapAfter = heap.afterBytes();
        double t = e.uptimeSec();
        if (!Double.isNaN(t)) {
            if (Double.isNaN(firstHeapTime)) {
                firstHeapTime = t;
            }
            lastHeapTime = t;
        }
    }

    /** The young space a young pause found full: Eden (G1) or the young generation before the pause. */
    private void youngSpace(GcEvent e) {
        for (MemoryUsage p : e.pools()) {
            if (p.role().youngSpace()) {
                if (p.beforeBytes() > 0) {
                    youngBeforeSum += p.beforeBytes();
                    youngBeforeCount++;
                    youngBeforeMax = Math.max(youngBeforeMax, p.beforeBytes());
                }
                return;
            }
        }
    }

    private void promotion(GcEvent e) {
        for (MemoryUsage p : e.pools()) {
            if (p.role() == PoolRole.OLD && p.beforeBytes() >= 0 && p.afterBytes() >= 0) {
                promoted += Math.max(0, p.afterBytes() - p.beforeBytes());
                promotionKnown = true;
                return;
            }
        }
    }

    /** MiB allocated per second between the first and last collection with heap figures; NaN if unknown. */
    double allocationRateMBps() {
        double span = lastHeapTime - firstHeapTime;
        return span > 0 ? allocated / MIB / span : Double.NaN;
    }

    /** MiB promoted per second, same time base; NaN without old-generation figures. */
    double promotionRateMBps() {
        double span = lastHeapTime - firstHeapTime;
        return promotionKnown && span > 0 ? promoted / MIB / span : Double.NaN;
    }

    Analysis.HeapSizes sizes() {
        return new Analysis.HeapSizes(capacityMax, youngBeforeCount == 0 ? Double.NaN
                : youngBeforeSum / youngBeforeCount, youngBeforeMax, allocationKnown ? Math.round(allocated) : -1,
                prevHeapAfter < 0 ? -1 : reclaimed);
    }
}
