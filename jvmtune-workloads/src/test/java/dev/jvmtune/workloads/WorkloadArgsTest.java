package dev.jvmtune.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WorkloadArgsTest {

    @Test
    void defaultsAreOverriddenInBothSpellings() {
        WorkloadArgs a = Workloads.TIMESERIES.parse(new String[] {"--days", "7", "--seed=42"});
        assertEquals(7, a.intValue("days", 1));
        assertEquals(42, a.longValue("seed", 0));
        assertEquals(1920, a.intValue("width", 1));
    }

    @Test
    void unknownNamesMissingValuesAndBadNumbersAreUsageErrors() {
        assertThrows(IllegalArgumentException.class, () -> Workloads.TIMESERIES.parse(new String[] {"--dayz", "7"}));
        assertThrows(IllegalArgumentException.class, () -> Workloads.TIMESERIES.parse(new String[] {"--days"}));
        WorkloadArgs a = Workloads.TIMESERIES.parse(new String[] {"--days", "0"});
        assertThrows(IllegalArgumentException.class, () -> a.intValue("days", 1));
        WorkloadArgs b = Workloads.CODECACHE.parse(new String[] {"--seconds", "x"});
        assertThrows(IllegalArgumentException.class, () -> b.doubleValue("seconds", 0));
    }

    @Test
    void helpIsRecognisedAndUsageNamesEveryParameter() {
        assertTrue(Workloads.CODECACHE.parse(new String[] {"--help"}).helpAsked());
        String usage = Workloads.CODECACHE.usage();
        for (Param p : Workloads.CODECACHE.params()) {
            assertTrue(usage.contains("--" + p.name()), usage);
        }
        assertTrue(usage.lines().allMatch(l -> l.length() <= 78), usage);
    }
}
