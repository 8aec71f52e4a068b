package dev.jvmtune.workloads.codecache;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;

/**
 * Code cache occupancy as the JVM reports it through JMX: the sum of the {@code CodeHeap '...'} pools
 * (segmented code cache) or the single {@code CodeCache} pool (unsegmented, which a small
 * ReservedCodeCacheSize gives).
 */
final class CodeCacheProbe {

    private CodeCacheProbe() {
    }

    static long usedBytes() {
        long used = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (isCodeCache(p)) {
                used += p.getUsage().getUsed();
            }
        }
        return used;
    }

    /** The highest occupancy so far: JDK 25 unloads cold code when the cache fills, so the end value can be low. */
    static long peakBytes() {
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (isCodeCache(p)) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    static long maxBytes() {
        long max = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (isCodeCache(p) && p.getUsage().getMax() > 0) {
                max += p.getUsage().getMax();
            }
        }
        return max;
    }

    private static boolean isCodeCache(MemoryPoolMXBean p) {
        return p.getName().startsWith("CodeHeap") || p.getName().equals("CodeCache");
    }
}
