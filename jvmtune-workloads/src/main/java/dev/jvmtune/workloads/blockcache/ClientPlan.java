package dev.jvmtune.workloads.blockcache;

import java.util.Properties;

/**
 * What the YCSB client threads do: YCSB core's properties, how many threads, the total target rate (0: as fast
 * as they can), how long, and the seed each thread's random sequence derives from.
 */
public record ClientPlan(Properties ycsb, int threads, double targetOpsPerSec, long durationNanos, long seed) {

    public long threadSeed(int thread) {
        return seed * 1_000_003L + thread;
    }
}
