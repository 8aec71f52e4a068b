package dev.jvmtune.core.model;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One stop-the-world pause, one concurrent phase, or one concurrent cycle summary, as logged.
 *
 * @param gcId        the JVM's GC id ({@code GC(n)}), {@code -1} when the log has none
 * @param uptimeSec   seconds since JVM start when the event began; for logs with wall-clock decorations
 *                    only, seconds since the first line of the log; {@code NaN} when the log has no time
 * @param wallTime    wall-clock start when logged, else {@code null}
 * @param collector   the collector that ran it, as in {@link JvmFacts#collector()}
 * @param kind        what the event is
 * @param name        the event's own label, e.g. {@code "Pause Young (Normal)"}, {@code "Concurrent Mark"}
 * @param cause       the logged cause ({@code "G1 Evacuation Pause"}, {@code "System.gc()"}), or {@code ""}
 * @param pauseMs     time the application was stopped; 0 for concurrent work
 * @param durationMs  elapsed time of the event (equal to {@code pauseMs} for pauses)
 * @param heap        whole-heap occupancy before/after/capacity, or {@code null}
 * @param pools       per-pool or per-region-type figures (Eden, Survivor, Old, Humongous, Metaspace...)
 * @param phases      timed sub-steps in log order
 * @param cpu         user/sys/real seconds, or {@code null}
 * @param incidents   failures the log reports for this event (evacuation failure, promotion failed...), in the
 *                    order of {@link GcIncident}
 * @param line        1-based line number (within its file) of the line that completed the event
 * @param plab        the collection's PLAB statistics ({@code -Xlog:gc+plab=debug}), or {@code null}
 */
public record GcEvent(long gcId, double uptimeSec, Instant wallTime, Collector collector, GcKind kind,
                      String name, String cause, double pauseMs, double durationMs, MemoryUsage heap,
                      List<MemoryUsage> pools, List<Phase> phases, CpuTimes cpu, Set<GcIncident> incidents,
                      long line, PlabStatistics plab) implements JvmEvent {

    public GcEvent {
        collector = collector == null ? Collector.UNKNOWN : collector;
        pools = List.copyOf(pools);
        phases = List.copyOf(phases);
        incidents = incidents.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(incidents));
    }

    /** An event without PLAB statistics: what every log but a G1 one with {@code gc+plab=debug} gives. */
    public GcEvent(long gcId, double uptimeSec, Instant wallTime, Collector collector, GcKind kind, String name,
                   String cause, double pauseMs, double durationMs, MemoryUsage heap, List<MemoryUsage> pools,
                   List<Phase> phases, CpuTimes cpu, Set<GcIncident> incidents, long line) {
        this(gcId, uptimeSec, wallTime, collector, kind, name, cause, pauseMs, durationMs, heap, pools, phases, cpu,
                incidents, line, null);
    }

    public boolean isPause() {
        return kind.isPause();
    }

    /** The first pool of {@code role}, or {@code null}. */
    public MemoryUsage pool(PoolRole role) {
        for (MemoryUsage p : pools) {
            if (p.role() == role) {
                return p;
            }
        }
        return null;
    }

    /** Sum of phase times whose last path element equals {@code name}, or {@code NaN} if none. */
    public double phaseMs(String name) {
        double sum = Double.NaN;
        for (Phase p : phases) {
            if (p.name().equals(name)) {
                sum = Double.isNaN(sum) ? p.ms() : sum + p.ms();
            }
        }
        return sum;
    }
}
