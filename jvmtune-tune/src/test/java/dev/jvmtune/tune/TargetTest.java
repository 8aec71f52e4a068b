package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TargetTest {

    @Test
    void absoluteGoalsInTheMetricsUnit() {
        Target t = Target.parse("gc.pause.p99Ms <= 50ms");
        assertEquals("gc.pause.p99Ms", t.metric());
        assertEquals("gc.pause.p99Ms", Target.parse("gc.pause.p99 <= 50ms").metric(), "a name of earlier versions");
        assertTrue(t.atMost());
        assertFalse(t.relative());
        assertEquals(50, t.value());
        assertTrue(t.holds(49.9, 80));
        assertFalse(t.holds(50.1, 80));
        assertEquals(1500, Target.parse("gc.pause.max <= 1.5s").value());
        assertEquals(0.25, Target.parse("wall<=250ms").value());
        assertEquals(95, Target.parse("gc.throughput >= 95%").value(), "unsigned %: the metric's own percent");
    }

    @Test
    void signedPercentagesAreRelativeToTheBaseline() {
        Target wall = Target.parse("wall <= -20%");
        assertTrue(wall.relative());
        assertEquals(8.0, wall.bound(10.0), 1e-9);
        assertTrue(wall.holds(7.9, 10.0));
        assertFalse(wall.holds(8.1, 10.0));
        Target guard = Target.parse("throughput >= -5%");
        assertFalse(guard.atMost());
        assertTrue(guard.holds(951, 1000));
        assertFalse(guard.holds(949, 1000));
        assertEquals("wallSec <= 8 s (baseline 10 -20%)", wall.describe(10));
    }

    @Test
    void badTargetsSayWhy() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Target.parse("p99 fast")).getMessage()
                .startsWith("cannot read target 'p99 fast'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Target.parse("gc.pauses <= 5ms")).getMessage()
                .startsWith("unknown metric 'gc.pauses'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Target.parse("wall <= -2s")).getMessage()
                .contains("needs '%'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Target.parse("gc.pause.p99 <= 5MB"))
                .getMessage().startsWith("unit 'MB' does not fit"));
    }
}
