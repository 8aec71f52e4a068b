package dev.jvmtune.core.parse;

import dev.jvmtune.core.model.JvmEvent;

/**
 * Receives what a parser reads, in log order: every event of the run through {@link #onEvent}, and what is
 * wrong with the input (skipped lines, warnings) through the other two, which describe the file rather than
 * the JVM and go to its {@code InputStats}.
 */
public interface ParseListener {

    /** An event of the run (a collection, a safepoint, a restart...). */
    void onEvent(JvmEvent event);

    /** A line that is not part of the dialect; {@code buf} is only valid during the call. */
    default void onUnrecognized(long line, byte[] buf, int from, int to) {
    }

    /** Something the reader should know: an incomplete event, a clock that went backwards... */
    default void onWarning(long line, String message) {
    }
}
