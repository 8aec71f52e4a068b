package dev.jvmtune.spark;

import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.analysis.RunTap;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.rules.RuleContext;
import dev.jvmtune.report.JsonReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The one place where this module meets jvmtune's analysis: a JVM's timeline in, per run the document that
 * {@code analyze --json} prints for it and its events out. Everything the fleet tables hold is derived from
 * these two (the findings from the document's {@code findings[]}), so the fleet never computes a figure of
 * its own and a change to the analysis reaches it unchanged.
 */
final class RunAdapter {

    private RunAdapter() {
    }

    /**
     * One run of one JVM.
     *
     * @param json   the RUN object of {@code analyze --json} (docs/json.md), exactly as that command renders it
     * @param jdk    the JDK feature release the rules fitted their advice to (0 when unknown)
     * @param events the run's pauses, concurrent phases and cycles, in log order
     */
    record AnalyzedRun(String json, int jdk, List<EventRow> events) implements Serializable {
    }

    /**
     * One event: the figures of an {@code --events} line that a fleet query groups or sums.
     *
     * @param wallTime ISO-8601 start, or null when the log has no wall-clock decoration
     * @param heapBeforeBytes whole heap, null when not logged (as are the other two)
     * @param incidents comma-separated incident names, "" for none
     */
    record EventRow(long gcId, double uptimeSec, String wallTime, String kind, boolean pause, String name,
                    String cause, double pauseMs, double durationMs, Long heapBeforeBytes, Long heapAfterBytes,
                    Long heapCapacityBytes, String incidents, long line) implements Serializable {

        static EventRow of(GcEvent e) {
            return new EventRow(e.gcId(), e.uptimeSec(), e.wallTime() == null ? null : e.wallTime().toString(),
                    e.kind().name(), e.isPause(), e.name(), e.cause(), e.pauseMs(), e.durationMs(),
                    e.heap() == null ? null : e.heap().beforeBytes(), e.heap() == null ? null : e.heap().afterBytes(),
                    e.heap() == null ? null : e.heap().capacityBytes(),
                    e.incidents().stream().map(GcIncident::name).sorted().collect(Collectors.joining(",")),
                    e.line());
        }
    }

    /**
     * Analyzes a timeline as {@code analyze} does.
     *
     * @param displayPath turns the path of a file as read into the one to show (the original of a local copy)
     * @throws dev.jvmtune.core.input.UnsupportedLogException when no file of the timeline is a GC log
     */
    static List<AnalyzedRun> analyze(LogInputs.Timeline timeline, double pauseGoalMs, String toolVersion,
                                     UnaryOperator<String> displayPath) throws IOException {
        List<List<EventRow>> events = new ArrayList<>();
        events.add(new ArrayList<>());
        RunTap tap = new RunTap() {
            @Override
            public void event(GcEvent e) {
                events.get(events.size() - 1).add(EventRow.of(e));
            }

            @Override
            public void restart() {
                events.add(new ArrayList<>());
            }
        };
        List<LogAnalysis> runs = LogAnalysis.read(timeline, tap, null, pauseGoalMs);
        List<AnalyzedRun> out = new ArrayList<>(runs.size());
        for (int i = 0; i < runs.size(); i++) {
            LogAnalysis run = runs.get(i);
            run = new LogAnalysis(run.name(), run.inputs().stream().map(in -> in.withPath(displayPath.apply(in.path()))).toList(),
                    run.jvm(), run.summary());
            ByteArrayOutputStream json = new ByteArrayOutputStream(16 << 10);
            JsonReport.write(List.of(run), toolVersion, json);
            out.add(new AnalyzedRun(json.toString(StandardCharsets.UTF_8), RuleContext.of(run).jdk(),
                    i < events.size() ? events.get(i) : List.of()));
        }
        return out;
    }
}
