package dev.jvmtune.lab.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvmtune.lab.store.StoredTrial;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SweepTest {

    static StoredTrial trial(int days, String outcome, double wall, double fullGcs) {
        TreeMap<String, Double> m = new TreeMap<>();
        if (outcome.equals("OK")) {
            m.put("wall", wall);
        }
        m.put("gc.fullCount", fullGcs);
        return new StoredTrial("e-1", days, "jdk17/a", "17", "17.0.15", "a", "-Xmx1g", Map.of("days", Integer.toString(days)),
                1, outcome, outcome.equals("OK") ? 0 : 1, wall, 1, "now", "/tmp", "", m);
    }

    @Test
    void lineCapacityAndKnee() {
        List<StoredTrial> t = new ArrayList<>();
        for (int d = 1; d <= 6; d++) {
            t.add(trial(d, "OK", 2.0 * d + 1, d >= 4 ? 1 : 0));
            t.add(trial(d, "OK", 2.0 * d + 1, d >= 5 ? 2 : 0));
        }
        t.add(trial(7, "OK", 15, 3));
        t.add(trial(7, "OOM", 9, 5));
        t.add(trial(8, "OOM", 9, 5));
        SweepLine l = Sweep.of("jdk17/a", t, "days", "wall");
        assertEquals(2.0, l.slope(), 1e-9);
        assertEquals(1.0, l.intercept(), 1e-9);
        assertEquals(1.0, l.rSquare(), 1e-9);
        assertEquals(13, l.points());
        assertEquals(6.0, l.capacity(), "7 had an OOM among its trials");
        assertEquals(5.0, l.fullGcKnee(), "at 4 only one of two trials had a Full GC");
        assertEquals("7: OOM", l.firstFailure());
    }

    @Test
    void nothingFinishedNoCapacityNoLine() {
        SweepLine l = Sweep.of("c", List.of(trial(1, "TIMEOUT", 60, 0), trial(2, "TIMEOUT", 60, 0)), "days", "wall");
        assertNull(l.capacity());
        assertNull(l.fullGcKnee());
        assertEquals(Double.NaN, l.slope());
    }
}
