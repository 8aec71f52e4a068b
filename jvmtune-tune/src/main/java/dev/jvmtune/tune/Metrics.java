package dev.jvmtune.tune;

import java.util.Map;
import java.util.Set;

/**
 * The names goals and guards use for what a trial measured, and which way is better. GC metrics come from
 * the trial's GC log, workload metrics from its {@code JVMTUNE_METRICS} file, {@code process.*} from the
 * process itself; any other top-level number of the metrics file is {@code app.NAME}.
 */
public final class Metrics {

    /** Metric -> unit, for the names jvmtune itself fills in. */
    public static final Map<String, String> KNOWN = Map.ofEntries(
            Map.entry("gc.pause.p99", "ms"), Map.entry("gc.pause.max", "ms"), Map.entry("gc.pause.mean", "ms"),
            Map.entry("gc.pause.total", "ms"), Map.entry("gc.throughput", "%"), Map.entry("gc.fullCount", ""),
            Map.entry("wall", "s"), Map.entry("throughput", "ops/s"), Map.entry("latency.p50", "ms"),
            Map.entry("latency.p99", "ms"), Map.entry("latency.p999", "ms"), Map.entry("latency.max", "ms"),
            Map.entry("process.wall", "s"));

    private static final Set<String> HIGHER_IS_BETTER = Set.of("gc.throughput", "throughput");

    private Metrics() {
    }

    public static boolean higherIsBetter(String metric) {
        return HIGHER_IS_BETTER.contains(metric) || metric.startsWith("app.") && metric.endsWith("PerSec");
    }

    public static String unit(String metric) {
        return KNOWN.getOrDefault(metric, "");
    }

    public static boolean known(String metric) {
        return KNOWN.containsKey(metric) || metric.startsWith("app.");
    }
}
