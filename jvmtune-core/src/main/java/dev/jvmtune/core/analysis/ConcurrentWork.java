package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;

/**
 * Concurrent phases (not the whole-cycle summaries) and their summed duration. G1 logs its marking as "Concurrent
 * Mark" around "Concurrent Mark From Roots" and "Concurrent Preclean" (and a restart after a mark stack overflow):
 * only the outer phase counts, or the marking time would be counted twice.
 *
 * @param count   concurrent phases
 * @param totalMs their summed duration
 */
public record ConcurrentWork(long count, double totalMs) {

    /** G1's phases inside "Concurrent Mark" (CMS has a "Concurrent Preclean" of its own, a phase in itself). */
    private static final java.util.Set<String> INSIDE_G1_MARK = java.util.Set.of("Concurrent Mark From Roots",
            "Concurrent Preclean", "Concurrent Mark Reset For Overflow");

    static final class Accumulator implements Aggregation.OfGc {
        private long count;
        private double ms;

        @Override
        public void add(GcEvent e) {
            if (e.kind() == GcKind.CONCURRENT && !(e.collector() == Collector.G1 && INSIDE_G1_MARK.contains(e.name()))) {
                count++;
                if (!Double.isNaN(e.durationMs())) {
                    ms += e.durationMs();
                }
            }
        }

        ConcurrentWork build() {
            return new ConcurrentWork(count, ms);
        }
    }
}
