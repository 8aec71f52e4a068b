package dev.jvmtune.lab.run;

import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What came out of one trial. Every figure is kept whatever the outcome: a trial that ran out of memory
 * still has its wall time, peak RSS and the analysis of the GC log it wrote up to then.
 *
 * @param outcome      how it ended
 * @param exitCode     the process's exit status; -1 when it was killed on timeout
 * @param wallSec      from start to exit (or kill), seconds
 * @param peakRssBytes largest resident memory of its process tree seen (sampled from /proc); -1 when unknown
 * @param metrics      by stable name ({@link Metrics}): wall, rss.peak, gc.*, latency.*, throughput, metrics.*
 * @param metricsJson  the workload's own {@code JVMTUNE_METRICS} file as written; null when it wrote none
 * @param command      the command line that ran (with the flags in place)
 * @param outDir       its files: stdout.log, stderr.log, gc.log, metrics.json, recording.jfr, hs_err_pid*.log,
 *                     result.json
 * @param crashLog     the hs_err file of a CRASH; null otherwise
 * @param notes        what went wrong around the trial (an unreadable log, a malformed metrics file)
 * @param footprint    the JVM's memory by part, at its peak and over time; null when no JVM was sampled
 */
public record TrialResult(Outcome outcome, int exitCode, double wallSec, long peakRssBytes,
                          SortedMap<String, Double> metrics, String metricsJson, List<String> command, Path outDir,
                          Path crashLog, List<String> notes, dev.jvmtune.core.memory.Footprint footprint) {

    public TrialResult {
        metrics = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(metrics));
        command = List.copyOf(command);
        notes = List.copyOf(notes);
    }

    /** A metric by stable name (or a former one, {@link Metrics#canonical}), NaN when this trial does not have it. */
    public double metric(String name) {
        Double v = metrics.get(Metrics.canonical(name));
        return v == null ? Double.NaN : v;
    }

}
