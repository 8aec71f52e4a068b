package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** Pauses per logged cause, and the Full GCs with theirs. */
final class PauseCauses implements Aggregation.OfGc {

    /** Distinct Full GC causes kept: a log cannot blow the map up with made-up causes. */
    private static final int MAX_CAUSES = 64;

    private final Map<String, Long> byCause = new TreeMap<>();
    private final Map<String, Long> fullGcCauses = new TreeMap<>();
    private long fullGcs;

    @Override
    public void add(GcEvent e) {
        if (!e.isPause()) {
            return;
        }
        String cause = e.cause().isEmpty() ? "(none)" : e.cause();
        byCause.merge(cause, 1L, Long::sum);
        if (e.kind() == GcKind.FULL) {
            fullGcs++;
            if (fullGcCauses.size() < MAX_CAUSES || fullGcCauses.containsKey(cause)) {
                fullGcCauses.merge(cause, 1L, Long::sum);
            }
        }
    }

    /** Pause count per cause, sorted by cause. */
    Map<String, Long> byCause() {
        return Collections.unmodifiableMap(new TreeMap<>(byCause));
    }

    Map<String, Long> fullGcCauses() {
        return Collections.unmodifiableMap(new TreeMap<>(fullGcCauses));
    }

    long fullGcs() {
        return fullGcs;
    }
}
