package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcStall;
import dev.jvmtune.core.model.JvmEvent;
import java.util.ArrayDeque;

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
        /**
         * Until the first stall, only the pauses a stall could still overlap ({@link Stalls.Union#HORIZON_SEC}), as
         * {start, ms}: most runs have no stalls, and keeping every pause in the unions cost a cold G1 analysis 5% of
         * its CPU. A pause without a start (or length) adds the same to both unions, so it is left out.
         */
        private final ArrayDeque<double[]> recentPauses = new ArrayDeque<>();
        private boolean stalled;

        @Override
        public void accept(JvmEvent e) {
            if (e instanceof GcEvent g && g.isPause()) {
                if (stalled) {
                    pause(g.uptimeSec(), g.pauseMs());
                } else if (!Double.isNaN(g.uptimeSec()) && g.pauseMs() > 0) {
                    double start = g.uptimeSec();
                    while (!recentPauses.isEmpty() && recentPauses.peekFirst()[0] + recentPauses.peekFirst()[1] / 1000
                            < start - Stalls.Union.HORIZON_SEC) {
                        recentPauses.pollFirst();
                    }
                    recentPauses.addLast(new double[] {start, g.pauseMs()});
                }
            } else if (e instanceof GcStall s && !s.gcThread()) {
                if (!stalled) {
                    stalled = true;
                    recentPauses.forEach(p -> pause(p[0], p[1]));
                    recentPauses.clear();
                }
                pausesAndStalls.add(s.uptimeSec(), s.durationMs());
            }
        }

        private void pause(double startSec, double ms) {
            pauses.add(startSec, ms);
            pausesAndStalls.add(startSec, ms);
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
