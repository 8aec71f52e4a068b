package dev.jvmtune.tune;

import java.util.Map;

/**
 * The metric names goals and guards may use - the lab's stable names ({@link dev.jvmtune.lab.run.Metrics},
 * docs/lab.md) - with the unit a target's value is read in, and which way is better.
 */
public final class Metrics {

    /** Metric -> unit of its values. */
    public static final Map<String, String> KNOWN = Map.ofEntries(
            Map.entry("gc.pause.p50", "ms"), Map.entry("gc.pause.p99", "ms"), Map.entry("gc.pause.max", "ms"),
            Map.entry("gc.pause.mean", "ms"), Map.entry("gc.pause.total", "ms"), Map.entry("gc.pause.count", ""),
            Map.entry("gc.throughput", "%"), Map.entry("gc.fullCount", ""), Map.entry("gc.allocationRate", "MB/s"),
            Map.entry("wall", "s"), Map.entry("rss.peak", "B"), Map.entry("throughput", "ops/s"),
            Map.entry("latency.p50", "ms"), Map.entry("latency.p99", "ms"), Map.entry("latency.p999", "ms"),
            Map.entry("latency.max", "ms"));

    /** Prefix of any number in the program's metrics file ({@code metrics.wallSec}). */
    static final String FILE = "metrics.";

    private Metrics() {
    }

    public static boolean higherIsBetter(String metric) {
        return dev.jvmtune.lab.run.Metrics.higherIsBetter(metric);
    }

    public static String unit(String metric) {
        return KNOWN.getOrDefault(metric, "");
    }

    public static boolean known(String metric) {
        return KNOWN.containsKey(metric) || metric.startsWith(FILE) && metric.length() > FILE.length();
    }
}
