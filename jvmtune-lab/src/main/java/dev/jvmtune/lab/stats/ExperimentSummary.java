package dev.jvmtune.lab.stats;

import dev.jvmtune.lab.experiment.ExperimentSpec;
import dev.jvmtune.lab.experiment.Plan;
import dev.jvmtune.lab.experiment.PlannedTrial;
import dev.jvmtune.lab.store.StoredTrial;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What {@code results summary} and {@code experiment} report: per cell the median of the metric, per
 * configuration the line over the numeric parameter with capacity and Full-GC knee, and comparisons of every
 * JDK with the first JDK (same flag set and parameters) and of every flag set with the first flag set (same
 * JDK and parameters). Warm-up trials are left out; medians and comparisons use trials that finished OK. Flag
 * sets that the trials name and the spec does not (the tuner's candidates) follow the spec's, in order of their
 * first trial.
 *
 * @param param the numeric parameter swept; null when the spec has none with several numeric values
 * @param footprints per cell, the JVM's footprint at its resident peak (medians); empty when no trial measured one
 * @param limits per configuration and values of the other parameters, the run over the memory limits (the smallest
 *               that held, where GC overhead climbs); empty without {@code memoryLimits:}
 */
public record ExperimentSummary(String experimentId, String metric, String param, Map<String, Integer> outcomes,
                                List<Cell> cells, List<SweepLine> sweeps, List<CellComparison> comparisons,
                                List<FootprintMedians> footprints, List<LimitSweep> limits) {

    /** One configuration at one set of parameter values. */
    public record Cell(String config, Map<String, String> params, int trials, int ok, Map<String, Integer> outcomes,
                       double median, double medianFullGcs) {
    }

    /** {@code candidate} against {@code baseline} at the same parameter values. */
    public record CellComparison(String baseline, String candidate, Map<String, String> params, Comparison comparison) {
    }

    public static ExperimentSummary of(String experimentId, ExperimentSpec spec, List<StoredTrial> all, String metric,
                                       String param, long seed) {
        List<StoredTrial> measured = all.stream().filter(t -> !t.warmup()).toList();
        String swept = param != null ? param : numericParam(spec);
        Map<String, Integer> outcomes = new TreeMap<>();
        measured.forEach(t -> outcomes.merge(t.outcome(), 1, Integer::sum));

        List<Map<String, String>> combos = Plan.combinations(spec.axes());
        List<String> flagSets = flagSets(spec, measured);
        List<Cell> cells = new ArrayList<>();
        List<SweepLine> sweeps = new ArrayList<>();
        List<FootprintMedians> footprints = new ArrayList<>();
        List<LimitSweep> limits = new ArrayList<>();
        for (String jdk : spec.jdks()) {
            for (String flagSet : flagSets) {
                String config = config(jdk, flagSet);
                List<StoredTrial> ofConfig = measured.stream().filter(t -> t.config().equals(config)).toList();
                for (Map<String, String> c : combos) {
                    List<StoredTrial> at = ofConfig.stream().filter(t -> t.params().equals(c)).toList();
                    cells.add(cell(config, c, at, metric));
                    FootprintMedians f = FootprintMedians.of(config, c, at);
                    if (f != null) {
                        footprints.add(f);
                    }
                }
                if (!spec.memoryLimits().isEmpty()) {
                    for (Map<String, String> others : Plan.combinations(spec.params())) {
                        limits.add(LimitSweep.of(config, others, ofConfig.stream().filter(t -> others.entrySet()
                                .stream().allMatch(e -> e.getValue().equals(t.params().get(e.getKey())))).toList()));
                    }
                }
                if (swept != null) {
                    sweeps.add(Sweep.of(config, ofConfig, swept, metric));
                }
            }
        }
        List<CellComparison> comparisons = new ArrayList<>();
        String firstJdk = spec.jdks().get(0);
        String firstFlags = flagSets.get(0);
        for (Map<String, String> c : combos) {
            for (String flagSet : flagSets) {
                for (String jdk : spec.jdks().subList(1, spec.jdks().size())) {
                    comparisons.add(compare(measured, config(firstJdk, flagSet), config(jdk, flagSet), c, metric, seed));
                }
            }
            for (String jdk : spec.jdks()) {
                for (String flagSet : flagSets) {
                    if (!flagSet.equals(firstFlags)) {
                        comparisons.add(compare(measured, config(jdk, firstFlags), config(jdk, flagSet), c, metric, seed));
                    }
                }
            }
        }
        return new ExperimentSummary(experimentId, metric, swept, outcomes, cells, sweeps, comparisons, footprints,
                limits);
    }

    private static List<String> flagSets(ExperimentSpec spec, List<StoredTrial> measured) {
        Set<String> names = new LinkedHashSet<>(spec.flagSets().keySet());
        measured.stream().sorted(Comparator.comparingInt(StoredTrial::seq))
                .filter(t -> spec.jdks().stream().anyMatch(j -> t.config().equals(config(j, t.flagSet()))))
                .forEach(t -> names.add(t.flagSet()));
        return List.copyOf(names);
    }

    private static String config(String jdk, String flagSet) {
        return PlannedTrial.config(jdk, flagSet);
    }

    private static Cell cell(String config, Map<String, String> params, List<StoredTrial> trials, String metric) {
        Map<String, Integer> outcomes = new TreeMap<>();
        trials.forEach(t -> outcomes.merge(t.outcome(), 1, Integer::sum));
        List<StoredTrial> ok = trials.stream().filter(t -> t.outcome().equals("OK")).toList();
        return new Cell(config, params, trials.size(), ok.size(), outcomes,
                Compare.median(values(ok, metric)), Compare.median(values(trials, dev.jvmtune.lab.run.Metrics.GC_FULL_COUNT)));
    }

    private static CellComparison compare(List<StoredTrial> measured, String baseline, String candidate,
                                          Map<String, String> params, String metric, long seed) {
        double[] a = values(okAt(measured, baseline, params), metric);
        double[] b = values(okAt(measured, candidate, params), metric);
        return new CellComparison(baseline, candidate, params, Compare.of(metric, a, b, seed));
    }

    private static List<StoredTrial> okAt(List<StoredTrial> measured, String config, Map<String, String> params) {
        return measured.stream().filter(t -> t.config().equals(config) && t.params().equals(params)
                && t.outcome().equals("OK")).toList();
    }

    private static double[] values(List<StoredTrial> trials, String metric) {
        return trials.stream().mapToDouble(t -> t.metric(metric)).filter(Double::isFinite).toArray();
    }

    /** The first parameter with several values, all numbers: the x axis of the sweep (never the memory limit). */
    static String numericParam(ExperimentSpec spec) {
        for (Map.Entry<String, List<String>> p : spec.params().entrySet()) {
            if (p.getValue().size() > 1 && p.getValue().stream().allMatch(v -> Sweep.number(v) != null)) {
                return p.getKey();
            }
        }
        return null;
    }

    /** Cells keyed by configuration, for tables with one row per parameter value. */
    public Map<String, List<Cell>> cellsByConfig() {
        Map<String, List<Cell>> m = new LinkedHashMap<>();
        cells.forEach(c -> m.computeIfAbsent(c.config(), k -> new ArrayList<>()).add(c));
        return m;
    }
}
