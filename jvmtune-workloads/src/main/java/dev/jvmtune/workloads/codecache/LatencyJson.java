package dev.jvmtune.workloads.codecache;

import dev.jvmtune.workloads.MetricsFile;
import org.HdrHistogram.Histogram;

/** DESIGN.md's {@code latencyMs} object from a histogram of nanoseconds. */
final class LatencyJson {

    private LatencyJson() {
    }

    static MetricsFile of(Histogram nanos) {
        return new MetricsFile()
                .number("p50", nanos.getValueAtPercentile(50) / 1e6)
                .number("p99", nanos.getValueAtPercentile(99) / 1e6)
                .number("p999", nanos.getValueAtPercentile(99.9) / 1e6)
                .number("max", nanos.getMaxValue() / 1e6)
                .integer("count", nanos.getTotalCount());
    }
}
