package dev.jvmtune.cli;

import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.report.html.ChartCollector;
import dev.jvmtune.report.html.HtmlReport;
import dev.jvmtune.tune.TuneResult;
import dev.jvmtune.core.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The tuning session's before/after charts: the HTML report ({@code analyze --html --compare}) of a typical
 * baseline trial's GC log (A) against a typical trial of the final flags (B); the baseline's alone when
 * nothing was accepted.
 */
final class TuneHtml {

    private TuneHtml() {
    }

    /** Writes {@code html}; false (and nothing written) when the trials left no GC logs to draw. */
    static boolean write(TuneResult r, Path html) throws IOException {
        if (r.baselineDir() == null || !hasLog(r.baselineDir())) {
            return false;
        }
        ChartCollector a = new ChartCollector();
        LogAnalysis before = read(r.baselineDir(), a);
        if (r.bestDir() == null || r.bestDir().equals(r.baselineDir()) || !hasLog(r.bestDir())) {
            AtomicFile.write(html, o -> HtmlReport.write(List.of(before), a.runs(), Main.version(), o));
        } else {
            ChartCollector b = new ChartCollector();
            LogAnalysis after = read(r.bestDir(), b);
            AtomicFile.write(html, o -> HtmlReport.compare(before, a.runs().get(0), after, b.runs().get(0),
                    Main.version(), o));
        }
        return true;
    }

    private static boolean hasLog(String dir) throws IOException {
        Path log = Path.of(dir, "gc.log");
        return Files.exists(log) && Files.size(log) > 0;
    }

    /** A trial's log is one fresh JVM: one run. */
    private static LogAnalysis read(String dir, ChartCollector charts) throws IOException {
        return LogAnalysis.read(LogInputs.resolve(List.of(Path.of(dir, "gc.log"))).get(0), charts, null, 0).get(0);
    }
}
