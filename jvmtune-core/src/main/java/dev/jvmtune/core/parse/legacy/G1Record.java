package dev.jvmtune.core.parse.legacy;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.CpuTimes;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What is known so far of one G1 stop-the-world record of a JDK 7/8 log: its first line
 * ({@code [GC pause (G1 Evacuation Pause) (young)}), the pause time that closes it
 * ({@code , 0.0069788 secs]}, possibly several lines later), then its detail block up to
 * {@code [Times: ...]}. One instance is reused for every record; {@link GcEvent} copies what it keeps.
 */
final class G1Record {

    /**
     * The record types that open with their own line; PAUSE becomes YOUNG, MIXED or CONCURRENT_START.
     * UNKNOWN is a record whose first line is missing from the log: only its end and details are known.
     */
    enum Type { PAUSE, FULL, REMARK, CLEANUP, UNKNOWN }

    Type type;
    boolean active;
    boolean mixed;
    boolean initialMark;
    boolean evacuationFailure;
    String cause;
    double uptime;
    Instant wall;
    double pauseMs;
    MemoryUsage heap;
    final List<MemoryUsage> pools = new ArrayList<>(2);
    final List<Phase> phases = new ArrayList<>(64);
    CpuTimes cpu;
    long startLine;
    long line;

    void open(Type type, double uptime, Instant wall, long line) {
        this.type = type;
        this.active = true;
        this.mixed = false;
        this.initialMark = false;
        this.evacuationFailure = false;
        this.cause = "";
        this.uptime = uptime;
        this.wall = wall;
        this.pauseMs = Double.NaN;
        this.heap = null;
        this.pools.clear();
        this.phases.clear();
        this.cpu = null;
        this.startLine = line;
        this.line = line;
    }

    /**
     * An ended record as a value: in a JDK 8 log without details no {@code [Times: ...]} line follows, so a record is
     * emitted only when the next one opens, and is part of the parser's state between lines.
     */
    record Ended(Type type, boolean mixed, boolean initialMark, boolean evacuationFailure, String cause, double uptime,
                 Instant wall, double pauseMs, MemoryUsage heap, List<MemoryUsage> pools, List<Phase> phases,
                 CpuTimes cpu, long startLine, long line) {
    }

    Ended snapshot() {
        return new Ended(type, mixed, initialMark, evacuationFailure, cause, uptime, wall, pauseMs, heap,
                List.copyOf(pools), List.copyOf(phases), cpu, startLine, line);
    }

    void restore(Ended e) {
        open(e.type, e.uptime, e.wall, e.startLine);
        mixed = e.mixed;
        initialMark = e.initialMark;
        evacuationFailure = e.evacuationFailure;
        cause = e.cause;
        pauseMs = e.pauseMs;
        heap = e.heap;
        pools.addAll(e.pools);
        phases.addAll(e.phases);
        cpu = e.cpu;
        line = e.line;
    }

    /** Whether the pause time has been read: the record counts from then on. */
    boolean ended() {
        return active && !Double.isNaN(pauseMs);
    }

    GcKind kind() {
        return switch (type) {
            case PAUSE -> initialMark ? GcKind.CONCURRENT_START : mixed ? GcKind.MIXED : GcKind.YOUNG;
            case FULL -> GcKind.FULL;
            case REMARK -> GcKind.REMARK;
            case CLEANUP -> GcKind.CLEANUP;
            case UNKNOWN -> GcKind.PAUSE;
        };
    }

    String name() {
        return switch (type) {
            case PAUSE -> initialMark ? (mixed ? "GC pause (mixed) (initial-mark)" : "GC pause (young) (initial-mark)")
                    : mixed ? "GC pause (mixed)" : "GC pause (young)";
            case FULL -> "Full GC";
            case REMARK -> "GC remark";
            case CLEANUP -> "GC cleanup";
            case UNKNOWN -> "GC pause";
        };
    }

    GcEvent toEvent() {
        return new GcEvent(-1, uptime, wall, Collector.G1, kind(), name(), cause, pauseMs, pauseMs, heap, pools, phases, cpu,
                evacuationFailure ? Set.of(GcIncident.EVACUATION_FAILURE) : Set.of(), line);
    }
}
