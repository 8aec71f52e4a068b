package dev.jvmtune.cli;

import dev.jvmtune.core.io.AtomicFile;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.report.html.HtmlFormat;
import dev.jvmtune.tune.TuneResult;
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
        Run before = read(r.baselineDir());
        HtmlFormat page = new HtmlFormat(Main.version());
        if (r.bestDir() == null || r.bestDir().equals(r.baselineDir()) || !hasLog(r.bestDir())) {
            AtomicFile.write(html, o -> page.write(List.of(before), o));
        } else {
            Run after = read(r.bestDir());
            AtomicFile.write(html, o -> page.compare(before, after, o));
        }
        return true;
    }

    private static boolean hasLog(String dir) throws IOException {
        Path log = Path.of(dir, "gc.log");
        return Files.exists(log) && Files.size(log) > 0;
    }

    /** A trial's log is one fresh JVM: one run. */
    private static Run read(String dir) throws IOException {
        return RunReader.read(Path.of(dir, "gc.log"), RunReader.Options.DEFAULT.withSeries()).get(0);
    }
}
