package dev.jvmtune.core.model;

import java.util.List;

/**
 * What ZGC tells about one of its cycles beyond the heap before and after (the {@code gc,heap} statistics tables
 * and {@code gc,mmu}), emitted with the cycle's summary. Sizes are -1 where the cycle's log has no such figure.
 * (Shenandoah's {@code Pacer for Mark. Expected Live} is no measure of the live set: it exceeds the heap on JDK 25.)
 *
 * @param uptimeSec      when the cycle ended
 * @param gcId           the cycle's GC id
 * @param generational   whether the cycle is generational ZGC's (Minor or Major Collection)
 * @param liveBytes      live at mark end over the whole heap: the heap's table (single-generation ZGC) or young plus
 *                       old generation (a major collection of generational ZGC); -1 for a minor collection, which
 *                       marks the young generation only
 * @param youngLiveBytes live at mark end in the young generation (generational ZGC); -1 otherwise
 * @param allocatedBytes allocated by the application from mark start to relocate end: the allocation the free
 *                       heap had to absorb while the cycle ran (the young or only generation's figure)
 * @param promotedBytes  moved from the young to the old generation in the cycle; -1 when not logged
 * @param softMaxBytes   the soft maximum heap capacity ZGC aimed at; -1 when not logged
 * @param mmu            the minimum mutator utilization so far, per window, as ZGC logs it (it is a running minimum
 *                       over the run, so the last cycle's is the run's)
 * @param line           1-based line number of the cycle's summary line
 */
public record CycleStatistics(double uptimeSec, long gcId, boolean generational, long liveBytes, long youngLiveBytes,
                              long allocatedBytes, long promotedBytes, long softMaxBytes, List<Mmu> mmu, long line)
        implements JvmEvent {

    public CycleStatistics {
        mmu = List.copyOf(mmu);
    }

    /** The share of every window of {@code windowMs} the application got to run, at least. */
    public record Mmu(double windowMs, double pct) {
    }
}
