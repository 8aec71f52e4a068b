package dev.jvmtune.live;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.MemoryUsage;

/**
 * The heap as the latest collection left it: a gauge of the last event that logged it, not a figure of the window
 * (what the window's analysis gives is in its run).
 */
final class AfterGc {

    private MemoryUsage heap;
    private double atSec = Double.NaN;

    synchronized void add(GcEvent e) {
        if (e.heap() != null && e.heap().afterBytes() >= 0) {
            heap = e.heap();
            atSec = e.uptimeSec();
        }
    }

    /** The whole heap after the latest collection that logged it; null before one. */
    synchronized MemoryUsage heap() {
        return heap;
    }

    synchronized double atSec() {
        return atSec;
    }
}
