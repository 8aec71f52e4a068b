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
        metrics = new TreeMap<>(metrics);
    }

    public boolean ok() {
        return outcome.equals("OK");
    }

    public double metric(String name) {
        Double v = metrics.get(name);
        return v == null ? Double.NaN : v;
    }
}
