package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
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
    final PauseSeries series = new PauseSeries();
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
        boolean young = e.kind() == GcKind.YOUNG || e.kind() == GcKind.CONCURRENT_START;
        // a pause that failed to evacuate (to-space exhausted) copied and then undid work: no measure of speed
        boolean measured = young && !e.incidents().contains(GcIncident.EVACUATION_FAILURE);
        double t = e.uptimeSec();
        series.add(t, e.pauseMs(), PauseClass.code(e), measured ? EvacuationSpeed.of(e) : Double.NaN,
                LiveSet.oldCleanedAfter(e));
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
