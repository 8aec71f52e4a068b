package dev.jvmtune.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.run.KeyFigure;
import dev.jvmtune.core.run.Run;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The stable metric names of a trial, usable in goals, queries and comparisons, each with its unit last:
 * times of the trial in seconds ({@code wallSec}), pauses in milliseconds ({@code gc.pause.p99Ms}), memory in
 * bytes ({@code rss.peakBytes}); docs/lab.md lists them. The GC log's are core's {@link KeyFigure}s, read from
 * the trial's {@link Run}. Names of earlier versions ({@code wall}, {@code gc.pause.p99}) still work wherever a
 * name is given or stored ({@link #canonical}).
 */
public final class Metrics {

    /** Trial wall time, start to exit, s. */
    public static final String WALL = "wallSec";
    /** Peak resident memory of the process tree, bytes. */
    public static final String RSS_PEAK = "rss.peakBytes";
    /** jvmtune's own time around the child (preparing, analyzing its log, writing result.json), s. */
    public static final String LAB_OVERHEAD = "lab.overheadSec";
    /** Exit status (-1: killed). */
    public static final String EXIT = "exit";
    /**
     * Time the JIT compilers spent compiling, C1 and C2 together, s: -XX:+CITime's sums at exit, read from the JVM's
     * own log ({@link ExitReports}). The compiler threads run beside the application, so on few cores this is CPU the
     * application did not get.
     */
    public static final String JIT_COMPILE = "jit.compileSec";
    /** Of {@link #JIT_COMPILE}, C2's (the optimizing compiler) share, s. */
    public static final String JIT_C2 = "jit.c2Sec";
    /** CPU time of the GC's threads over the run, pauses and concurrent work, s: the JVM's counters (JDK 22+). */
    public static final String GC_CPU = "gc.cpuSec";
    /** Of {@link #GC_CPU}, the concurrent threads' (marking, refinement), s. */
    public static final String GC_CONCURRENT_CPU = "gc.concurrentCpuSec";
    public static final String GC_PAUSE_COUNT = KeyFigure.PAUSE_COUNT.metric();
    public static final String GC_PAUSE_TOTAL = KeyFigure.PAUSE_TOTAL.metric();
    public static final String GC_PAUSE_MEAN = KeyFigure.PAUSE_MEAN.metric();
    public static final String GC_PAUSE_P50 = KeyFigure.PAUSE_P50.metric();
    public static final String GC_PAUSE_P99 = KeyFigure.PAUSE_P99.metric();
    public static final String GC_PAUSE_MAX = KeyFigure.PAUSE_MAX.metric();
    /** Share of the log's time not paused by GC, %. */
    public static final String GC_THROUGHPUT = KeyFigure.THROUGHPUT.metric();
    public static final String GC_FULL_COUNT = KeyFigure.FULL_COUNT.metric();
    /** MiB/s. */
    public static final String GC_ALLOCATION_RATE = KeyFigure.ALLOCATION_RATE.metric();
    /** Time the GC log covers, s. */
    public static final String GC_DURATION = KeyFigure.DURATION.metric();
    /** From the metrics file's {@code throughputOpsPerSec}. */
    public static final String THROUGHPUT = "throughputOpsPerSec";
    /**
     * Prefix of the metrics file's {@code latencyMs} fields, each with {@code Ms} after its name: latency.p50Ms,
     * latency.p99Ms, latency.p999Ms, latency.maxMs.
     */
    public static final String LATENCY = "latency.";
    /** Prefix of every other number in the metrics file, nested objects joined by dots (metrics.phasesSec.transfer). */
    public static final String FILE = "metrics.";
    /**
     * Prefix of the JVM's footprint at its resident peak: {@code footprint.rssPeakBytes} (its own high-water mark),
     * {@code footprint.pssBytes}, {@code footprint.heapResidentBytes}, {@code footprint.threads} and, per part,
     * its committed bytes ({@code footprint.metaspaceBytes}, {@code footprint.codeCacheBytes}...).
     */
    public static final String FOOTPRINT = "footprint.";
    /** The JVM's own resident peak (VmHWM), B: the process tree's {@link #RSS_PEAK} less the launchers around it. */
    public static final String FOOTPRINT_RSS = FOOTPRINT + "rssPeakBytes";
    /** The peak charge of the memory cgroup a trial ran in, B; {@code cgroup.limitBytes}, {@code cgroup.oomKills}. */
    public static final String CGROUP_PEAK = "cgroup.peakBytes";
    public static final String CGROUP_LIMIT = "cgroup.limitBytes";
    public static final String CGROUP_OOM_KILLS = "cgroup.oomKills";

    private static final Set<String> HIGHER_IS_BETTER = Set.of(GC_THROUGHPUT, THROUGHPUT);
    /** Names of earlier versions, without their units. */
    private static final Map<String, String> FORMER = Map.ofEntries(Map.entry("wall", WALL),
            Map.entry("rss.peak", RSS_PEAK), Map.entry("lab.overhead", LAB_OVERHEAD),
            Map.entry("gc.pause.total", GC_PAUSE_TOTAL), Map.entry("gc.pause.mean", GC_PAUSE_MEAN),
            Map.entry("gc.pause.p50", GC_PAUSE_P50), Map.entry("gc.pause.p99", GC_PAUSE_P99),
            Map.entry("gc.pause.max", GC_PAUSE_MAX), Map.entry("gc.throughput", GC_THROUGHPUT),
            Map.entry("gc.allocationRate", GC_ALLOCATION_RATE), Map.entry("gc.duration", GC_DURATION),
            Map.entry("throughput", THROUGHPUT));

    /** Every standard name, in the order docs/lab.md lists them. */
    public static final List<String> STANDARD = standard();

    private Metrics() {
    }

    private static List<String> standard() {
        List<String> names = new ArrayList<>(List.of(WALL, RSS_PEAK, LAB_OVERHEAD, EXIT, JIT_COMPILE, JIT_C2, GC_CPU,
                GC_CONCURRENT_CPU));
        for (KeyFigure f : KeyFigure.values()) {
            names.add(f.metric());
        }
        names.addAll(List.of(THROUGHPUT, LATENCY + "p50Ms", LATENCY + "p99Ms", LATENCY + "p999Ms", LATENCY + "maxMs"));
        return List.copyOf(names);
    }

    /** The unit of a metric, read from its name's suffix: {@code ms}, {@code s}, {@code B}, {@code %}... */
    public static String unit(String name) {
        String n = canonical(name);
        for (String[] u : UNITS) {
            if (n.endsWith(u[0])) {
                return u[1];
            }
        }
        return "";
    }

    /** Suffixes and their units, the first that ends a name wins: a rate before the time it ends with. */
    private static final String[][] UNITS = {{"OpsPerSec", "ops/s"}, {"MBps", "MB/s"}, {"Ms", "ms"}, {"Sec", "s"},
        {"Bytes", "B"}, {"Pct", "%"}};

    /**
     * A metric's value as a person reads it, with its unit: sizes in KiB, MiB or GiB ({@code rss.peakBytes 94.2 MiB}),
     * times and rates with three significant digits ({@code 12.3 ms}, {@code 1,744 MB/s}), counts whole
     * ({@code gc.fullCount 0}); a number without a unit in its name as it is, to four digits.
     */
    public static String format(String name, double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        String unit = unit(name);
        double a = Math.abs(v);
        if (unit.equals("B")) {
            String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
            int i = 0;
            while (a >= 1024 && i < units.length - 1) {
                a /= 1024;
                v /= 1024;
                i++;
            }
            return String.format(java.util.Locale.ROOT, i == 0 ? "%.0f %s" : "%.1f %s", v, units[i]);
        }
        String n = v == Math.rint(v) && a < 1e15 ? String.format(java.util.Locale.ROOT, "%,d", (long) v)
                : String.format(java.util.Locale.ROOT, a >= 100 ? "%,.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g", v);
        return unit.isEmpty() ? n : n + " " + unit;
    }

    /**
     * The current name of a metric named the way earlier versions did ({@code gc.pause.p99} ->
     * {@code gc.pause.p99Ms}, {@code latency.p99} -> {@code latency.p99Ms}); any other name as it is.
     */
    public static String canonical(String name) {
        String now = FORMER.get(name);
        if (now != null) {
            return now;
        }
        return name.startsWith(LATENCY) && !name.endsWith("Ms") ? name + "Ms" : name;
    }

    /** Whether a larger value of the metric is better (throughputs, ops per second); all others are costs. */
    public static boolean higherIsBetter(String name) {
        String n = canonical(name);
        return HIGHER_IS_BETTER.contains(n) || n.toLowerCase(java.util.Locale.ROOT).contains("opspersec")
                || n.toLowerCase(java.util.Locale.ROOT).endsWith("throughput")
                || n.toLowerCase(java.util.Locale.ROOT).endsWith("throughputpct");
    }

    /** The GC log's figures under their stable names; NaN figures (no pauses) are left out. */
    static void fromRun(Run run, Map<String, Double> into) {
        for (KeyFigure f : KeyFigure.values()) {
            put(into, f.metric(), f.of(run.summary()));
        }
    }

    /** A part's committed bytes at the resident peak, by its key: {@code footprint.codeCacheBytes}. */
    public static String footprintPart(dev.jvmtune.core.memory.MemoryPart part) {
        return FOOTPRINT + part.key() + "Bytes";
    }

    /** The footprint's figures (none without one) and the cgroup's (none without one) under their names. */
    static void fromFootprint(dev.jvmtune.core.memory.Footprint fp, MemoryCgroup.Usage cgroup,
                              Map<String, Double> into) {
        if (fp != null) {
            positive(into, FOOTPRINT_RSS, fp.resident().peakBytes());
            positive(into, FOOTPRINT + "pssBytes", fp.resident().pssBytes());
            if (fp.resident().heapBytes() >= 0) {
                put(into, FOOTPRINT + "heapResidentBytes", fp.resident().heapBytes());
            }
            positive(into, FOOTPRINT + "threads", fp.threadsPeak());
            for (dev.jvmtune.core.memory.Footprint.Part p : fp.parts()) {
                if (p.atPeakBytes() >= 0) {
                    put(into, footprintPart(p.part()), p.atPeakBytes());
                }
            }
        }
        if (cgroup != null) {
            put(into, CGROUP_LIMIT, cgroup.limitBytes());
            positive(into, CGROUP_PEAK, cgroup.peakBytes());
            if (cgroup.oomKills() >= 0) {
                put(into, CGROUP_OOM_KILLS, cgroup.oomKills());
            }
        }
    }

    private static void positive(Map<String, Double> into, String name, long value) {
        if (value > 0) {
            put(into, name, value);
        }
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
                put(into, LATENCY + e.getKey() + "Ms", e.getValue().asDouble());
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
