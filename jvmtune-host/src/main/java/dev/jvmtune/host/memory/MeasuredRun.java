package dev.jvmtune.host.memory;

import dev.jvmtune.core.memory.Footprint;

/**
 * One run of a program whose footprint was measured: what the RSS model is fitted to.
 *
 * @param name       how the run is named in the model's arithmetic (its directory)
 * @param config     its settings, with the maximum heap the JVM really had
 * @param footprint  its footprint
 * @param liveBytes  the most the heap held after a collection (its GC log); -1 when unknown
 * @param usedBytes  the most the heap held at a collection, before it (its GC log); -1 when unknown
 * @param committedBytes the heap's largest committed size; -1 when unknown
 */
public record MeasuredRun(String name, MemoryConfig config, Footprint footprint, long liveBytes, long usedBytes,
                          long committedBytes) {

    /**
     * The heap's resident pages at the resident peak (smaps); its committed size where smaps could not tell (none: a
     * JVM that ran has heap pages resident, so none read means smaps was read as the process ended).
     */
    public long heapResident() {
        return heapFromSmaps() ? footprint.resident().heapBytes() : committedBytes;
    }

    /** Whether smaps measured the heap's resident pages. */
    public boolean heapFromSmaps() {
        return footprint.resident().heapBytes() > 0;
    }
}
