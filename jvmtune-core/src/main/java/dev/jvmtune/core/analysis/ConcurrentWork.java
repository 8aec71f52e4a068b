package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;

/**
 * Concurrent phases (not the whole-cycle summaries) and their summed duration.
 *
 * @param count   concurrent phases
 * @param totalMs their summed duration
 */
public record ConcurrentWork(long count, double totalMs) {

    static final class Accumulator implements Aggregation.OfGc {
        private long count;
        private double ms;

        @Override
        public void add(GcEvent e) {
            if (e.kind() == GcKind.CONCURRENT) {
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
