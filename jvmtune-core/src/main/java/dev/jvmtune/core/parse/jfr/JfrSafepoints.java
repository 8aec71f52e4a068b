package dev.jvmtune.core.parse.jfr;

import dev.jvmtune.core.model.SafepointEvent;
import java.time.Instant;
import java.util.Iterator;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Safepoints from {@code jdk.SafepointBegin}/{@code jdk.SafepointStateSynchronization}/{@code jdk.SafepointEnd}
 * (off in JFR's default and profile settings) and {@code jdk.ExecuteVMOperation} (on, above a threshold),
 * joined by {@code safepointId}. With begin and end, the total is begin to end and time to safepoint the
 * synchronization; with the VM operation alone, the total is the operation's duration and time to safepoint
 * unknown. Held like GC ids, since the events come from several threads' buffers.
 */
final class JfrSafepoints {

    private static final class Open {
        Instant begin;
        Instant end;
        double syncMs = Double.NaN;
        String operation = "";
        Instant opStart;
        double opMs = Double.NaN;
        Instant lastSeen;
        Instant earliest;
        long ordinal;
    }

    private final TreeMap<Long, Open> open = new TreeMap<>();
    private final JfrClock clock;
    private final Consumer<SafepointEvent> out;

    JfrSafepoints(JfrClock clock, Consumer<SafepointEvent> out) {
        this.clock = clock;
        this.out = out;
    }

    void begin(long id, Instant start, long ordinal) {
        Open s = get(id, start, ordinal);
        s.begin = start;
    }

    void synchronization(long id, Instant end, double ms, long ordinal) {
        get(id, end, ordinal).syncMs = ms;
    }

    void end(long id, Instant end, long ordinal) {
        get(id, end, ordinal).end = end;
    }

    void operation(long id, String operation, Instant start, Instant end, double ms, long ordinal) {
        Open s = get(id, end, ordinal);
        s.earliest = OpenJfrGc.earlier(s.earliest, start);
        s.operation = operation == null ? "" : operation;
        s.opStart = start;
        s.opMs = ms;
    }

    private Open get(long id, Instant seen, long ordinal) {
        Open s = open.computeIfAbsent(id, k -> new Open());
        if (s.lastSeen == null || seen.isAfter(s.lastSeen)) {
            s.lastSeen = seen;
        }
        s.earliest = OpenJfrGc.earlier(s.earliest, seen);
        s.ordinal = Math.max(s.ordinal, ordinal);
        return s;
    }

    /** The earliest event time of the safepoints still held; null when none is. */
    Instant heldSince() {
        Instant min = null;
        for (Open s : open.values()) {
            min = OpenJfrGc.earlier(min, s.earliest);
        }
        return min;
    }

    void flushStale() {
        Instant now = clock.latest();
        Iterator<Open> it = open.values().iterator();
        while (it.hasNext()) {
            Open s = it.next();
            if (OpenJfrGc.nanos(s.lastSeen, now) > JfrGcAssembler.GRACE_NANOS || open.size() > JfrGcAssembler.MAX_OPEN) {
                it.remove();
                emit(s);
            }
        }
    }

    void flushAll() {
        while (!open.isEmpty()) {
            emit(open.pollFirstEntry().getValue());
        }
    }

    private void emit(Open s) {
        Instant start = s.begin != null ? s.begin : s.opStart;
        double total = s.begin != null && s.end != null ? OpenJfrGc.nanos(s.begin, s.end) / 1e6 : s.opMs;
        if (start == null || Double.isNaN(total)) {
            return; // a begin without end (or the reverse) at the recording's edge
        }
        out.accept(new SafepointEvent(clock.uptimeSec(start), s.operation, s.syncMs, total, s.ordinal));
    }
}
