package dev.jvmtune.core.analysis;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmFacts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * What {@code analyze} computes for one JVM's log: the files read, the facts the log tells and the
 * analysis of its events.
 */
public record LogAnalysis(String name, List<InputStats> inputs, JvmFacts jvm, Analysis summary) {

    public LogAnalysis {
        inputs = List.copyOf(inputs);
    }

    /**
     * Reads the timeline once, analysing as it goes. A timeline is usually one run of one JVM; where its
     * clock goes back (a restart appended to the same log) each run is analysed on its own and named
     * {@code "gc.log (run 2 from line 1234)"}.
     *
     * @param alsoTo   receives every event as well (e.g. the {@code --events} writer); may be null
     * @param progress receives the bytes read so far every few megabytes; may be null
     * @return one analysis per run, in log order
     */
    public static List<LogAnalysis> of(LogInputs.Timeline timeline, Consumer<GcEvent> alsoTo, LongConsumer progress)
            throws IOException {
        return of(timeline, alsoTo, progress, 0);
    }

    /**
     * As {@link #of(LogInputs.Timeline, Consumer, LongConsumer)}, judging pauses against {@code pauseGoalMs}
     * (0 or less: the goal the log states, if any).
     */
    public static List<LogAnalysis> of(LogInputs.Timeline timeline, Consumer<GcEvent> alsoTo, LongConsumer progress,
                                       double pauseGoalMs) throws IOException {
        return read(timeline, RunTap.events(alsoTo), progress, pauseGoalMs);
    }

    /**
     * As {@link #of(LogInputs.Timeline, Consumer, LongConsumer, double)}, passing events, safepoints, code cache
     * samples and restarts to {@code tap} (may be null) as they are read.
     */
    public static List<LogAnalysis> read(LogInputs.Timeline timeline, RunTap tap, LongConsumer progress,
                                         double pauseGoalMs) throws IOException {
        Runs runs = new Runs(pauseGoalMs);
        try (GcLogStream stream = GcLogStream.open(timeline)) {
            stream.onEvent(e -> runs.analyzer.accept(e));
            stream.onSafepoint(s -> runs.analyzer.accept(s));
            stream.onCodeCache(c -> runs.analyzer.accept(c));
            stream.onCompilation(c -> runs.analyzer.accept(c));
            stream.onCpuLoad(c -> runs.analyzer.accept(c));
            stream.onRestart(r -> runs.restart(stream, r));
            if (tap != null) {
                stream.onEvent(tap::event);
                stream.onSafepoint(tap::safepoint);
                stream.onCodeCache(tap::codeCache);
                stream.onRestart(r -> tap.restart());
            }
            if (progress != null) {
                stream.onProgress(progress);
            }
            stream.start();
            runs.end(stream);
            List<LogAnalysis> out = new ArrayList<>();
            for (int i = 0; i < runs.done.size(); i++) {
                Run run = runs.done.get(i);
                String name = runs.done.size() == 1 ? timeline.name()
                        : timeline.name() + " (run " + (i + 1) + (run.fromLine == 0 ? ""
                        : timeline.files().size() == 1 ? " from line " + run.fromLine
                        : " from " + run.file + " line " + run.fromLine) + ")";
                out.add(new LogAnalysis(name, stream.inputs(), run.facts, run.analysis));
            }
            return out;
        }
    }

    private record Run(String file, long fromLine, JvmFacts facts, Analysis analysis) {
    }

    /** The run being read and those finished. */
    private static final class Runs {
        final List<Run> done = new ArrayList<>();
        final double pauseGoalMs;
        Analyzer analyzer;
        double start = Double.NaN;
        String file;
        long fromLine;

        Runs(double pauseGoalMs) {
            this.pauseGoalMs = pauseGoalMs;
            analyzer = new Analyzer(pauseGoalMs);
        }

        void restart(GcLogStream stream, GcLogStream.Restart r) {
            double first = done.isEmpty() ? stream.firstTimestampSec() : start;
            JvmFacts facts = stream.facts();
            done.add(new Run(file, fromLine, facts, analyzer.result(first, r.lastSec(), facts)));
            analyzer = new Analyzer(pauseGoalMs);
            start = r.firstSec();
            file = r.file();
            fromLine = r.line();
        }

        void end(GcLogStream stream) {
            double first = done.isEmpty() ? stream.firstTimestampSec() : start;
            JvmFacts facts = stream.facts();
            done.add(new Run(file, fromLine, facts, analyzer.result(first, stream.lastTimestampSec(), facts)));
        }
    }
}
