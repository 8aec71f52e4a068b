package dev.jvmtune.core.parse;

import dev.jvmtune.core.model.JvmFacts;

/**
 * One log dialect. A parser is fed lines one at a time and pushes what it finds to its listener; it
 * never holds the whole log, only the collections still open.
 */
public interface LogParser {

    /** Parses one line ({@code buf[from, to)}, without line terminator); {@code line} is 1-based. */
    void line(byte[] buf, int from, int to, long line);

    /** Called when a new file of the same timeline starts (rotated logs): resets per-file state. */
    default void fileBoundary() {
    }

    /** Flushes what is still open at the end of input, warning about collections without an end. */
    void finish();

    /** Time of the first timestamped line, in the time base of {@code GcEvent.uptimeSec}; NaN if none. */
    double firstTimestampSec();

    /** Time of the last timestamped line; NaN if none. */
    double lastTimestampSec();

    /** Facts about the JVM gathered so far. */
    JvmFacts facts();

    LogFormat format();
}
