package dev.jvmtune.core.model;

/**
 * The clock went back: a JVM was restarted and its new log appended to the same file. What follows belongs to
 * another run, with facts of its own; the parser has reset its facts and its time span.
 *
 * @param file     the file it is in ({@code GcLogStream} fills it in; {@code null} from a parser)
 * @param line     the first line of the new run
 * @param lastSec  the last timestamp of the run that ended
 * @param firstSec the first timestamp of the new run
 */
public record Restart(String file, long line, double lastSec, double firstSec) implements JvmEvent {

    /** A restart as a parser reports it, before the stream names its file. */
    public static Restart at(long line, double lastSec, double firstSec) {
        return new Restart(null, line, lastSec, firstSec);
    }

    public Restart inFile(String name) {
        return new Restart(name, line, lastSec, firstSec);
    }

    @Override
    public double uptimeSec() {
        return firstSec;
    }
}
