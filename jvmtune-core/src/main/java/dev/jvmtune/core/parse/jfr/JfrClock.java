package dev.jvmtune.core.parse.jfr;

import java.time.Instant;

/**
 * JFR stamps events with wall-clock instants; the model's time axis is seconds since JVM start. The JVM's
 * start comes from {@code jdk.JVMInformation.jvmStartTime}; until it is known (or if a damaged recording lacks
 * it) the earliest instant seen stands in, like a text log's first line.
 */
final class JfrClock {

    private Instant jvmStart;
    private Instant earliest;
    private Instant latest;

    void jvmStart(Instant start) {
        if (jvmStart == null && start != null && start.getEpochSecond() > 0) {
            jvmStart = start;
        }
    }

    void saw(Instant start, Instant end) {
        if (earliest == null || start.isBefore(earliest)) {
            earliest = start;
        }
        if (latest == null || end.isAfter(latest)) {
            latest = end;
        }
    }

    /** The latest event end seen: how far the recording has been read, in its own time. */
    Instant latest() {
        return latest;
    }

    double uptimeSec(Instant t) {
        Instant base = jvmStart != null ? jvmStart : earliest;
        if (t == null || base == null) {
            return Double.NaN;
        }
        return (t.getEpochSecond() - base.getEpochSecond()) + (t.getNano() - base.getNano()) / 1e9;
    }

    double firstSec() {
        return uptimeSec(earliest);
    }

    double lastSec() {
        return uptimeSec(latest);
    }
}
