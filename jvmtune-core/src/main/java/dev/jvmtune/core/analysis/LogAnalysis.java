package dev.jvmtune.core.analysis;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmFacts;
import java.io.IOException;
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
     * Reads the timeline once, analysing as it goes.
     *
     * @param alsoTo   receives every event as well (e.g. the {@code --events} writer); may be null
     * @param progress receives the bytes read so far every few megabytes; may be null
     */
    public static LogAnalysis of(LogInputs.Timeline timeline, Consumer<GcEvent> alsoTo, LongConsumer progress)
            throws IOException {
        Analyzer analyzer = new Analyzer();
        try (GcLogStream stream = GcLogStream.open(timeline)) {
            stream.onEvent(analyzer::accept);
            if (alsoTo != null) {
                stream.onEvent(alsoTo);
            }
            stream.onSafepoint(analyzer::accept);
            stream.onCodeCache(analyzer::accept);
            stream.onCompilation(analyzer::accept);
            stream.onCpuLoad(analyzer::accept);
            if (progress != null) {
                stream.onProgress(progress);
            }
            stream.start();
            return new LogAnalysis(timeline.name(), stream.inputs(), stream.facts(),
                    analyzer.result(stream.firstTimestampSec(), stream.lastTimestampSec()));
        }
    }
}
