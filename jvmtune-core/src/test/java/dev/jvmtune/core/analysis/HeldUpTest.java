package dev.jvmtune.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.GcStall;
import dev.jvmtune.core.model.JvmEvent;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Held up = pauses + the time at least one thread stalled while no pause ran, whenever the first stall comes. */
class HeldUpTest {

    private static GcEvent pause(double startSec, double ms) {
        return new GcEvent(1, startSec, null, Collector.ZGC, GcKind.YOUNG, "Pause", "", ms, ms, null, List.of(),
                List.of(), null, Set.of(), 0);
    }

    private static GcStall stall(double startSec, double ms, String thread) {
        return new GcStall(startSec, GcStall.Kind.ALLOCATION, thread, ms, false, 0);
    }

    private static HeldUp heldUp(double pauseTotalMs, JvmEvent... events) {
        HeldUp.Accumulator a = new HeldUp.Accumulator();
        for (JvmEvent e : events) {
            a.accept(e);
        }
        return a.build(pauseTotalMs, 100);
    }

    @Test
    void withoutStallsItIsThePauses() {
        HeldUp h = heldUp(30, pause(1, 10), pause(2, 20));
        assertEquals(30, h.totalMs(), 1e-9);
        assertEquals(0, h.stallsMs(), 1e-9);
        assertEquals(0.03, h.pct(), 1e-9);
    }

    @Test
    void stallsCountOnceAndOnlyOutsidePauses() {
        // a pause from 5.000 to 5.010 s; two threads stalled 4.995-5.025 and 5.000-5.020: 20 ms outside the pause
        HeldUp h = heldUp(10, pause(1, 10), pause(5, 10), stall(4.995, 30, "a"), stall(5.0, 20, "b"));
        assertEquals(20, h.stallsMs(), 1e-6);
        assertEquals(30, h.totalMs(), 1e-6);
    }

    @Test
    void pausesBeforeTheFirstStallAndAfterItAreLeftOut() {
        // the first stall (19.995-20.015 s) overlaps the pause at 20.000-20.010 s, seen before any stall: 10 ms
        // outside; the second (29.990-30.010 s) arrives before the pause it overlaps (a recording's buffers): 10 ms
        HeldUp h = heldUp(30, pause(1, 10), pause(20, 10), stall(19.995, 20, "a"), stall(29.99, 20, "a"),
                pause(30, 10));
        assertEquals(20, h.stallsMs(), 1e-6);
        assertEquals(50, h.totalMs(), 1e-6);
    }
}
