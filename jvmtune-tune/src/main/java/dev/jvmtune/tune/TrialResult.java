package dev.jvmtune.tune;

import java.util.Map;
import java.util.TreeMap;

/**
 * What one trial gave: its place in the session ({@code seq} from 0), which arm of which comparison it
 * belonged to, the flags it ran with, how it ended, and its metrics by name ({@link Metrics}).
 *
 * @param outcome {@code OK}, {@code FAILED (exit N)}, {@code TIMEOUT} or {@code OOM}
 * @param dir     where its GC log, metrics file and console output are
 */
public record TrialResult(int seq, String arm, String flags, String outcome, double seconds,
                          Map<String, Double> metrics, String dir) {

    public TrialResult {
        TreeMap<String, Double> current = new TreeMap<>();
        metrics.forEach((k, v) -> current.put(dev.jvmtune.lab.run.Metrics.canonical(k), v)); // journals of earlier versions
        metrics = current;
    }

    public boolean ok() {
        return outcome.equals("OK");
    }

    /** The OK trial of {@code trials} whose {@code metric} is the median of the set: a typical run. */
    public static java.util.Optional<TrialResult> typical(java.util.List<TrialResult> trials, String metric) {
        java.util.List<TrialResult> ok = new java.util.ArrayList<>(trials.stream().filter(TrialResult::ok)
                .filter(t -> !Double.isNaN(t.metric(metric))).toList());
        ok.sort(java.util.Comparator.comparingDouble(t -> t.metric(metric)));
        return ok.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(ok.get(ok.size() / 2));
    }

    public double metric(String name) {
        Double v = metrics.get(dev.jvmtune.lab.run.Metrics.canonical(name));
        return v == null ? Double.NaN : v;
    }
}
