package dev.jvmtune.lab.stats;

import dev.jvmtune.core.Json;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.store.StoredTrial;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell's footprint: the medians over its trials of the JVM's resident peak and of each part committed at that
 * peak ({@code footprint.*} metrics), in bytes. Every trial counts, whatever its outcome: a trial the OOM killer
 * ended is the footprint that did not fit.
 *
 * @param config       the configuration
 * @param params       the parameter values (the memory limit among them)
 * @param trials       trials with a footprint
 * @param rssPeakBytes the JVM's resident peak (VmHWM)
 * @param heapResidentBytes the heap's resident pages at that peak; NaN when not measured
 * @param partsBytes   per part key ({@code heap}, {@code codeCache}...), committed at the peak
 * @param threads      the most threads
 * @param cgroupPeakBytes the cgroup's peak charge; NaN without a memory limit
 * @param oomKills     OOM kills over the cell's trials; null without a memory limit
 */
public record FootprintMedians(String config, Map<String, String> params, int trials, double rssPeakBytes,
                               double heapResidentBytes, Map<String, Double> partsBytes, double threads,
                               double cgroupPeakBytes, Long oomKills) {

    /** The cell's footprint; null when none of its trials has one. */
    static FootprintMedians of(String config, Map<String, String> params, List<StoredTrial> trials) {
        List<StoredTrial> measured = trials.stream().filter(t -> !Double.isNaN(t.metric(Metrics.FOOTPRINT_RSS))).toList();
        if (measured.isEmpty()) {
            return null;
        }
        Map<String, Double> parts = new LinkedHashMap<>();
        for (MemoryPart p : MemoryPart.values()) {
            double m = median(measured, Metrics.footprintPart(p));
            if (!Double.isNaN(m)) {
                parts.put(p.key(), m);
            }
        }
        long kills = trials.stream().mapToDouble(t -> t.metric(Metrics.CGROUP_OOM_KILLS)).filter(Double::isFinite)
                .mapToLong(d -> (long) d).reduce(Long::sum).orElse(-1);
        return new FootprintMedians(config, params, measured.size(), median(measured, Metrics.FOOTPRINT_RSS),
                median(measured, Metrics.FOOTPRINT + "heapResidentBytes"), parts,
                median(measured, Metrics.FOOTPRINT + "threads"), median(measured, Metrics.CGROUP_PEAK),
                Json.known(kills));
    }

    private static double median(List<StoredTrial> trials, String metric) {
        return Compare.median(trials.stream().mapToDouble(t -> t.metric(metric)).filter(Double::isFinite).toArray());
    }
}
