package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.PoolRole;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A pool, or the whole heap, over the run: the most it ever held and the most that was allocated for it (its
 * capacity), over every collection that logs it: the sizing table people compare generations by.
 *
 * @param name             as logged ({@code Heap} for the whole heap)
 * @param role             what the pool is
 * @param collections      collections that logged it
 * @param peakUsedBytes    the most it held, before or after a collection; -1 when unknown
 * @param maxCapacityBytes the largest capacity logged for it; -1 when the log gives none
 */
public record PoolPeak(String name, PoolRole role, long collections, long peakUsedBytes, long maxCapacityBytes) {

    static final class Accumulator implements Aggregation.OfGc {

        /** Distinct pool names kept: a damaged log cannot grow the table without bound. */
        static final int MAX_POOLS = 32;

        private final Map<String, long[]> pools = new LinkedHashMap<>();
        private final Map<String, PoolRole> roles = new LinkedHashMap<>();
        private long[] heap;

        @Override
        public void add(GcEvent e) {
            if (e.heap() != null) {
                heap = fold(heap, e.heap());
            }
            for (MemoryUsage p : e.pools()) {
                long[] slot = pools.get(p.name());
                if (slot == null && pools.size() >= MAX_POOLS) {
                    continue;
                }
                pools.put(p.name(), fold(slot, p));
                roles.putIfAbsent(p.name(), p.role());
            }
        }

        private static long[] fold(long[] slot, MemoryUsage u) {
            long[] s = slot != null ? slot : new long[] {0, -1, -1};
            s[0]++;
            s[1] = Math.max(s[1], Math.max(u.beforeBytes(), u.afterBytes()));
            s[2] = Math.max(s[2], u.capacityBytes());
            return s;
        }

        /** Pools in the order first seen, the whole heap last; empty when the log has no figures. */
        List<PoolPeak> build() {
            List<PoolPeak> out = new ArrayList<>();
            pools.forEach((name, s) -> out.add(new PoolPeak(name, roles.get(name), s[0], s[1], s[2])));
            if (heap != null) {
                out.add(new PoolPeak("Heap", PoolRole.HEAP, heap[0], heap[1], heap[2]));
            }
            return List.copyOf(out);
        }
    }
}
