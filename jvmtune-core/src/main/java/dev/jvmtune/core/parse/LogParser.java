package dev.jvmtune.core.parse;

import dev.jvmtune.core.model.JvmFacts;

/**
 * One text log dialect. A parser is fed lines one at a time and pushes what it finds to its listener; it
 * never holds the whole log, only the collections still open.
 *
 * <p>A parser's state between two lines is either something open (a collection waiting for more lines, a record
 * being joined) or, when nothing is, a {@link Context}: a value that holds everything a later line may read that an
 * earlier one set. That is what lets {@code GcLogStream} read the blocks of a large log in parallel: a block parsed
 * from a guessed context counts from the first line boundary where its context equals the one the parser that read
 * everything before it has there, since from equal contexts the same lines give the same events, warnings and
 * skipped lines, and again equal contexts.
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

    /** The state after the last line read when nothing is open, as a value; null while something is. */
    Context context();

    /**
     * Called on a parser that read on from a context equal to {@code earlier}'s: it takes what {@code earlier} had
     * gathered by then that steers nothing, and so is in no context (the unified log's tag sets). Nothing by default.
     */
    default void joinAfter(LogParser earlier) {
    }

    /** Facts this parser gave (at a restart) completed with what {@code earlier} had gathered, as {@link #joinAfter}. */
    default JvmFacts completeFacts(JvmFacts given, LogParser earlier) {
        return given;
    }

    /**
     * Whether the run being read printed a JVM's start-up lines (its version, CPUs, heap or region size); cheap,
     * where {@link #facts()} builds the whole record.
     */
    boolean startupLinesSeen();

    /**
     * A parser's state between two lines when nothing is open. Equal contexts read the lines that follow alike; a
     * context is immutable, so any number of parsers can start from it at once.
     */
    interface Context {

        /** A parser of the dialect that made this context, in this state, sending what it reads to {@code out}. */
        LogParser resume(ParseListener out);
    }
}
