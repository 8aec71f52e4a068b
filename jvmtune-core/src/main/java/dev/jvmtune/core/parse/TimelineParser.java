package dev.jvmtune.core.parse;

import dev.jvmtune.core.model.JvmFacts;

/**
 * What reads one timeline, whatever its input: a {@link LogParser} fed lines, or the JFR reader fed
 * recordings. {@code GcLogStream} needs only this once the files are read.
 */
public interface TimelineParser {

    /** Flushes what is still open at the end of input, warning about collections without an end. */
    void finish();

    /** Time of the first timestamped line or event, in the time base of {@code GcEvent.uptimeSec}; NaN if none. */
    double firstTimestampSec();

    /** Time of the last timestamped line or event; NaN if none. */
    double lastTimestampSec();

    /** Facts about the JVM gathered so far. */
    JvmFacts facts();

    LogFormat format();
}
