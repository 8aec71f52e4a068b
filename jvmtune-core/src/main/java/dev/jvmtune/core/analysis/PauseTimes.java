package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The stop-the-world pauses: their distribution, per kind, the intervals between their starts, and the run's
 * pauses in order ({@link PauseSeries}) for what can only be decided at the end (warm-up, the goal, evacuation
 * speed, pause groups).
 */
final class PauseTimes implements Aggregation.OfGc {

    final PauseStats.Accumulator all = new PauseStats.Accumulator();
    final PauseSeries.Sampler sampler = new PauseSeries.Sampler();
    private final PauseStats.Accumulator intervals = new PauseStats.Accumulator();
    private final Map<GcKind, PauseStats.Accumulator> byKind = new EnumMap<>(GcKind.class);
    private double prevStart = Double.NaN;

    @Override
    public void add(GcEvent e) {
        if (!e.isPause()) {
            return;
        }
        all.add(e.pauseMs());
        byKind.computeIfAbsent(e.kind(), k -> new PauseStats.Accumulator()).add(e.pauseMs());
        sampler.add(e);
        double t = e.uptimeSec();
        if (!Double.isNaN(t)) {
            if (!Double.isNaN(prevStart) && t >= prevStart) {
                intervals.add((t - prevStart) * 1000.0);
            }
            prevStart = t;
        }
    }

    /** Per kind, in the order of {@link GcKind}. */
    Map<GcKind, PauseStats> byKind() {
        Map<GcKind, PauseStats> kinds = new EnumMap<>(GcKind.class);
        byKind.forEach((k, acc) -> kinds.put(k, acc.build()));
        return Collections.unmodifiableMap(kinds);
    }

    PauseStats intervals() {
        return intervals.build();
    }
}
