package dev.jvmtune.cli;

import dev.jvmtune.core.io.AtomicFile;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.report.RunComparison;
import dev.jvmtune.report.html.TuningHtml;
import dev.jvmtune.tune.TrialResult;
import dev.jvmtune.tune.TuneResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The tuning session's page ({@link TuningHtml}): the result, every trial, and the GC logs of a typical baseline
 * trial and a typical trial of the final flags, read here so that the page only renders.
 */
final class TuneHtml {

    private TuneHtml() {
    }

    static void write(TuneResult r, String subject, List<TrialResult> trials, Path html) throws IOException {
        RunReader.Options options = RunReader.Options.DEFAULT.withSeries();
        Run before = read(r.baselineDir(), options);
        Run after = r.bestDir() == null || r.bestDir().equals(r.baselineDir()) ? null : read(r.bestDir(), options);
        RunComparison beforeAfter = null;
        if (before != null && after != null) {
            RunComparison.Goal goal = RunComparison.goal("baseline", before, "final", after);
            beforeAfter = RunComparison.of("baseline", RunComparison.judged(before, goal, o -> read(r.baselineDir(), o),
                    options), "final", RunComparison.judged(after, goal, o -> read(r.bestDir(), o), options), goal);
        }
        RunComparison compared = beforeAfter;
        AtomicFile.write(html, o -> TuningHtml.write(r, subject, trials, before, compared, Main.version(), o));
    }

    /** A trial's log is one fresh JVM: one run; null when the trial left none. */
    private static Run read(String dir, RunReader.Options options) throws IOException {
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
