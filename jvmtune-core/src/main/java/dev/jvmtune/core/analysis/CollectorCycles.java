package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.CycleStatistics;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A concurrent collector's whole cycles (ZGC's, G1's concurrent mark cycles: {@link GcKind#CYCLE}; Shenandoah,
 * which logs no cycle summary: from each {@code Pause Init Mark} to the end of the last event of its GC id) and what
 * ZGC tells about each ({@link CycleStatistics}): how long a cycle takes and how much the application allocates
 * meanwhile are what the free heap must absorb, the headroom arithmetic of the stall and degeneration rules.
 *
 * @param count                 cycles
 * @param durationMs            their durations
 * @param maxLiveBytes          the most found live at mark end over the whole heap; -1 when not logged
 * @param maxAllocatedBytes     the most allocated during one cycle (mark start to relocate end); -1 when not logged
 * @param promotedBytes         moved from the young to the old generation over the run; -1 when not logged
 * @param softMaxBytes          the last soft maximum heap capacity logged; -1 when none
 * @param mmu                   the run's minimum mutator utilization per window, as ZGC measured it; empty when
 *                              not logged
 */
public record CollectorCycles(long count, PauseStats durationMs, long maxLiveBytes, long maxAllocatedBytes,
                              long promotedBytes, long softMaxBytes, List<CycleStatistics.Mmu> mmu) {

    public CollectorCycles {
        mmu = List.copyOf(mmu);
    }

    /** The run's MMU for {@code windowMs}, NaN when that window was not logged. */
    public double mmuPct(double windowMs) {
        for (CycleStatistics.Mmu m : mmu) {
            if (m.windowMs() == windowMs) {
                return m.pct();
            }
        }
        return Double.NaN;
    }

    static final class Accumulator implements Aggregation {
        private final PauseStats.Accumulator durations = new PauseStats.Accumulator();
        private final TreeMap<Double, Double> mmu = new TreeMap<>();
        private boolean statistics;
        private long maxLive = -1;
        private long maxAllocated = -1;
        private long promoted = -1;
        private long softMax = -1;
        private boolean summaries;
        /** Shenandoah's open cycle: its GC id, start and the latest end of an event of that id. */
        private long shenandoahId = Long.MIN_VALUE;
        private double shenandoahStart = Double.NaN;
        private double shenandoahEnd = Double.NaN;

        @Override
        public void accept(JvmEvent e) {
            if (e instanceof GcEvent g && g.kind() == GcKind.CYCLE) {
                summaries = true;
                durations.add(g.durationMs());
            } else if (e instanceof GcEvent g && g.collector() == Collector.SHENANDOAH && !summaries) {
                shenandoah(g);
            } else if (e instanceof CycleStatistics s) {
                statistics(s);
            }
        }

        private void shenandoah(GcEvent g) {
            double end = g.uptimeSec() + (Double.isNaN(g.durationMs()) ? 0 : g.durationMs() / 1000.0);
            if (g.name().startsWith("Pause Init Mark")) {
                closeShenandoah();
                shenandoahId = g.gcId();
                shenandoahStart = g.uptimeSec();
                shenandoahEnd = end;
            } else if (g.gcId() == shenandoahId && end > shenandoahEnd) {
                shenandoahEnd = end;
            }
        }

        private void closeShenandoah() {
            if (shenandoahId != Long.MIN_VALUE && !summaries) {
                durations.add((shenandoahEnd - shenandoahStart) * 1000.0);
            }
            shenandoahId = Long.MIN_VALUE;
        }

        private void statistics(CycleStatistics s) {
            statistics = true;
            maxLive = Math.max(maxLive, s.liveBytes());
            maxAllocated = Math.max(maxAllocated, s.allocatedBytes());
            if (s.promotedBytes() >= 0) {
                promoted = Math.max(0, promoted) + s.promotedBytes();
            }
            if (s.softMaxBytes() >= 0) {
                softMax = s.softMaxBytes();
            }
            for (CycleStatistics.Mmu m : s.mmu()) {
                mmu.merge(m.windowMs(), m.pct(), Math::min);
            }
        }

        /** Null when the run has no cycles and no statistics. */
        CollectorCycles build() {
            // a Shenandoah cycle still open is left out: it may not have ended, and build must not change the state
            if (durations.count() == 0 && !statistics) {
                return null;
            }
            List<CycleStatistics.Mmu> windows = new ArrayList<>();
            mmu.forEach((w, p) -> windows.add(new CycleStatistics.Mmu(w, p)));
            return new CollectorCycles(durations.count(), durations.build(), maxLive, maxAllocated, promoted, softMax,
                    windows);
        }
    }
}
