package dev.jvmtune.core.run;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.Analyzer;
import dev.jvmtune.core.analysis.chart.RunSeries;
import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.input.Parallelism;
import dev.jvmtune.core.model.InputFile;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.Restart;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Reads a timeline once into its {@link Run}s: every event goes to the run's {@link Analyzer} (and to the
 * caller's tap, e.g. the {@code --events} writer), and where the clock goes back (a JVM restarted and appending
 * to the same log) the run ends and the next begins, named {@code "gc.log (run 2 from line 1234)"}.
 */
public final class RunReader {

    /**
     * How to read.
     *
     * @param pauseGoalMs the pause goal to judge pauses against; 0 for the goal the log states, if any
     * @param pauseGoalSource where {@code pauseGoalMs} came from, as the analysis names it; null for {@code option}
     * @param series      whether to gather the chart series of the HTML report
     * @param tap         receives every event as it is read, restarts included; may be null
     * @param progress    receives the bytes read so far every few megabytes; may be null
     * @param parsing     how the text is parsed (the same runs either way); null for {@link Parallelism#machine()}
     */
    public record Options(double pauseGoalMs, String pauseGoalSource, boolean series, Consumer<? super JvmEvent> tap,
                          LongConsumer progress, Parallelism parsing) {

        public static final Options DEFAULT = new Options(0, null, false, null, null, null);

        public Options pauseGoal(double ms) {
            return new Options(ms, null, series, tap, progress, parsing);
        }

        /** A goal that is not the user's: another log's, named by {@code source} ("MaxGCPauseMillis of B"). */
        public Options pauseGoal(double ms, String source) {
            return new Options(ms, source, series, tap, progress, parsing);
        }

        public Options withSeries() {
            return new Options(pauseGoalMs, pauseGoalSource, true, tap, progress, parsing);
        }

        public Options tap(Consumer<? super JvmEvent> consumer) {
            return new Options(pauseGoalMs, pauseGoalSource, series, consumer, progress, parsing);
        }

        public Options progress(LongConsumer consumer) {
            return new Options(pauseGoalMs, pauseGoalSource, series, tap, consumer, parsing);
        }

        public Options parsing(Parallelism p) {
            return new Options(pauseGoalMs, pauseGoalSource, series, tap, progress, p);
        }
    }

    private RunReader() {
    }

    /** One run per JVM in the timeline, in log order. */
    public static List<Run> read(LogInputs.Timeline timeline, Options options) throws IOException {
        return read(GcLogStream.open(timeline), options);
    }

    /** One run per JVM in what {@code stream} reads (a log being followed, say), in log order. */
    public static List<Run> read(GcLogStream opened, Options options) throws IOException {
        LogInputs.Timeline timeline = opened.timeline();
        try (GcLogStream stream = opened) {
            Runs runs = new Runs(stream, options);
            if (options.progress() != null) {
                stream.onProgress(options.progress());
            }
            if (options.parsing() != null) {
                stream.parallelism(options.parsing());
            }
            stream.start(runs);
            runs.end();
            List<Run> out = new ArrayList<>();
            for (int i = 0; i < runs.done.size(); i++) {
                Part p = runs.done.get(i);
                List<InputStats> inputs = stream.inputs(i);
                out.add(Run.of(runs.done.size() == 1 ? timeline.name() : name(inputs, i, p.fromLine), inputs, p.facts,
                        p.analysis, p.series));
            }
            return out;
        }
    }

    /**
     * A run of a timeline that holds several, by its own files: {@code "gc.log (run 2 from line 1234)"},
     * {@code "gc.log.1 (+2 rotated) (run 3)"} for a run that begins with its first file.
     */
    private static String name(List<InputStats> inputs, int index, long fromLine) {
        String files = inputs.isEmpty() ? "(no input)" : LogInputs.setName(inputs.get(0).path(), inputs.size());
        return files + " (run " + (index + 1) + (fromLine > 1 ? " from line " + fromLine : "") + ")";
    }

    /** The runs of a log file or directory of rotated files that holds one JVM's logs. */
    public static List<Run> read(Path log, Options options) throws IOException {
        List<LogInputs.Timeline> timelines = LogInputs.resolve(List.of(log));
        if (timelines.size() != 1) {
            throw new LogInputs.InputException(log + " holds logs of " + timelines.size() + " different JVMs");
        }
        return read(timelines.get(0), options);
    }

    private record Part(long fromLine, JvmFacts facts, Analysis analysis, RunSeries series) {
    }

    /** The run being read and those finished. */
    private static final class Runs implements Consumer<JvmEvent> {
        final List<Part> done = new ArrayList<>();
        final GcLogStream stream;
        final Options options;
        Analyzer analyzer;
        double start = Double.NaN;
        long fromLine;

        Runs(GcLogStream stream, Options options) {
            this.stream = stream;
            this.options = options;
            analyzer = new Analyzer(options.pauseGoalMs(), options.pauseGoalSource(), options.series());
        }

        @Override
        public void accept(JvmEvent e) {
            if (e instanceof Restart r) {
                close(r.lastSec());
                analyzer = new Analyzer(options.pauseGoalMs(), options.pauseGoalSource(), options.series());
                analyzer.accept(new InputFile(r.file())); // the new run begins inside this file
                start = r.firstSec();
                fromLine = r.line();
            }
            analyzer.accept(e);
            if (options.tap() != null) {
                options.tap().accept(e);
            }
        }

        private void close(double lastSec) {
            double first = done.isEmpty() ? stream.firstTimestampSec() : start;
            JvmFacts facts = stream.facts();
            Analysis analysis = analyzer.result(first, lastSec, facts);
            done.add(new Part(fromLine, facts, analysis, analyzer.series(analysis)));
        }

        void end() {
            close(stream.lastTimestampSec());
        }
    }
}
