package dev.jvmtune.core.parse.jfr;

import dev.jvmtune.core.model.CpuTimes;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.MemoryUsage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the recording has told so far about one GC id. JFR writes the events of one collection from
 * several threads' buffers, so they arrive in any order within about a second of each other; this holds
 * them until the collection can be turned into model events.
 */
final class OpenJfrGc {

    /** A timed JFR phase or pause; {@code level} 0 for {@code jdk.GCPhasePause}/{@code jdk.GCPhaseConcurrent}. */
    record Span(String name, int level, Instant start, Instant end) {
        double ms() {
            return nanos(start, end) / 1e6;
        }
    }

    final long id;
    /** {@code jdk.GarbageCollection} name: G1New, G1Old, G1Full, DefNew, SerialOld, ParallelScavenge, Z... */
    String gcName;
    String cause = "";
    Instant start;
    Instant end;
    /** G1 young collection type (Normal, Concurrent Start, Mixed, Prepare Mixed). */
    String g1Type;
    long ordinal;
    final List<Span> pauses = new ArrayList<>(2);
    final List<Span> pausePhases = new ArrayList<>();
    final List<Span> concurrent = new ArrayList<>();
    final List<Span> concurrentPhases = new ArrayList<>();
    long heapBefore = -1;
    long heapAfter = -1;
    long heapCommitted = -1;
    /** The earliest start of this id's events so far: no event of it begins before. */
    Instant earliest;

    /** The earlier of two instants, either of which may be null. */
    static Instant earlier(Instant a, Instant b) {
        return a == null || (b != null && b.isBefore(a)) ? b : a;
    }
    /** Pool name -> {before, after, capacity}, in the order first seen. */
    final Map<String, long[]> pools = new LinkedHashMap<>();
    /** G1 eden + survivor before/after, for JDKs whose G1 summary lacks the old generation. */
    final long[] g1YoungUsed = {-1, -1};
    CpuTimes cpu;
    final Set<GcIncident> incidents = EnumSet.noneOf(GcIncident.class);
    /** Latest end time among this id's events: it is emitted once the recording has moved well past it. */
    Instant lastSeen;

    OpenJfrGc(long id) {
        this.id = id;
    }

    boolean hasSummary() {
        return gcName != null;
    }

    void touch(Instant t) {
        if (t != null && (lastSeen == null || t.isAfter(lastSeen))) {
            lastSeen = t;
        }
    }

    void pool(String name, boolean before, long used, long capacity) {
        long[] p = pools.computeIfAbsent(name, k -> new long[] {-1, -1, -1});
        p[before ? 0 : 1] = used;
        if (!before || p[2] < 0) {
            p[2] = capacity;
        }
    }

    List<MemoryUsage> poolUsages() {
        if (g1YoungUsed[0] >= 0 && g1YoungUsed[1] >= 0 && heapBefore >= 0 && heapAfter >= 0
                && !pools.containsKey("Old regions")) {
            // includes humongous objects, which these JDKs do not report apart
            pool("Old regions", true, heapBefore - g1YoungUsed[0], -1);
            pool("Old regions", false, heapAfter - g1YoungUsed[1], -1);
        }
        List<MemoryUsage> out = new ArrayList<>(pools.size());
        pools.forEach((name, p) -> out.add(MemoryUsage.bytes(name, p[0], p[1], p[2])));
        return out;
    }

    static long nanos(Instant a, Instant b) {
        return (b.getEpochSecond() - a.getEpochSecond()) * 1_000_000_000L + (b.getNano() - a.getNano());
    }
}
