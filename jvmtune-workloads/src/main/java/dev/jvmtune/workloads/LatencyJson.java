package dev.jvmtune.workloads;

import org.HdrHistogram.Histogram;

/** DESIGN.md's {@code latencyMs} object from a histogram of nanoseconds. */
public final class LatencyJson {

    private LatencyJson() {
    }

    public static MetricsFile of(Histogram nanos) {
        return new MetricsFile()
                .number("p50", nanos.getValueAtPercentile(50) / 1e6)
                .number("p99", nanos.getValueAtPercentile(99) / 1e6)
                .number("p999", nanos.getValueAtPercentile(99.9) / 1e6)
                .number("max", nanos.getMaxValue() / 1e6)
                .integer("count", nanos.getTotalCount());
    }
}
