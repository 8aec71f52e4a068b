package dev.jvmtune.report;

import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.lab.run.ResultJson;
import dev.jvmtune.report.html.TuningHtml;
import dev.jvmtune.tune.TuneReport;
import dev.jvmtune.tune.TrialResult;
import dev.jvmtune.tune.TuneResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A tuning session as {@code tune} reports it ({@link #FORMATS}): its result, every trial, and the GC logs
 * of a typical baseline trial and a typical trial of the final flags, read here so that the formats only render.
 *
 * @param subject     what was tuned: the workload and its parameters, or the command
 * @param trials      every trial of the session in order (the journal's)
 * @param footprints  their footprints by seq (each one's {@code result.json}), for those that measured one
 * @param baseline    a typical baseline trial's GC log, read with series; null when none was left
 * @param beforeAfter the baseline's run against a typical trial of the final flags, labelled {@code baseline} and
 *                    {@code final}; null when nothing was accepted
 */
public record TuningSession(TuneResult result, String subject, List<TrialResult> trials,
                            Map<Integer, Footprint> footprints, Run baseline, RunComparison beforeAfter) {

    /** The formats of {@code tune}: the result ({@code tune.json}), its trials and the logs of its baseline and final. */
    public static final Formats<TuningSession> FORMATS = Formats.<TuningSession>of("the tuning session")
            .with(FormatType.TEXT, v -> (t, out) -> TuneReport.text(t.result(), out))
            .with(FormatType.JSON, v -> (t, out) -> TuneReport.json(t.result(), t.trials(), t.footprints(), out))
            .with(FormatType.HTML, v -> (t, out) -> TuningHtml.write(t, v, out));

    /** The session of {@code r} for its result ({@code tune.json}): its trials' footprints read, no GC log. */
    public static TuningSession result(TuneResult r, String subject, List<TrialResult> trials) throws IOException {
        return new TuningSession(r, subject, trials, footprints(trials), null, null);
    }

    /**
     * The session of {@code r}, reading its trials' footprints and the GC logs of its baseline and best trials
     * ({@code DIR/gc.log}).
     */
    public static TuningSession read(TuneResult r, String subject, List<TrialResult> trials) throws IOException {
        return result(r, subject, trials).withLogs();
    }

    /** This session with the GC logs of its baseline and best trials read ({@code DIR/gc.log}), for its page. */
    public TuningSession withLogs() throws IOException {
        RunReader.Options options = RunReader.Options.DEFAULT.withSeries();
        Run before = log(result.baselineDir(), options);
        Run after = result.bestDir() == null || result.bestDir().equals(result.baselineDir()) ? null
                : log(result.bestDir(), options);
        RunComparison beforeAfter = null;
        if (before != null && after != null) {
            RunComparison.Goal goal = RunComparison.goal("baseline", before, "final", after);
            beforeAfter = RunComparison.of("baseline", RunComparison.judged(before, goal,
                    o -> log(result.baselineDir(), o), options), "final", RunComparison.judged(after, goal,
                    o -> log(result.bestDir(), o), options), goal);
        }
        return new TuningSession(result, subject, trials, footprints, before, beforeAfter);
    }

    private static Map<Integer, Footprint> footprints(List<TrialResult> trials) throws IOException {
        Map<Integer, Footprint> out = new HashMap<>();
        for (TrialResult t : trials) {
            Footprint f = t.dir() == null ? null : ResultJson.footprint(Path.of(t.dir()));
            if (f != null) {
                out.put(t.seq(), f);
            }
        }
        return out;
    }

    /** A trial's log is one fresh JVM: one run; null when the trial left none. */
    private static Run log(String dir, RunReader.Options options) throws IOException {
        if (dir == null) {
            return null;
        }
        Path log = Path.of(dir, "gc.log");
        if (!Files.exists(log) || Files.size(log) == 0) {
            return null;
        }
        List<Run> runs = RunReader.read(log, options);
        return runs.isEmpty() ? null : runs.get(0);
    }
}
