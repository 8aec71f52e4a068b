package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.PoolRole;

/**
 * The split of a generational heap (Parallel, Serial, CMS) between young and old at its Full GCs, where the
 * old generation ran out (S3: a large young generation leaves the old one too small for the data).
 *
 * @param fullGcs            Full GCs with both generations' figures
 * @param youngCapacityBytes young generation capacity at the last of them
 * @param oldCapacityBytes   old generation capacity at the last of them
 * @param oldBeforeMaxBytes  the fullest the old generation was at one of them
 * @param oldAfterMaxBytes   the most it kept after one of them (what survived: the data the old generation must hold)
 */
public record Generations(long fullGcs, long youngCapacityBytes, long oldCapacityBytes, long oldBeforeMaxBytes,
                          long oldAfterMaxBytes) {

    /** Young share of young + old capacity, 0..1. */
    public double youngShare() {
        long total = youngCapacityBytes + oldCapacityBytes;
        return total > 0 ? (double) youngCapacityBytes / total : Double.NaN;
    }

    static final class Accumulator implements Aggregation.OfGc {
        private long count;
        private long young = -1;
        private long old = -1;
        private long oldBefore = -1;
        private long oldAfter = -1;

        @Override
        public void add(GcEvent e) {
            if (e.kind() != GcKind.FULL) {
                return;
            }
            MemoryUsage y = null;
            MemoryUsage o = null;
            for (MemoryUsage p : e.pools()) {
                if (p.role() == PoolRole.YOUNG) {
                    y = p;
                } else if (p.role() == PoolRole.OLD) {
                    o = p;
                }
            }
            if (y == null || o == null || y.capacityBytes() <= 0 || o.capacityBytes() <= 0) {
                return;
            }
            count++;
            young = y.capacityBytes();
            old = o.capacityBytes();
            oldBefore = Math.max(oldBefore, o.beforeBytes());
            oldAfter = Math.max(oldAfter, o.afterBytes());
        }

        Generations build() {
            return count == 0 ? null : new Generations(count, young, old, oldBefore, oldAfter);
        }
    }
}
