package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.MemoryUsage;

/**
 * How the heap's committed capacity moved: each change between consecutive collections is an expansion or
 * a shrink (S3: a heap that grows from a small -Xms pays for it in collections until it reaches -Xmx).
 *
 * @param collections   collections with a heap capacity
 * @param firstBytes    capacity at the first
 * @param minBytes      smallest capacity
 * @param maxBytes      largest capacity
 * @param expansions    times the capacity grew from one collection to the next
 * @param shrinks       times it shrank
 * @param reachedMaxSec when the capacity first reached {@code maxBytes}; NaN when unknown
 * @param belowMaxPauses pauses taken while the capacity was below {@code maxBytes}: what a heap committed whole at
 *                       start could have spared
 * @param belowMaxMs     their summed duration
 */
public record HeapResizing(long collections, long firstBytes, long minBytes, long maxBytes, long expansions,
                           long shrinks, double reachedMaxSec, long belowMaxPauses, double belowMaxMs) {

    static final class Accumulator implements Aggregation.OfGc {
        private long count;
        private long first = -1;
        private long prev = -1;
        private long min = Long.MAX_VALUE;
        private long max = -1;
        private long up;
        private long down;
        private double reachedMax = Double.NaN;
        private long pauses;
        private double pauseMs;
        private long belowMax;
        private double belowMaxMs;

        @Override
        public void add(GcEvent e) {
            MemoryUsage heap = e.heap();
            if (heap == null || heap.capacityBytes() <= 0) {
                return;
            }
            long c = heap.capacityBytes();
            count++;
            if (first < 0) {
                first = c;
            }
            if (prev >= 0 && c > prev) {
                up++;
            } else if (prev >= 0 && c < prev) {
                down++;
            }
            prev = c;
            min = Math.min(min, c);
            if (c > max) {
                max = c;
                reachedMax = e.uptimeSec();
                belowMax = pauses; // every pause so far was below the new largest capacity
                belowMaxMs = pauseMs;
            }
            if (e.isPause() && !Double.isNaN(e.pauseMs())) {
                pauses++;
                pauseMs += e.pauseMs();
                if (c < max) {
                    belowMax++;
                    belowMaxMs += e.pauseMs();
                }
            }
        }

        HeapResizing build() {
            return count == 0 ? null : new HeapResizing(count, first, min, max, up, down, reachedMax, belowMax,
                    belowMaxMs);
        }
    }
}
