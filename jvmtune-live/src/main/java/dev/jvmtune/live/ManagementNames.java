package dev.jvmtune.live;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.PoolRole;

/**
 * The names HotSpot's management beans give its collectors and heap pools ({@code GarbageCollectorMXBean.getName},
 * its notifications' {@code getGcAction}, {@code MemoryPoolMXBean.getName}), which the OpenTelemetry JVM conventions
 * take as {@code jvm.gc.name}, {@code jvm.gc.action} and {@code jvm.memory.pool.name}; the one table from what a log or
 * a recording tells (the collector, the kind of pause, the pool's role) to them. Listed by JDK 17 and 25 themselves
 * for Serial, Parallel, G1 and ZGC; Shenandoah's and CMS's from HotSpot's sources.
 */
final class ManagementNames {

    private static final String MINOR = "end of minor GC";
    private static final String MAJOR = "end of major GC";
    private static final String PAUSE = "end of GC pause";
    private static final String CYCLE = "end of GC cycle";

    private ManagementNames() {
    }

    /** A garbage collector bean and the action its notification names. */
    record Gc(String name, String action) {
    }

    /**
     * The bean that reports {@code e}: a stop-the-world pause, or a whole concurrent cycle where the collector has a
     * bean for cycles (ZGC); null where no bean reports it (concurrent phases, G1's mark cycle, Epsilon, an unknown
     * collector).
     *
     * <p>ZGC names its beans after the cycle a pause belongs to (JDK 21+ generational: {@code ZGC Minor Pauses},
     * {@code ZGC Major Pauses}), which a pause does not tell: {@code cycle} is the name of the cycle of the pause's GC
     * id, or null when it is not known yet - then {@link #awaitsCycle} says so. G1's remark and cleanup pauses are
     * reported by {@code G1 Concurrent GC}, a bean JDK 20 added; named so whatever the JDK.
     */
    static Gc gc(Collector collector, GcEvent e, String cycle) {
        GcKind kind = e.kind();
        if (kind == GcKind.CONCURRENT || (kind == GcKind.CYCLE && collector != Collector.ZGC)) {
            return null;
        }
        return switch (collector) {
            case G1 -> switch (kind) {
                case YOUNG, CONCURRENT_START, MIXED -> new Gc("G1 Young Generation", MINOR);
                case FULL -> new Gc("G1 Old Generation", MAJOR);
                default -> new Gc("G1 Concurrent GC", "end of concurrent GC pause");
            };
            case PARALLEL -> kind == GcKind.FULL ? new Gc("PS MarkSweep", MAJOR) : new Gc("PS Scavenge", MINOR);
            case SERIAL -> kind == GcKind.FULL ? new Gc("MarkSweepCompact", MAJOR) : new Gc("Copy", MINOR);
            case CMS -> kind == GcKind.YOUNG ? new Gc("ParNew", MINOR) : new Gc("ConcurrentMarkSweep", MAJOR);
            case SHENANDOAH -> new Gc("Shenandoah Pauses", PAUSE);
            case ZGC -> {
                String c = kind == GcKind.CYCLE ? e.name() : cycle;
                if (c == null) {
                    yield null;
                }
                String family = c.startsWith("Minor") ? "ZGC Minor " : c.startsWith("Major") ? "ZGC Major " : "ZGC ";
                yield kind == GcKind.CYCLE ? new Gc(family + "Cycles", CYCLE) : new Gc(family + "Pauses", PAUSE);
            }
            default -> null;
        };
    }

    /** Whether {@code e}'s bean is known only once its GC id's cycle is: a ZGC pause. */
    static boolean awaitsCycle(Collector collector, GcEvent e) {
        return collector == Collector.ZGC && e.isPause();
    }

    /**
     * The heap pool a log's or a summary's pool of {@code role} is part of, as the collector's {@code MemoryPoolMXBean}
     * names it; null where it is not one pool (a generational collector's young generation, which the beans split into
     * Eden and survivor spaces) or the collector is not known. G1's old, humongous and archive regions are all in
     * {@code G1 Old Gen}. {@code cycle}: for the whole heap ({@link PoolRole#HEAP}), the cycle it was taken at - one pool
     * for ZGC before JDK 21's generations and for Shenandoah.
     */
    static String heapPool(Collector collector, PoolRole role, String cycle) {
        return switch (collector) {
            case G1 -> switch (role) {
                case EDEN -> "G1 Eden Space";
                case SURVIVOR -> "G1 Survivor Space";
                case OLD, HUMONGOUS, ARCHIVE -> "G1 Old Gen";
                default -> null;
            };
            case PARALLEL -> role == PoolRole.OLD ? "PS Old Gen" : null;
            case SERIAL -> role == PoolRole.OLD ? "Tenured Gen" : null;
            case CMS -> role == PoolRole.OLD ? "CMS Old Gen" : null;
            case ZGC -> role == PoolRole.HEAP && cycle != null && cycle.startsWith("Garbage Collection") ? "ZHeap" : null;
            case SHENANDOAH -> role == PoolRole.HEAP ? "Shenandoah" : null;
            default -> null;
        };
    }

    /** Whether the pool's bean gives the heap's maximum as its own ({@code -Xmx}): the pool the heap grows into. */
    static boolean boundedByHeap(String pool) {
        return switch (pool) {
            case "G1 Old Gen", "ZHeap", "Shenandoah" -> true;
            default -> false;
        };
    }
}
