package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcStall;
import dev.jvmtune.core.model.JvmEvent;

/**
 * How long the application was held up by the collector: its pauses plus the time threads stalled outside them.
 * On the concurrent collectors pauses are short and the threat is the wait for memory, so a pause-only figure
 * calls a stalled application healthy.
 *
 * @param totalMs  pauses plus stall time outside pauses: wall time during which the application (all of it, or
 *                 at least one thread) was held up
 * @param pausesMs the pauses' summed duration, as in {@code pauses.totalMs}
 * @param stallsMs wall time during which at least one thread was stalled and no pause was running
 * @param pct      {@code totalMs} as a share of the run
 */
public record HeldUp(double totalMs, double pausesMs, double stallsMs, double pct) {

    static final class Accumulator implements Aggregation {
        private final Stalls.Union pauses = new Stalls.Union();
        private final Stalls.Union pausesAndStalls = new Stalls.Union();

        @Override
        public void accept(JvmEvent e) {
            if (e instanceof GcEvent g && g.isPause()) {
                pauses.add(g.uptimeSec(), g.pauseMs());
                pausesAndStalls.add(g.uptimeSec(), g.pauseMs());
            } else if (e instanceof GcStall s && !s.gcThread()) {
                pausesAndStalls.add(s.uptimeSec(), s.durationMs());
            }
        }

        /**
         * @param pauseTotalMs the summed pauses: the stall time is added to them, so that a run without stalls is
         *                     held up exactly as long as it paused
         */
        HeldUp build(double pauseTotalMs, double durationSec) {
            double stalls = Math.max(0, pausesAndStalls.totalMs() - pauses.totalMs());
            double total = pauseTotalMs + stalls;
            return new HeldUp(total, pauseTotalMs, stalls, durationSec > 0 ? 100.0 * total / 1000.0 / durationSec
                    : Double.NaN);
        }
    }
}
