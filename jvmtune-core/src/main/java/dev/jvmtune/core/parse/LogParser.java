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

    /**
     * Called when the file was truncated and is read again from its start (a JVM restarted onto it, {@code
     * copytruncate}): as at a file boundary, and a first time behind the last one read, by however little, is a
     * restart - what was read before was another content, not lines of the same run racing to be printed.
     */
    void fileRewritten();
}
