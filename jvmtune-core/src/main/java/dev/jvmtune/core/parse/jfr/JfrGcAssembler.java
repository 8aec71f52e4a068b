package dev.jvmtune.core.parse.jfr;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.parse.jfr.OpenJfrGc.Span;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Turns the GC events of a recording into {@link GcEvent}s at the granularity of the unified log: one event
 * per stop-the-world pause ({@code jdk.GCPhasePause}), one per top-level concurrent phase, and one
 * {@code CYCLE} per G1 concurrent mark cycle or ZGC collection.
 *
 * <p>Within a chunk JFR writes events per thread buffer, not in time order: measured on JDK 17 and 25, the
 * events of one GC id arrive up to 1.1 s (the recorder's flush period) after others of later ids. An id is
 * therefore held until the recording has moved {@link #GRACE_NANOS} past its last event, then emitted;
 * memory stays bounded by the ids of the last few seconds (and {@link #MAX_OPEN}).
 */
final class JfrGcAssembler {

    static final long GRACE_NANOS = 5_000_000_000L;
    /** An id with no {@code jdk.GarbageCollection} (the recording stopped inside it) is given up after this. */
    static final long ABANDON_NANOS = 60_000_000_000L;
    static final int MAX_OPEN = 4096;
    /** A phase belongs to the pause (or parent phase) whose interval holds its start, within this slack. */
    private static final long SLACK_NANOS = 2_000;

    private final TreeMap<Long, OpenJfrGc> open = new TreeMap<>();
    private final Set<Long> emitted = new LinkedHashSet<>();
    private final JfrClock clock;
    private final Consumer<GcEvent> out;
    private Collector collector;
    private long late;

    JfrGcAssembler(JfrClock clock, Consumer<GcEvent> out) {
        this.clock = clock;
        this.out = out;
    }

    void collector(Collector name) {
        collector = name;
    }

    /** The state of {@code id}, or null when that id was already emitted (the event came too late). */
    OpenJfrGc get(long id, Instant seen) {
        if (emitted.contains(id)) {
            late++;
            return null;
        }
        OpenJfrGc gc = open.computeIfAbsent(id, OpenJfrGc::new);
        gc.touch(seen);
        return gc;
    }

    /** The earliest event start of the ids still held; null when none is. */
    Instant heldSince() {
        Instant min = null;
        for (OpenJfrGc gc : open.values()) {
            min = OpenJfrGc.earlier(min, gc.earliest);
        }
        return min;
    }

    /** JFR events that came after their GC id had been emitted; their figures are missing. */
    long lateEvents() {
        return late;
    }

    /** Emits the ids the recording has moved well past. */
    void flushStale() {
        Instant now = clock.latest();
        if (now == null) {
            return;
        }
        Iterator<OpenJfrGc> it = open.values().iterator();
        while (it.hasNext()) {
            OpenJfrGc gc = it.next();
            long age = gc.lastSeen == null ? Long.MAX_VALUE : OpenJfrGc.nanos(gc.lastSeen, now);
            if ((gc.hasSummary() && age > GRACE_NANOS) || age > ABANDON_NANOS || open.size() > MAX_OPEN) {
                it.remove();
                emit(gc);
            }
        }
    }

    void flushAll() {
        while (!open.isEmpty()) {
            emit(open.pollFirstEntry().getValue());
        }
    }

    private void emit(OpenJfrGc gc) {
        emitted.add(gc.id);
        if (emitted.size() > MAX_OPEN) {
            Iterator<Long> oldest = emitted.iterator();
            oldest.next();
            oldest.remove();
        }
        List<GcEvent> events = new ArrayList<>();
        Collector coll = collectorOf(gc);
        boolean concurrentCollector = coll == Collector.ZGC || coll == Collector.SHENANDOAH;
        MemoryUsage heap = gc.heapBefore >= 0 || gc.heapAfter >= 0
                ? MemoryUsage.bytes("Heap", gc.heapBefore, gc.heapAfter, gc.heapCommitted) : null;
        String cycleName = cycleName(gc.gcName);
        gc.pauses.sort(Comparator.comparing(Span::start));
        // where the log prints the heap transition: the cycle line (ZGC), the one pause of a stop-the-world
        // collection, the last pause of a Shenandoah cycle; G1 remark/cleanup ids have no heap summary
        Span heapPause = cycleName != null || gc.pauses.isEmpty() ? null : gc.pauses.get(gc.pauses.size() - 1);
        for (Span p : gc.pauses) {
            Kind k = pauseKind(gc, p.name(), coll);
            String cause = k.kind == GcKind.REMARK || k.kind == GcKind.CLEANUP ? "" : gc.cause;
            boolean single = gc.pauses.size() == 1;
            events.add(new GcEvent(gc.id, clock.uptimeSec(p.start()), p.start(), coll, k.kind, k.name, cause,
                    p.ms(), p.ms(), p == heapPause ? heap : null,
                    single && cycleName == null ? gc.poolUsages() : List.of(),
                    phases(p, gc.pausePhases), p == heapPause || single ? gc.cpu : null,
                    p == heapPause || single ? gc.incidents : Set.of(), gc.ordinal));
        }
        if (coll == Collector.SHENANDOAH) {
            nestConcurrent(gc);
        }
        for (Span c : gc.concurrent) {
            events.add(new GcEvent(gc.id, clock.uptimeSec(c.start()), c.start(), coll, GcKind.CONCURRENT,
                    c.name(), concurrentCollector ? gc.cause : "", 0.0, c.ms(), null, List.of(),
                    phases(c, gc.concurrentPhases), null, Set.of(), gc.ordinal));
        }
        if (cycleName != null && gc.start != null && gc.end != null) {
            double ms = OpenJfrGc.nanos(gc.start, gc.end) / 1e6;
            events.add(new GcEvent(gc.id, clock.uptimeSec(gc.start), gc.start, coll, GcKind.CYCLE, cycleName,
                    coll == Collector.G1 ? "" : gc.cause, 0.0, ms, coll == Collector.ZGC ? heap : null, List.of(),
                    List.of(), gc.pauses.isEmpty() ? gc.cpu : null, Set.of(), gc.ordinal));
        }
        // log order: each event is printed when it ends, the cycle summary last
        events.sort(Comparator.comparingDouble((GcEvent e) -> e.uptimeSec() + e.durationMs() / 1000.0)
                .thenComparing(e -> e.kind() == GcKind.CYCLE));
        events.forEach(out);
    }

    private Collector collectorOf(OpenJfrGc gc) {
        Collector fromName = collectorOfGcName(gc.gcName);
        return fromName != null ? fromName : collector != null ? collector : Collector.UNKNOWN;
    }

    /** The model's collector name for a {@code jdk.GarbageCollection} or {@code jdk.GCConfiguration} name. */
    static Collector collectorOfGcName(String gcName) {
        if (gcName == null) {
            return null;
        }
        return switch (gcName) {
            case "G1New", "G1Old", "G1Full" -> Collector.G1;
            case "DefNew", "SerialOld", "MarkSweepCompact" -> Collector.SERIAL;
            case "ParallelScavenge", "ParallelOld", "PSMarkSweep" -> Collector.PARALLEL;
            case "ParNew", "ConcurrentMarkSweep" -> Collector.CMS;
            case "Z", "ZGC Major", "ZGC Minor" -> Collector.ZGC;
            case "Shenandoah" -> Collector.SHENANDOAH;
            case "Epsilon" -> Collector.EPSILON;
            default -> null;
        };
    }

    /** The log's label of the whole-cycle summary, for collections the log summarises as a cycle. */
    private static String cycleName(String gcName) {
        if (gcName == null) {
            return null;
        }
        return switch (gcName) {
            case "G1Old" -> "Concurrent Mark Cycle";
            case "Z" -> "Garbage Collection";
            case "ZGC Major" -> "Major Collection";
            case "ZGC Minor" -> "Minor Collection";
            default -> null;
        };
    }

    private record Kind(GcKind kind, String name) {
    }

    /**
     * Kind and log-style label of a pause. Stop-the-world collectors name every pause {@code "GC Pause"} in
     * JFR; the log's label comes from the collection's name and G1's young type.
     */
    private static Kind pauseKind(OpenJfrGc gc, String pauseName, Collector coll) {
        String gcName = gc.gcName == null ? "" : gc.gcName;
        if (pauseName.startsWith("Pause Degenerated")) {
            return new Kind(GcKind.DEGENERATED, pauseName);
        }
        switch (pauseName) {
            case "Pause Remark":
                return new Kind(GcKind.REMARK, pauseName);
            case "Pause Cleanup":
                return new Kind(GcKind.CLEANUP, pauseName);
            case "Pause Full":
                return new Kind(GcKind.FULL, pauseName);
            default:
                break;
        }
        switch (gcName) {
            case "G1New": {
                String type = gc.g1Type == null ? "Normal" : gc.g1Type;
                GcKind kind = switch (type) {
                    case "Concurrent Start", "Initial Mark" -> GcKind.CONCURRENT_START;
                    case "Mixed" -> GcKind.MIXED;
                    default -> GcKind.YOUNG;
                };
                return new Kind(kind, "Pause Young (" + type + ")");
            }
            case "G1Full", "SerialOld", "ParallelOld", "PSMarkSweep", "MarkSweepCompact":
                return new Kind(GcKind.FULL, "Pause Full");
            case "DefNew", "ParallelScavenge", "ParNew":
                return new Kind(GcKind.YOUNG, "Pause Young");
            default:
                return new Kind(coll == Collector.ZGC || coll == Collector.SHENANDOAH ? GcKind.PAUSE
                        : pauseName.contains("Young") ? GcKind.YOUNG : GcKind.PAUSE, pauseName);
        }
    }

    /**
     * Shenandoah times each concurrent phase twice at JFR's top level ({@code jdk.GCPhaseConcurrent}): the control
     * thread times the phase as its log prints it ("Concurrent marking (unload classes)"), the workers time the work
     * inside it ("Concurrent Marking"). A top-level span that lies within another of the same id becomes a phase of
     * it, one level down for each span that holds it, so each concurrent moment is counted once, as in the log.
     * G1's and ZGC's top-level concurrent spans do not nest (JDK 17 and 25), and generational ZGC's two generations
     * could overlap under one id without one being part of the other: they are left as recorded.
     */
    private static void nestConcurrent(OpenJfrGc gc) {
        List<Span> all = List.copyOf(gc.concurrent);
        gc.concurrent.clear();
        for (int i = 0; i < all.size(); i++) {
            int holders = 0;
            for (int j = 0; j < all.size(); j++) {
                if (j != i && holds(all.get(j), all.get(i), j < i)) {
                    holders++;
                }
            }
            Span s = all.get(i);
            if (holders == 0) {
                gc.concurrent.add(s);
            } else {
                gc.concurrentPhases.add(new Span(s.name(), holders, s.start(), s.end()));
            }
        }
    }

    /**
     * Whether {@code outer}'s interval holds all of {@code inner}'s, begun before its end (one that begins as the
     * other ends follows it); of two spans with the same interval the one recorded first holds the other.
     */
    private static boolean holds(Span outer, Span inner, boolean outerFirst) {
        long startGap = OpenJfrGc.nanos(outer.start(), inner.start());
        long endGap = OpenJfrGc.nanos(inner.end(), outer.end());
        return startGap >= 0 && endGap >= 0 && inner.start().isBefore(outer.end())
                && (startGap > 0 || endGap > 0 || outerFirst);
    }

    /**
     * The phases inside {@code parent}, with paths: a level-n phase's parent is the level n-1 phase whose
     * interval holds its start (JFR gives the level, not the parent).
     */
    private static List<Phase> phases(Span parent, List<Span> all) {
        List<Span> inside = new ArrayList<>();
        for (Span s : all) {
            if (within(s, parent)) {
                inside.add(s);
            }
        }
        if (inside.isEmpty()) {
            return List.of();
        }
        inside.sort(Comparator.comparing(Span::start).thenComparingInt(Span::level));
        List<Phase> out = new ArrayList<>(inside.size());
        Span[] stack = new Span[8];
        String[] paths = new String[8];
        for (Span s : inside) {
            int level = Math.max(1, Math.min(s.level(), stack.length - 1));
            String prefix = "";
            for (int l = level - 1; l >= 1; l--) {
                if (stack[l] != null && within(s, stack[l])) {
                    prefix = paths[l] + "/";
                    break;
                }
            }
            String path = prefix + s.name();
            stack[level] = s;
            paths[level] = path;
            out.add(new Phase(path, s.ms(), s.ms()));
        }
        return out;
    }

    private static boolean within(Span s, Span parent) {
        return OpenJfrGc.nanos(parent.start(), s.start()) >= -SLACK_NANOS
                && OpenJfrGc.nanos(s.start(), parent.end()) >= -SLACK_NANOS;
    }
}
