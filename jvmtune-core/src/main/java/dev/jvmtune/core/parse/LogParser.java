package dev.jvmtune.core.parse;

/**
 * One text log dialect. A parser is fed lines one at a time and pushes what it finds to its listener; it
 * never holds the whole log, only the collections still open.
 */
public interface LogParser extends TimelineParser {

    /** Parses one line ({@code buf[from, to)}, without line terminator); {@code line} is 1-based. */
    void line(byte[] buf, int from, int to, long line);

    /** Called when a new file of the same timeline starts (rotated logs): resets per-file state. */
    default void fileBoundary() {
    }
}
