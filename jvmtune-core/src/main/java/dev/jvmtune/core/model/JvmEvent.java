package dev.jvmtune.core.model;

import java.util.function.Consumer;

/**
 * What a reader finds in a JVM's log or recording, in log order: the one vocabulary from every parser (unified,
 * JDK 6-8 G1, JDK 6-8 generational, JFR) through {@code GcLogStream} to the analysis and to every consumer of
 * the stream ({@code --events}, a live view). Each kind is an immutable record of plain values.
 *
 * <p>A new kind is a record here in {@code permits}, the parser that emits it and the aggregation that reads it
 * (docs/extending.md); consumers that do not know it ignore it.
 */
public sealed interface JvmEvent
        permits GcEvent, GcStall, CycleStatistics, SafepointEvent, CodeCacheSample, Compilation, CpuLoadSample,
        NativeMemorySample, ResidentSetSample, MemoryPoolSample, ThreadCountSample, ClassCountSample, Restart,
        InputFile {

    /**
     * Seconds since JVM start at which the event began, in the time base of {@link GcEvent#uptimeSec()};
     * {@code NaN} when the input gives no time.
     */
    double uptimeSec();

    /** A consumer of every event that passes those of {@code type} to {@code action} and drops the rest. */
    static <E extends JvmEvent> Consumer<JvmEvent> only(Class<E> type, Consumer<? super E> action) {
        return e -> {
            if (type.isInstance(e)) {
                action.accept(type.cast(e));
            }
        };
    }
}
