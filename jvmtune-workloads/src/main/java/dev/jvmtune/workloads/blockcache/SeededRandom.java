package dev.jvmtune.workloads.blockcache;

import java.util.Random;

/**
 * Stands in for {@code java.util.concurrent.ThreadLocalRandom} inside YCSB core ({@link SeededYcsbLoader} points
 * YCSB's calls here): one {@link Random} per thread, seeded by the workload, so a client thread's key and
 * operation choices repeat for the same seed. ThreadLocalRandom itself cannot be seeded.
 */
public final class SeededRandom extends Random {

    private static final long serialVersionUID = 1L;
    /** Threads the workload did not seed (YCSB's set-up on the main thread) still draw a fixed sequence. */
    private static final ThreadLocal<SeededRandom> CURRENT = ThreadLocal.withInitial(() -> new SeededRandom(0));

    private SeededRandom(long seed) {
        super(seed);
    }

    /** Called by the remapped YCSB code where it called {@code ThreadLocalRandom.current()}. */
    public static SeededRandom current() {
        return CURRENT.get();
    }

    /** Gives the calling thread its own sequence; call before the thread's first draw. */
    public static void seedCurrentThread(long seed) {
        CURRENT.set(new SeededRandom(seed));
    }
}
