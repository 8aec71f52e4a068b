package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;

/**
 * How much the log tells per pause: a log without phases, pools or CPU times cannot support the rules that
 * need them (evacuation speed, reference processing, parallelism), and the report says which flags add them.
 *
 * @param pauses          pauses
 * @param withPhases      pauses with timed phases
 * @param withPools       pauses with per-generation or per-region-type figures
 * @param withCpu         pauses with user/sys/real times
 * @param withHeap        pauses with whole-heap figures
 */
public record LogDetail(long pauses, long withPhases, long withPools, long withCpu, long withHeap) {

    static final class Accumulator implements Aggregation.OfGc {
        private long pauses;
        private long phases;
        private long pools;
        private long cpu;
        private long heap;

        @Override
        public void add(GcEvent e) {
            if (!e.isPause()) {
                return;
            }
            pauses++;
            if (!e.phases().isEmpty()) {
                phases++;
            }
            if (!e.pools().isEmpty()) {
                pools++;
            }
            if (e.cpu() != null) {
                cpu++;
            }
            if (e.heap() != null) {
                heap++;
            }
        }

        LogDetail build() {
            return new LogDetail(pauses, phases, pools, cpu, heap);
        }
    }
}
