package dev.jvmtune.workloads.blockcache;

import java.util.Properties;

/**
 * What the YCSB client threads do: YCSB core's properties, how many threads, the total target rate (0: as fast
 * as they can), how long, and the seed each thread's random sequence derives from.
 */
public record ClientPlan(Properties ycsb, int threads, double targetOpsPerSec, long durationNanos, long seed) {

    /** Nanoseconds between one thread's intended operation starts; 0 without a target rate. */
    public long threadIntervalNanos() {
        return targetOpsPerSec > 0 ? Math.round(threads * 1e9 / targetOpsPerSec) : 0;
    }

    public long threadSeed(int thread) {
        return seed * 1_000_003L + thread;
    }
}
