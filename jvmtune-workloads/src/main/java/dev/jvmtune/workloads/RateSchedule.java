package dev.jvmtune.workloads;

import java.util.concurrent.locks.LockSupport;

/**
 * One client thread's share of a target rate: operation {@code i} is due at {@code start + offset + i x interval}.
 * Latency timed from the due time, not from when the thread got round to it, charges a stall (a GC pause) to
 * every operation it delayed - the coordinated-omission correction by schedule. Without a rate (interval 0)
 * every operation is due when the previous one ends.
 */
public final class RateSchedule {

    private final long intervalNanos;
    private final long deadlineNanos;
    private long next;

    /**
     * @param totalOpsPerSec target over all {@code threads}; 0 or less: as fast as possible
     * @param thread         this thread's index: threads start a fraction of an interval apart, so the rate is not
     *                       met in bursts
     */
    public RateSchedule(long startNanos, long deadlineNanos, double totalOpsPerSec, int thread, int threads) {
        this.intervalNanos = totalOpsPerSec > 0 ? Math.round(threads * 1e9 / totalOpsPerSec) : 0;
        this.deadlineNanos = deadlineNanos;
        this.next = startNanos + intervalNanos * thread / threads;
    }

    /** Waits for the next operation's due time and returns it; returns -1 once the deadline has come. */
    public long awaitNext() {
        if (intervalNanos == 0) {
            long now = System.nanoTime();
            return now < deadlineNanos ? now : -1;
        }
        long due = next;
        next += intervalNanos;
        if (due >= deadlineNanos) {
            return -1;
        }
        for (long now; (now = System.nanoTime()) < due; ) {
            LockSupport.parkNanos(due - now);
        }
        return due;
    }
}
