package dev.jvmtune.lab.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.store.StoredTrial;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A configuration over memory limits: the smallest limit that held and where GC overhead climbs, read from trials. */
class LimitSweepTest {

    private static StoredTrial at(String limit, String outcome, double gcThroughputPct) {
        TreeMap<String, Double> m = new TreeMap<>();
        if (outcome.equals("OK")) {
            m.put(Metrics.GC_THROUGHPUT, gcThroughputPct);
        }
        m.put(Metrics.FOOTPRINT_RSS, 100e6);
        return new StoredTrial("e-1", 1, "jdk17/g1", "17", "17.0.15", "g1", "-Xmx1g", Map.of("memoryLimit", limit), 1,
                outcome, outcome.equals("OK") ? 0 : 137, 1, 1, "now", "/tmp", "", m);
    }

    @Test
    void theSmallestLimitThatHeldAndWhereGcOverheadClimbs() {
        LimitSweep l = LimitSweep.of("jdk17/g1", Map.of(), List.of(at("128m", "OOM_KILLED", 0),
                at("192m", "OK", 70), at("192m", "OOM_KILLED", 0), at("256m", "OK", 80), at("384m", "OK", 95),
                at("512m", "OK", 97), at("1g", "OK", 97.5)));
        assertEquals(List.of("128m", "192m", "256m", "384m", "512m", "1g"), l.points().stream()
                .map(LimitSweep.Point::limit).toList(), "in ascending bytes, whatever the order written");
        assertEquals(256L << 20, l.smallestHeldBytes(), "192m killed one of its two trials");
        assertEquals(1, l.points().get(1).oomKilled());
        // overhead 2.5% at 1g; 3% at 512m is within 1.5 x 2.5 + 1 = 4.75%, 5% at 384m is not
        assertEquals(512L << 20, l.climbsBelowBytes(), "5% at 384m is over 1.5 x 2.5% + 1 point");
    }

    @Test
    void nothingHeldNothingClimbed() {
        LimitSweep l = LimitSweep.of("jdk17/g1", Map.of(), List.of(at("128m", "OOM_KILLED", 0),
                at("256m", "OK", 96), at("512m", "OOM_KILLED", 0)));
        assertNull(l.smallestHeldBytes(), "the largest limit failed: none held with every larger one");
        assertNull(l.climbsBelowBytes(), "no overhead at the largest limit to climb from");
    }
}
