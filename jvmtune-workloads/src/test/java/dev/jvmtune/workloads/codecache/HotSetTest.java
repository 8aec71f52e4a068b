package dev.jvmtune.workloads.codecache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** The rotating hot set: S4's moving hot code, which must visit every handler and wrap around. */
class HotSetTest {

    private static final long MS = 1_000_000L;

    @Test
    void allHandlersHotWithoutRotation() {
        HotSet all = HotSet.all(10);
        assertEquals(0, all.offset(0));
        assertEquals(0, all.offset(Long.MAX_VALUE));
        assertEquals(9, all.handler(all.offset(123), 9));
    }

    @Test
    void movesOnByItsSizeEachPeriodAndWraps() {
        HotSet hot = new HotSet(10, 4, 100 * MS, 5_000 * MS);
        assertEquals(0, hot.offset(4_000 * MS), "before serving began");
        assertEquals(0, hot.offset(5_099 * MS));
        assertEquals(4, hot.offset(5_100 * MS));
        assertEquals(8, hot.offset(5_200 * MS));
        assertEquals(2, hot.offset(5_300 * MS), "wraps around the handlers");
        assertEquals(9, hot.handler(8, 1));
        assertEquals(1, hot.handler(8, 3), "a hot set straddling the end continues at the start");
        BitSet visited = new BitSet();
        for (int period = 0; period < 5; period++) {
            int offset = hot.offset(5_000 * MS + period * 100 * MS);
            for (int pick = 0; pick < hot.size(); pick++) {
                visited.set(hot.handler(offset, pick));
            }
        }
        assertEquals(10, visited.cardinality(), "every handler becomes hot in turn");
    }

    @Test
    void sizeMustFitTheHandlers() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new HotSet(10, 11, MS, 0)).getMessage()
                .contains("--hot-set must be 1 to --classes (10), not 11"));
        assertThrows(IllegalArgumentException.class, () -> new HotSet(10, 0, MS, 0));
    }
}
