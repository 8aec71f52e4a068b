package dev.jvmtune.core.model;

/**
 * A time one application thread waited for the collector without a safepoint: the concurrent collectors' way of
 * holding the application up. It is not in the pause figures, yet the thread did no work: a ZGC allocation stall
 * lasts until a cycle has freed memory, a relocation stall until an object it needs has been moved, Shenandoah's
 * pacer delays allocating threads so that its cycle can finish first.
 *
 * @param uptimeSec  when the wait began (the log writes its end: the end minus the duration); NaN when not logged
 * @param kind       what the thread waited for
 * @param thread     the thread's name as logged ({@code main}, {@code worker-3}); {@code ""} when not logged
 * @param durationMs how long it waited
 * @param gcThread   whether the thread is one of the collector's own workers (generational ZGC logs their
 *                   relocation stalls with the cycle's GC id): their waits slow the cycle, not the application
 * @param line       1-based line number in its file; 0 for a recording
 */
public record GcStall(double uptimeSec, Kind kind, String thread, double durationMs, boolean gcThread,
                      long line) implements JvmEvent {

    public GcStall {
        thread = thread == null ? "" : thread;
    }

    /** What the thread waited for. */
    public enum Kind {
        /** ZGC: the heap was full; the thread waited for a cycle to free memory ({@code Allocation Stall}). */
        ALLOCATION,
        /** ZGC: the thread needed an object not yet relocated and waited for it ({@code Relocation Stall}). */
        RELOCATION,
        /** Shenandoah's pacer slowed the thread's allocations so that the cycle could finish first. */
        PACING
    }
}
