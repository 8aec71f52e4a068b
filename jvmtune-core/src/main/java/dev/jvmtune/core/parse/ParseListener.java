package dev.jvmtune.core.parse;

import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.Compilation;
import dev.jvmtune.core.model.CpuLoadSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.SafepointEvent;

/** Receives what a {@link LogParser} finds, in log order. */
public interface ParseListener {

    void onEvent(GcEvent event);

    default void onSafepoint(SafepointEvent safepoint) {
    }

    /** Code heap occupancy; only JFR recordings carry it. */
    default void onCodeCache(CodeCacheSample sample) {
    }

    /** A JIT compilation; only JFR recordings carry it. */
    default void onCompilation(Compilation compilation) {
    }

    /** CPU load; only JFR recordings carry it. */
    default void onCpuLoad(CpuLoadSample sample) {
    }

    /** A line that is not part of the dialect; {@code text} is only valid during the call. */
    default void onUnrecognized(long line, byte[] buf, int from, int to) {
    }

    /**
     * The clock went back at {@code line}: the JVM was restarted and its new log appended to the same file.
     * What follows belongs to another run; the parser has reset its facts and its time span.
     *
     * @param lastSec  the last timestamp before the restart
     * @param firstSec the first timestamp after it
     */
    default void onRestart(long line, double lastSec, double firstSec) {
    }

    /** Something the reader should know: an incomplete event, a clock that went backwards... */
    default void onWarning(long line, String message) {
    }
}
