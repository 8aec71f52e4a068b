package dev.jvmtune.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MetricsTest {

    /** A rate's name ends with the time it is counted over: it is read as the rate, not as seconds. */
    @Test
    void unitsComeFromTheLongestSuffix() {
        assertEquals("ops/s", Metrics.unit("metrics.steadyOpsPerSec"));
        assertEquals("ops/s", Metrics.unit("throughputOpsPerSec"));
        assertEquals("s", Metrics.unit("wallSec"));
        assertEquals("s", Metrics.unit("jit.c2Sec"));
        assertEquals("ms", Metrics.unit("gc.pause.p99"), "a former name, read as its current one");
        assertEquals("MB/s", Metrics.unit("metrics.allocMBps"));
        assertEquals("", Metrics.unit("gc.fullCount"));
    }

    @Test
    void valuesAreWrittenWithTheirUnits() {
        assertEquals("110,861 ops/s", Metrics.format("metrics.steadyOpsPerSec", 110861));
        assertEquals("2.17 s", Metrics.format("wallSec", 2.17));
        assertEquals("94.2 MiB", Metrics.format("rss.peakBytes", 94.2 * 1024 * 1024));
        assertEquals("3", Metrics.format("gc.fullCount", 3));
    }
}
