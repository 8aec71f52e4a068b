package dev.jvmtune.workloads.jbb;

import dev.jvmtune.workloads.LatencyJson;
import dev.jvmtune.workloads.MetricsFile;
import org.HdrHistogram.Histogram;

/**
 * One load level: the rate asked for ({@code 0}: unthrottled), what was delivered, and the response times
 * timed from the schedule. A rated step passes when p99 is within the limit and at least 95% of the rate was
 * delivered (a server that falls behind its schedule has not sustained that rate, whatever its latencies say);
 * an unthrottled one neither passes nor fails.
 */
record Step(String phase, double targetOpsPerSec, double achievedOpsPerSec, double seconds, Histogram latency,
            boolean pass) {

    static final double DELIVERED = 0.95;

    static Step of(String phase, double target, long requests, double seconds, Histogram latency, double p99LimitMs) {
        double achieved = requests / seconds;
        boolean pass = target > 0 && latency.getValueAtPercentile(99) / 1e6 <= p99LimitMs
                && achieved >= DELIVERED * target;
        return new Step(phase, target, achieved, seconds, latency, pass);
    }

    String result() {
        return targetOpsPerSec <= 0 ? "unthrottled" : pass ? "pass" : "fail";
    }

    double p99Ms() {
        return latency.getValueAtPercentile(99) / 1e6;
    }

    MetricsFile json() {
        return new MetricsFile()
                .string("phase", phase)
                .number("targetOpsPerSec", targetOpsPerSec)
                .number("achievedOpsPerSec", achievedOpsPerSec)
                .number("seconds", seconds)
                .object("latencyMs", LatencyJson.of(latency))
                .string("result", result());
    }
}
