package dev.jvmtune.cli;

import dev.jvmtune.core.input.LogFile;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.input.UnsupportedLogException;
import dev.jvmtune.core.io.AtomicFile;
import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.live.FollowSource;
import dev.jvmtune.report.FormatType;
import dev.jvmtune.report.RunComparison;
import dev.jvmtune.report.RunFormat;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "analyze", aliases = "analyse",
        header = "Analyze GC logs and JFR recordings: pauses, verdict, flags",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Analyze GC logs: pause statistics, throughput, allocation and promotion rates, "
                + "and the facts the log tells about the JVM.", "",
                "LOG is a JDK 9+ unified GC log (-Xlog:gc or -Xlog:gc*, any decorations), a JDK 6-8 log "
                        + "(-XX:+PrintGCDetails and friends, or -verbose:gc; Serial, ParNew/CMS, Parallel, G1, "
                        + "Shenandoah) or a JFR recording (.jfr), plain, .gz or .zip; '-', /dev/stdin, a FIFO or "
                        + "<(zcat gc.log.gz) is read as it arrives. "
                        + "Rotated files of one JVM (gc.log.0, gc.log.1, gc.log.2.current, or a directory of them) "
                        + "are read as one timeline in order; logs of different JVMs are analyzed separately, and so "
                        + "are the runs of a log that a restarted JVM appended to (the clock goes back).", ""},
        exitCodeList = {"0:analyzed (warnings about skipped lines may still be printed)",
                "3:a file is missing or cannot be read (or the --html report cannot be written)",
                "4:an input holds no GC log this version can analyze (empty, binary, not a GC log, another JVM's log, "
                        + "a JFR recording damaged in its first chunk)",
                "130:--follow stopped by Ctrl-C: the analysis of what was read is printed",
                "143:--follow stopped by SIGTERM: the analysis of what was read is printed"},
        footer = {"", "Examples:", "  jvmtune analyze gc.log", "  jvmtune analyze --json gc.log > gc.json",
                "  zcat gc.log.gz | jvmtune analyze -",
                "  jvmtune analyze --events events.jsonl logs/",
                "  jvmtune analyze gc.log --html report.html",
                "  jvmtune analyze before.log --compare after.log --html compare.html",
                "  jvmtune analyze --follow gc.log --prometheus 9400", "",
                "To get a log worth analyzing, run java (JDK 9+) with:",
                "-Xlog:gc*,safepoint:file=gc.log:time,uptime,level,tags:filecount=5,filesize=50m",
                "JDK 8:",
                "  -Xloggc:gc.log -XX:+PrintGCDetails -XX:+PrintGCDateStamps",
                "  -XX:+PrintGCTimeStamps -XX:+PrintGCApplicationStoppedTime -XX:+PrintGCCause"})
final class AnalyzeCommand extends StreamCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "LOG",
            description = "GC log files, directories of rotated logs, or streams ('-' for standard input).")
    List<Path> logs;

    @Option(names = "--json", description = "Print the JSON document (docs/json.md) instead of the text summary; "
            + "the same as --format json.")
    boolean json;

    @Option(names = "--format", paramLabel = "FORMAT", description = "What to print: text (the default), json "
            + "(docs/json.md) or csv (one row of key figures per run; with --compare, one row per claim and "
            + "difference).")
    String format;

    @Option(names = "--json-out", paramLabel = "FILE", description = "Also write the JSON document to FILE.")
    Path jsonOut;

    @Option(names = "--events", paramLabel = "FILE|-",
            description = "Write one JSON line per event as the logs are read - each collection (pause, concurrent "
                    + "phase, cycle), safepoint, JFR sample, restart and file - after a first line with the schema "
                    + "version, to FILE ('-' for stdout; the summary then goes to stderr).")
    String events;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write a single-file HTML report with charts (opens offline in any browser).")
    Path html;

    @Option(names = "--compare", paramLabel = "LOG",
            description = "Compare LOG (run B) against the analyzed log (run A): a headline (which is better on the p99 "
                    + "pause and the time in pauses, beyond noise or not), the differences of their key figures, better "
                    + "or worse, then both reports (text or JSON; CSV: the headline's claims and the differences as "
                    + "rows); with --html, their charts overlaid too. Both are judged by one pause goal: --pause-goal, "
                    + "else the one a log states (the stricter of two).")
    Path compare;

    @Option(names = "--pause-goal", paramLabel = "MS",
            description = "Judge pauses against this goal in ms instead of the one the log states "
                    + "(MaxGCPauseMillis, G1 target pause time).")
    double pauseGoalMs;

    @Option(names = {"-q", "--quiet"}, description = "No progress display.")
    boolean quiet;

    @Option(names = "--follow", description = "Follow a log being written (and rotated: -Xlog:gc*:file=gc.log::"
            + "filecount=N,filesize=S) with the live view of 'watch' over a sliding window - one JSON line per window "
            + "with --json - until Ctrl-C or --for; then print the analysis of everything read, as without --follow.")
    boolean follow;

    @Mixin
    LiveOptions live;

    @Override
    public Integer call() throws IOException {
        if (pauseGoalMs < 0 || Double.isNaN(pauseGoalMs) || Double.isInfinite(pauseGoalMs)) {
            throw CommandException.usage("--pause-goal wants a positive number of milliseconds");
        }
        FormatType printed = printed();
        if (follow) {
            return follow(printed);
        }
        PrintStream out = streams.out();
        PrintStream err = streams.err();
        boolean eventsToStdout = "-".equals(events);
        List<LogInputs.Timeline> timelines = LogInputs.resolve(logs,
                s -> err.println("jvmtune: " + s.path() + ": " + s.reason().message));
        List<LogInputs.Timeline> compared = compare == null ? List.of() : LogInputs.resolve(List.of(compare));
        if (timelines.isEmpty() || (compare != null && compared.isEmpty())) {
            throw CommandException.inputError("no files found in " + (timelines.isEmpty() ? logs : compare));
        }
        RunReader.Options options = RunReader.Options.DEFAULT.pauseGoal(pauseGoalMs);
        if (html != null) {
            options = options.withSeries();
        }
        List<Run> results = new ArrayList<>();
        List<LogInputs.Timeline> sources = new ArrayList<>();
        int exit = read(timelines, options, results, sources);
        if (results.isEmpty()) {
            return exit;
        }
        RunComparison comparison = compare == null ? null : compare(results, sources.get(0), compared, options);
        if (html != null) {
            exit = write(html, comparison == null ? "HTML report" : "HTML comparison",
                    o -> render(comparison, results, FormatType.HTML, o), exit);
        }
        if (jsonOut != null) {
            exit = write(jsonOut, "JSON document", o -> render(comparison, results, FormatType.JSON, o), exit);
        }
        render(comparison, results, printed, eventsToStdout ? err : printed == FormatType.CSV ? streams.document() : out);
        out.flush();
        return exit;
    }

    /** The analysis of {@code results}, or the comparison where there is one, in {@code type}. */
    private static void render(RunComparison comparison, List<Run> results, FormatType type, OutputStream out)
            throws IOException {
        if (comparison == null) {
            RunFormat.FORMATS.create(type, Main.version()).write(results, out);
        } else {
            RunComparison.FORMATS.create(type, Main.version()).write(comparison, out);
        }
    }

    /** The format of what is printed: {@code --json} or {@code --format}, checked against {@code --events -}. */
    private FormatType printed() {
        FormatType printed = json ? FormatType.JSON : format == null ? FormatType.TEXT : RunFormat.FORMATS.type(format);
        if (printed == FormatType.HTML || printed == FormatType.EVENTS) {
            throw CommandException.usage("--format " + format + ": for HTML use --html FILE, for events --events FILE");
        }
        if ("-".equals(events) && printed != FormatType.TEXT) {
            throw CommandException.usage("--" + (json ? "json" : "format " + format) + " and --events - both want "
                    + "stdout: write the events to a file, or use --json-out");
        }
        return printed;
    }

    /**
     * Reads every timeline into {@code results} (and the timeline of each run into {@code sources}), writing
     * {@code --events} as it goes. A timeline that cannot be read or holds no GC log is said and the others are still
     * read; its exit code is returned. The events file is written whole or not at all: one that cannot be written ends
     * the command.
     */
    private int read(List<LogInputs.Timeline> timelines, RunReader.Options options, List<Run> results,
                     List<LogInputs.Timeline> sources) throws IOException {
        boolean eventsToStdout = "-".equals(events);
        int exit = Main.OK;
        RunFormat eventFormat = events == null ? null : RunFormat.events(Main.version());
        AtomicFile.Pending eventFile = null;
        WriteFailure eventStream = null;
        try {
            if (events != null) {
                if (!eventsToStdout) {
                    eventFile = AtomicFile.begin(Path.of(events));
                }
                eventStream = new WriteFailure(eventsToStdout ? streams.out() : eventFile.out());
            }
            for (LogInputs.Timeline t : timelines) {
                Progress progress = quiet || !streams.progressShown() ? null : new Progress(streams.terminal(), t);
                Consumer<JvmEvent> tap = eventFormat == null ? null
                        : eventFormat.attach(eventStream, timelines.size() > 1 ? t.name() : null);
                try {
                    for (Run run : RunReader.read(t, options.tap(tap).progress(progress))) {
                        results.add(run);
                        sources.add(t);
                    }
                } catch (UnsupportedLogException e) {
                    exit = reported(e);
                } catch (java.io.UncheckedIOException | IOException e) {
                    if (eventStream != null && eventStream.failure != null) {
                        throw eventStream.failure; // writing the events failed, not reading the log
                    }
                    if (e instanceof java.io.UncheckedIOException u) {
                        throw u;
                    }
                    exit = reported(CommandException.inputError("cannot read " + t.name() + ": " + e.getMessage()));
                } finally {
                    if (progress != null) {
                        progress.done();
                    }
                }
            }
            if (eventStream != null) {
                eventFormat.write(results, eventStream);
            }
            if (eventFile != null) {
                eventFile.commit();
                wrote(events, "one JSON line per event");
            } else if (eventStream != null) {
                eventStream.flush();
            }
        } catch (IOException e) {
            throw CommandException.inputError("cannot write " + (eventsToStdout ? "the events to stdout" : events)
                    + ": " + IoErrors.describe(e));
        } finally {
            if (eventFile != null) {
                eventFile.close();
            }
        }
        return exit;
    }

    /**
     * {@code --compare}: run A ({@code results}' one run, read from {@code timelineA}) against run B, read from its
     * timelines; each side must hold one run. Both are judged by one pause goal: a side whose own goal differs (or
     * that has none) is read again with it.
     */
    private RunComparison compare(List<Run> results, LogInputs.Timeline timelineA,
                                  List<LogInputs.Timeline> timelinesB, RunReader.Options options) throws IOException {
        if (results.size() != 1 || timelinesB.size() != 1) {
            throw new CommandException(Main.USAGE, "--compare wants one run on each side; " + (results.size() != 1
                    ? "the analyzed logs hold " + results.size() : compare + " holds more than one") + " runs");
        }
        LogInputs.Timeline timelineB = timelinesB.get(0);
        Run a = results.get(0);
        Run b = one(timelineB, options);
        RunComparison.Goal goal = RunComparison.goal("A", a, "B", b);
        return RunComparison.of("A", RunComparison.judged(a, goal, o -> one(timelineA, o), options),
                "B", RunComparison.judged(b, goal, o -> one(timelineB, o), options), goal);
    }

    /** The one run of a compared side's timeline. */
    private Run one(LogInputs.Timeline timeline, RunReader.Options options) throws IOException {
        List<Run> runs;
        try {
            runs = RunReader.read(timeline, options);
        } catch (UnsupportedLogException e) {
            throw e;
        } catch (IOException e) {
            throw CommandException.inputError("cannot read " + timeline.name() + ": " + e.getMessage());
        }
        if (runs.size() != 1) {
            throw new CommandException(Main.USAGE, "--compare wants one run on each side; " + timeline.name()
                    + " holds " + runs.size() + " runs");
        }
        return runs.get(0);
    }

    /** {@code --follow}: the live view while the log grows, then the analysis of all that was read. */
    private int follow(FormatType printed) throws IOException {
        PrintStream out = streams.out();
        PrintStream err = streams.err();
        String invalid = live.invalid();
        Path log = logs.get(0);
        if (invalid == null && (logs.size() != 1 || Files.isDirectory(log) || log.toString().equals("-"))) {
            invalid = "--follow reads one log file as it is written (gc.log; its rotated files are found by the "
                    + "JVM's renaming)";
        }
        if (invalid == null && (html != null || compare != null || "-".equals(events))) {
            invalid = "--follow prints the live view and the analysis on stdout; --html and --compare read finished "
                    + "logs, and --events wants a file";
        }
        if (invalid != null) {
            throw CommandException.usage(invalid);
        }
        RunReader.Options options = RunReader.Options.DEFAULT.pauseGoal(pauseGoalMs);
        WriteFailure eventStream = null;
        RunFormat eventFormat = RunFormat.events(Main.version());
        if (events != null) {
            // a plain file, written as the log is read (an atomic one would show nothing until the end)
            try {
                eventStream = new WriteFailure(new BufferedOutputStream(Files.newOutputStream(Path.of(events)),
                        1 << 16));
            } catch (IOException e) {
                throw CommandException.inputError("cannot write " + events + ": " + IoErrors.describe(e));
            }
            options = options.tap(eventFormat.attach(eventStream, null));
        }
        FollowSource source = new FollowSource(log, options, warning -> err.println("jvmtune: " + warning));
        try {
            live.run(source, pauseGoalMs, printed == FormatType.JSON, out, err, null);
        } finally {
            if (eventStream != null) {
                try (OutputStream o = eventStream) {
                    eventFormat.write(List.of(), o); // ends the last line
                } catch (IOException e) {
                    // kept in eventStream.failure, said below
                }
            }
        }
        // the reader stopped where writing failed: the analysis would lack what followed
        if (eventStream != null && eventStream.failure != null) {
            throw CommandException.inputError("cannot write " + events + ": " + IoErrors.describe(eventStream.failure));
        }
        List<Run> results;
        try {
            results = source.runs();
        } catch (UnsupportedLogException e) {
            throw e;
        } catch (IOException e) {
            throw CommandException.inputError("cannot read " + log + ": " + IoErrors.describe(e));
        }
        if (source.rotations() > 0) {
            err.println("jvmtune: followed " + log + " across " + source.rotations() + " rotations");
        }
        int exit = Main.OK;
        if (!results.isEmpty() && jsonOut != null) {
            exit = write(jsonOut, "JSON document", o -> render(null, results, FormatType.JSON, o), exit);
        }
        if (!results.isEmpty()) {
            render(null, results, printed, out);
        }
        out.flush();
        return exit;
    }

    /**
     * Writes one of the files asked for, whole or not at all, and says so on stderr; a file that cannot be written is
     * one error line and exit code 3, and the summary still follows on stdout.
     */
    private int write(Path file, String what, AtomicFile.Writer content, int exit) {
        try {
            AtomicFile.write(file, content);
            wrote(file.toString(), what);
            return exit;
        } catch (IOException e) {
            return reported(CommandException.inputError("cannot write " + file + ": " + IoErrors.describe(e)));
        }
    }


    /** Progress on a terminal's stderr: "analyzing gc.log  123 MiB  41 %", redrawn in place. */
    private static final class Progress implements LongConsumer {
        /** A second; a test's small log sets 0 with {@code -Djvmtune.progressAfterMs=0}. */
        private static final long QUIET_NANOS = Long.getLong("jvmtune.progressAfterMs", 1000) * 1_000_000L;
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
            if (System.nanoTime() - startNanos < QUIET_NANOS) {
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
