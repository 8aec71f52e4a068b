package dev.jvmtune.live;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.MemoryUsage;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The heap and each pool as the latest collection left them: a gauge of the last event that logged them, not a
 * figure of the window (what the window's analysis gives is in its run).
 */
final class AfterGc {

    private final Map<String, MemoryUsage> pools = new LinkedHashMap<>();
    private MemoryUsage heap;
    private double atSec = Double.NaN;

    synchronized void add(GcEvent e) {
        boolean any = false;
        if (e.heap() != null && e.heap().afterBytes() >= 0) {
            heap = e.heap();
            any = true;
        }
        for (MemoryUsage p : e.pools()) {
            if (p.afterBytes() >= 0) {
                pools.put(p.name(), p);
                any = true;
            }
        }
        if (any) {
            atSec = e.uptimeSec();
        }
    }

    /** The whole heap after the latest collection that logged it; null before one. */
    synchronized MemoryUsage heap() {
        return heap;
    }

    /** Per pool name, its figures after the latest collection that logged it. */
    synchronized Map<String, MemoryUsage> pools() {
        return new LinkedHashMap<>(pools);
    }

    synchronized double atSec() {
        return atSec;
    }
}
