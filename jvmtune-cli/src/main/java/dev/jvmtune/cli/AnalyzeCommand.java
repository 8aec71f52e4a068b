package dev.jvmtune.cli;

import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.io.AtomicFile;
import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.core.analysis.RunTap;
import dev.jvmtune.core.input.LogFile;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.input.UnsupportedLogException;
import dev.jvmtune.report.EventLines;
import dev.jvmtune.report.JsonReport;
import dev.jvmtune.report.TextReport;
import dev.jvmtune.report.html.ChartCollector;
import dev.jvmtune.report.html.HtmlReport;
import dev.jvmtune.report.html.RunCharts;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "analyze", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Analyze GC logs: pause statistics, throughput, allocation and promotion rates, "
                + "and the facts the log tells about the JVM.", "",
                "LOG is a JDK 9+ unified GC log (-Xlog:gc or -Xlog:gc*, any decorations), a JDK 6-8 log "
                        + "(-XX:+PrintGCDetails and friends, or -verbose:gc; Serial, ParNew/CMS, Parallel, G1, "
                        + "Shenandoah) or a JFR recording (.jfr), plain, .gz or .zip; '-', /dev/stdin, a FIFO or "
                        + "<(zcat gc.log.gz) is read as it arrives. "
                        + "Rotated files of one JVM (gc.log.0, gc.log.1, gc.log.2.current, or a directory of them) "
                        + "are read as one timeline in order; logs of different JVMs are analyzed separately, and so "
                        + "are the runs of a log that a restarted JVM appended to (the clock goes back).", ""},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:analyzed (warnings about skipped lines may still be printed)",
                "1:internal error (a bug: please report it)",
                "2:wrong command line",
                "3:a file is missing or cannot be read (or the --html report cannot be written)",
                "4:an input holds no GC log this version can analyze (empty, binary, not a GC log, another JVM's log, "
                        + "a JFR recording damaged in its first chunk)"},
        footer = {"", "Examples:", "  jvmtune analyze gc.log", "  jvmtune analyze --json gc.log > gc.json",
                "  zcat gc.log.gz | jvmtune analyze -",
                "  jvmtune analyze --events events.jsonl logs/",
                "  jvmtune analyze gc.log --html report.html",
                "  jvmtune analyze before.log --compare after.log --html compare.html", "",
                "To get a log worth analyzing, run java with:",
                "  -Xlog:gc*,safepoint:file=gc.log:time,uptime,level,tags:filecount=5,filesize=50m",
                "  (JDK 8: -Xloggc:gc.log -XX:+PrintGCDetails -XX:+PrintGCDateStamps -XX:+PrintGCTimeStamps",
                "   -XX:+PrintGCApplicationStoppedTime -XX:+PrintGCCause)"})
final class AnalyzeCommand extends StreamCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "LOG",
            description = "GC log files, directories of rotated logs, or streams ('-' for standard input).")
    List<Path> logs;

    @Option(names = "--json", description = "Print the JSON document (docs/json.md) instead of the text summary.")
    boolean json;

    @Option(names = "--json-out", paramLabel = "FILE", description = "Also write the JSON document to FILE.")
    Path jsonOut;

    @Option(names = "--events", paramLabel = "FILE|-",
            description = "Write one JSON line per pause, concurrent phase and cycle to FILE ('-' for stdout; "
                    + "the summary then goes to stderr).")
    String events;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write a single-file HTML report with charts (opens offline in any browser).")
    Path html;

    @Option(names = "--compare", paramLabel = "LOG",
            description = "With --html: compare LOG (run B) against the analyzed log (run A), charts overlaid and "
                    + "differences tabulated.")
    Path compare;

    @Option(names = "--pause-goal", paramLabel = "MS",
            description = "Judge pauses against this goal in ms instead of the one the log states "
                    + "(MaxGCPauseMillis, G1 target pause time).")
    double pauseGoalMs;

    @Option(names = {"-q", "--quiet"}, description = "No progress display.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        PrintStream out = streams.out();
        PrintStream err = streams.err();
        boolean eventsToStdout = "-".equals(events);
        if (eventsToStdout && json) {
            err.println("jvmtune: --json and --events - both want stdout: write the events to a file, or use --json-out");
            return Main.USAGE;
        }
        if (pauseGoalMs < 0 || Double.isNaN(pauseGoalMs) || Double.isInfinite(pauseGoalMs)) {
            err.println("jvmtune: --pause-goal wants a positive number of milliseconds");
            return Main.USAGE;
        }
        if (compare != null && html == null) {
            err.println("jvmtune: --compare draws its comparison in the HTML report: add --html FILE");
            return Main.USAGE;
        }
        List<LogInputs.Timeline> timelines;
        List<LogInputs.Timeline> compared = List.of();
        try {
            timelines = LogInputs.resolve(logs);
            if (compare != null) {
                compared = LogInputs.resolve(List.of(compare));
            }
        } catch (IOException e) {
            err.println("jvmtune: " + e.getMessage());
            return Main.INPUT_ERROR;
        }
        if (timelines.isEmpty() || (compare != null && compared.isEmpty())) {
            err.println("jvmtune: no files found in " + (timelines.isEmpty() ? logs : compare));
            return Main.INPUT_ERROR;
        }
        List<LogAnalysis> results = new ArrayList<>();
        List<RunCharts> charts = new ArrayList<>();
        int exit = Main.OK;
        AtomicFile.Pending eventFile = null;
        WriteFailure eventStream = null;
        try {
            if (events != null) {
                if (!eventsToStdout) {
                    eventFile = AtomicFile.begin(Path.of(events));
                }
                eventStream = new WriteFailure(eventsToStdout ? out : eventFile.out());
            }
            for (LogInputs.Timeline t : timelines) {
                Progress progress = quiet || System.console() == null ? null : new Progress(streams.terminal(), t);
                ChartCollector collector = html == null ? null : new ChartCollector();
                try (EventLines lines = eventStream == null ? null
                        : new EventLines(nonClosing(eventStream), timelines.size() > 1 ? t.name() : null)) {
                    results.addAll(LogAnalysis.read(t, RunTap.both(RunTap.events(lines), collector), progress,
                            pauseGoalMs));
                    if (collector != null) {
                        charts.addAll(collector.runs());
                    }
                } catch (UnsupportedLogException e) {
                    err.println("jvmtune: " + e.getMessage());
                    exit = Main.NOT_ANALYZABLE;
                } catch (java.io.UncheckedIOException | IOException e) {
                    if (eventStream != null && eventStream.failure != null) {
                        throw eventStream.failure; // writing the events failed, not reading the log
                    }
                    if (e instanceof java.io.UncheckedIOException u) {
                        throw u;
                    }
                    err.println("jvmtune: cannot read " + t.name() + ": " + e.getMessage());
                    exit = Main.INPUT_ERROR;
                } finally {
                    if (progress != null) {
                        progress.done();
                    }
                }
            }
            if (eventFile != null) {
                eventFile.commit();
            } else if (eventStream != null) {
                eventStream.flush();
            }
        } catch (IOException e) {
            err.println("jvmtune: cannot write " + (eventsToStdout ? "the events to stdout" : events) + ": "
                    + IoErrors.describe(e));
            return Main.INPUT_ERROR;
        } finally {
            if (eventFile != null) {
                eventFile.close();
            }
        }
        if (results.isEmpty()) {
            return exit;
        }
        if (html != null) {
            int code = writeHtml(results, charts, compared, err);
            if (code != Main.OK) {
                exit = code;
            }
        }
        if (jsonOut != null) {
            try {
                AtomicFile.write(jsonOut, o -> JsonReport.write(results, Main.version(), o));
            } catch (IOException e) {
                err.println("jvmtune: cannot write " + jsonOut + ": " + IoErrors.describe(e));
                exit = Main.INPUT_ERROR;
            }
        }
        if (json) {
            JsonReport.write(results, Main.version(), nonClosing(out));
        } else {
            PrintStream text = eventsToStdout ? err : out;
            for (int i = 0; i < results.size(); i++) {
                if (i > 0) {
                    text.println();
                }
                TextReport.write(results.get(i), text);
            }
        }
        out.flush();
        return exit;
    }

    /** Passes writes on and remembers the error of one that failed, so it is not taken for a read error. */
    private static final class WriteFailure extends java.io.FilterOutputStream {
        IOException failure;

        WriteFailure(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }
    }

    /** The report of the runs, or run B ({@code --compare}) against run A; what was analyzed is kept on failure. */
    private int writeHtml(List<LogAnalysis> results, List<RunCharts> charts, List<LogInputs.Timeline> compared,
                          PrintStream err) {
        if (compare == null) {
            try {
                AtomicFile.write(html, o -> HtmlReport.write(results, charts, Main.version(), o));
            } catch (IOException e) {
                return cannotWrite(e, err);
            }
            return Main.OK;
        }
        if (results.size() != 1 || compared.size() != 1) {
            err.println("jvmtune: --compare wants one run on each side; " + (results.size() != 1
                    ? "the analyzed logs hold " + results.size() : compare + " holds more than one") + " runs");
            return Main.USAGE;
        }
        ChartCollector other = new ChartCollector();
        List<LogAnalysis> b;
        try {
            b = LogAnalysis.read(compared.get(0), other, null, pauseGoalMs);
        } catch (UnsupportedLogException e) {
            err.println("jvmtune: " + e.getMessage());
            return Main.NOT_ANALYZABLE;
        } catch (IOException e) {
            err.println("jvmtune: cannot read " + compare + ": " + e.getMessage());
            return Main.INPUT_ERROR;
        }
        if (b.size() != 1) {
            err.println("jvmtune: --compare wants one run on each side; " + compare + " holds " + b.size() + " runs");
            return Main.USAGE;
        }
        try {
            AtomicFile.write(html, o -> HtmlReport.compare(results.get(0), charts.get(0), b.get(0),
                    other.runs().get(0), Main.version(), o));
        } catch (IOException e) {
            return cannotWrite(e, err);
        }
        return Main.OK;
    }

    /** The summary still follows on stdout: what was analyzed is not lost with the report. */
    private int cannotWrite(IOException e, PrintStream err) {
        err.println("jvmtune: cannot write " + html + ": " + IoErrors.describe(e));
        return Main.INPUT_ERROR;
    }

    private static OutputStream nonClosing(OutputStream o) {
        return new java.io.FilterOutputStream(o) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }

    /** Progress on a terminal: "analyzing gc.log  123 MiB  41 %", redrawn in place. */
    private static final class Progress implements LongConsumer {
        private final PrintStream err;
        private final String name;
        private final long total;
        private final long startNanos = System.nanoTime();
        private boolean shown;

        Progress(PrintStream err, LogInputs.Timeline t) {
            this.err = err;
            this.name = dev.jvmtune.core.text.SafeText.escape(t.name()); // printed raw, on the terminal
            long sum = 0;
            for (LogFile f : t.files()) {
                boolean compressed = f.entry() != null || f.path().toString().endsWith(".gz");
                sum = compressed || sum < 0 || f.bytes() < 0 ? -1 : sum + f.bytes();
            }
            this.total = sum;
        }

        @Override
        public void accept(long bytes) {
            if (System.nanoTime() - startNanos < 1_000_000_000L) {
                return; // quick runs stay quiet
            }
            shown = true;
            String pct = total > 0 ? String.format(Locale.ROOT, " %3d %%", Math.min(100, bytes * 100 / total)) : "";
            err.print(String.format(Locale.ROOT, "\ranalyzing %s  %,d MiB%s ", name, bytes >> 20, pct));
            err.flush();
        }

        void done() {
            if (shown) {
                err.print("\r" + " ".repeat(Math.min(200, name.length() + 30)) + "\r");
                err.flush();
            }
        }
    }
}
