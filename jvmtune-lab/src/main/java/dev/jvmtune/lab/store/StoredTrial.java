package dev.jvmtune.lab.store;

import dev.jvmtune.lab.run.Metrics;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A finished trial as the store keeps it: where it stood in its experiment and what came out.
 *
 * @param config  "jdk17/xms-xmx": the JDK and flag set compared across
 * @param params  parameter -> value
 * @param repeat  1-based, 0 for a warm-up
 * @param started ISO-8601 instant
 */
public record StoredTrial(String experimentId, int seq, String config, String jdk, String jdkVersion, String flagSet,
                          String flags, Map<String, String> params, int repeat, String outcome, int exitCode,
                          double wallSec, long peakRssBytes, String started, String outDir, String notes,
                          SortedMap<String, Double> metrics) {

    public StoredTrial {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        TreeMap<String, Double> current = new TreeMap<>();
        metrics.forEach((k, v) -> current.put(Metrics.canonical(k), v)); // stores of earlier versions
        metrics = Collections.unmodifiableSortedMap(current);
    }

    public boolean warmup() {
        return repeat == 0;
    }

    /** A metric by stable name (or a former one, {@link Metrics#canonical}), NaN when absent. */
    public double metric(String name) {
        Double v = metrics.get(Metrics.canonical(name));
        return v == null ? Double.NaN : v;
    }
}
