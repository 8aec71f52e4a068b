package dev.jvmtune.lab.stats;

import dev.jvmtune.host.Sizes;
import dev.jvmtune.lab.experiment.ExperimentSpec;
import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.store.StoredTrial;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One configuration over the memory limits of an experiment ({@code memoryLimits:}): the smallest limit at which
 * it held - every trial there and at every larger limit ended OK, none killed by the OOM killer - and the limit
 * below which its GC overhead (the share of time it was held up by GC, 100 - {@code gc.throughputPct}) climbs: the
 * smallest limit whose median overhead is within {@value #CLIMB_FACTOR} times that at the largest limit plus
 * {@value #CLIMB_POINTS} points, scanning down until one is not.
 *
 * @param config        the configuration
 * @param params        the other parameters' values
 * @param points        per limit, ascending
 * @param smallestHeldBytes the smallest limit that held, with every larger one; null when none did
 * @param climbsBelowBytes  GC overhead climbs below this limit; null when it does not climb over the limits tried
 */
public record LimitSweep(String config, Map<String, String> params, List<Point> points, Long smallestHeldBytes,
                         Long climbsBelowBytes) {

    static final double CLIMB_FACTOR = 1.5;
    static final double CLIMB_POINTS = 1;

    /**
     * @param limitBytes   the limit
     * @param limit        as written
     * @param trials       trials at it
     * @param ok           of them OK
     * @param oomKilled    of them ended by the OOM killer
     * @param gcOverheadPct median GC overhead of the OK trials; NaN without one
     * @param rssPeakBytes median resident peak of the JVM, every trial
     */
    public record Point(long limitBytes, String limit, int trials, int ok, int oomKilled, double gcOverheadPct,
                        double rssPeakBytes) {
    }

    static LimitSweep of(String config, Map<String, String> params, List<StoredTrial> trials) {
        TreeMap<Long, List<StoredTrial>> byLimit = new TreeMap<>();
        Map<Long, String> written = new TreeMap<>();
        for (StoredTrial t : trials) {
            String v = t.params().get(ExperimentSpec.MEMORY_LIMIT);
            if (v != null) {
                long b = Sizes.parse(v);
                byLimit.computeIfAbsent(b, k -> new ArrayList<>()).add(t);
                written.put(b, v);
            }
        }
        List<Point> points = new ArrayList<>();
        for (Map.Entry<Long, List<StoredTrial>> e : byLimit.entrySet()) {
            List<StoredTrial> at = e.getValue();
            List<StoredTrial> ok = at.stream().filter(t -> t.outcome().equals("OK")).toList();
            points.add(new Point(e.getKey(), written.get(e.getKey()), at.size(), ok.size(),
                    (int) at.stream().filter(t -> t.outcome().equals("OOM_KILLED")).count(),
                    Compare.median(ok.stream().mapToDouble(t -> 100 - t.metric(Metrics.GC_THROUGHPUT))
                            .filter(Double::isFinite).toArray()),
                    Compare.median(at.stream().mapToDouble(t -> t.metric(Metrics.FOOTPRINT_RSS))
                            .filter(Double::isFinite).toArray())));
        }
        Long held = null;
        for (int i = points.size() - 1; i >= 0 && points.get(i).ok() == points.get(i).trials(); i--) {
            held = points.get(i).limitBytes();
        }
        Long climbs = null;
        if (!points.isEmpty() && !Double.isNaN(points.get(points.size() - 1).gcOverheadPct())) {
            double reference = points.get(points.size() - 1).gcOverheadPct();
            for (int i = points.size() - 2; i >= 0; i--) {
                double o = points.get(i).gcOverheadPct();
                if (Double.isNaN(o) || o > reference * CLIMB_FACTOR + CLIMB_POINTS) {
                    climbs = points.get(i + 1).limitBytes();
                    break;
                }
            }
        }
        return new LimitSweep(config, params, points, held, climbs);
    }
}
