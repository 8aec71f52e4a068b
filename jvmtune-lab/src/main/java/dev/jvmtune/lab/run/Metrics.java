package dev.jvmtune.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseStats;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The stable metric names of a trial, usable in goals, queries and comparisons. Units are in the names'
 * documentation (docs/lab.md): times of the trial in seconds, pauses in milliseconds, memory in bytes.
 */
public final class Metrics {

    /** Trial wall time, start to exit, s. */
    public static final String WALL = "wall";
    /** Peak resident memory of the process tree, bytes. */
    public static final String RSS_PEAK = "rss.peak";
    /** jvmtune's own time around the child (preparing, analyzing its log, writing result.json), s. */
    public static final String LAB_OVERHEAD = "lab.overhead";
    /** Exit status (-1: killed). */
    public static final String EXIT = "exit";
    public static final String GC_PAUSE_COUNT = "gc.pause.count";
    public static final String GC_PAUSE_TOTAL = "gc.pause.total";
    public static final String GC_PAUSE_MEAN = "gc.pause.mean";
    public static final String GC_PAUSE_P50 = "gc.pause.p50";
    public static final String GC_PAUSE_P99 = "gc.pause.p99";
    public static final String GC_PAUSE_MAX = "gc.pause.max";
    /** Share of the log's time not paused by GC, %. */
    public static final String GC_THROUGHPUT = "gc.throughput";
    public static final String GC_FULL_COUNT = "gc.fullCount";
    /** MiB/s. */
    public static final String GC_ALLOCATION_RATE = "gc.allocationRate";
    /** Time the GC log covers, s. */
    public static final String GC_DURATION = "gc.duration";
    /** From the metrics file's {@code throughputOpsPerSec}. */
    public static final String THROUGHPUT = "throughput";
    /** Prefix of the metrics file's {@code latencyMs} fields: latency.p50, latency.p99, latency.p999, latency.max. */
    public static final String LATENCY = "latency.";
    /** Prefix of every other number in the metrics file, nested objects joined by dots (metrics.phasesSec.transfer). */
    public static final String FILE = "metrics.";

    private static final Set<String> HIGHER_IS_BETTER = Set.of(GC_THROUGHPUT, THROUGHPUT);

    private Metrics() {
    }

    /** Whether a larger value of the metric is better (throughputs, ops per second); all others are costs. */
    public static boolean higherIsBetter(String name) {
        return HIGHER_IS_BETTER.contains(name) || name.toLowerCase(java.util.Locale.ROOT).contains("opspersec")
                || name.toLowerCase(java.util.Locale.ROOT).endsWith("throughput");
    }

    /** The GC log's figures under their stable names; NaN figures (no pauses) are left out. */
    static void fromAnalysis(Analysis a, Map<String, Double> into) {
        PauseStats p = a.pauses();
        put(into, GC_PAUSE_COUNT, p.count());
        put(into, GC_PAUSE_TOTAL, p.totalMs());
        put(into, GC_PAUSE_MEAN, p.meanMs());
        put(into, GC_PAUSE_P50, p.p50Ms());
        put(into, GC_PAUSE_P99, p.p99Ms());
        put(into, GC_PAUSE_MAX, p.count() == 0 ? 0 : p.maxMs());
        put(into, GC_THROUGHPUT, a.throughputPct());
        put(into, GC_FULL_COUNT, a.fullGcCount());
        put(into, GC_ALLOCATION_RATE, a.allocationRateMBps());
        put(into, GC_DURATION, a.durationSec());
    }

    /** Numbers kept of one metrics file: each is a row in the results database. */
    static final int MAX_FILE_METRICS = 10_000;

    /**
     * The metrics file: throughputOpsPerSec and latencyMs under their short names, every number under metrics.*.
     *
     * @return false when the file held more than {@link #MAX_FILE_METRICS} numbers (the rest are left out)
     */
    static boolean fromMetricsFile(JsonNode root, Map<String, Double> into) {
        if (root.path("throughputOpsPerSec").isNumber()) {
            put(into, THROUGHPUT, root.get("throughputOpsPerSec").asDouble());
        }
        JsonNode latency = root.path("latencyMs");
        for (Iterator<Map.Entry<String, JsonNode>> it = latency.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isNumber()) {
                put(into, LATENCY + e.getKey(), e.getValue().asDouble());
            }
        }
        return flatten(FILE, root, into, into.size() + MAX_FILE_METRICS);
    }

    private static boolean flatten(String prefix, JsonNode node, Map<String, Double> into, int limit) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (into.size() >= limit) {
                return false;
            }
            if (e.getValue().isNumber()) {
                put(into, prefix + e.getKey(), e.getValue().asDouble());
            } else if (e.getValue().isObject() && !flatten(prefix + e.getKey() + ".", e.getValue(), into, limit)) {
                return false;
            } // arrays (per-window series) stay in the file
        }
        return true;
    }

    static void put(Map<String, Double> into, String name, double value) {
        if (!Double.isNaN(value) && !Double.isInfinite(value)) {
            into.put(name, value);
        }
    }
}
