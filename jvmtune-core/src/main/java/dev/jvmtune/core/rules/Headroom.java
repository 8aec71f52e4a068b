package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import java.util.List;

/**
 * What the concurrent collectors' rules recommend once they know the room a heap needs: a heap size rounded up to a
 * step, or, where the heap already has the room, more concurrent GC threads, as long as the CPUs allow.
 */
final class Headroom {

    /** Heap sizes are recommended in steps of this. */
    static final long ROUND_BYTES = 32L << 20;

    private Headroom() {
    }

    /** {@code bytes} rounded up to {@link #ROUND_BYTES}. */
    static long roundUp(long bytes) {
        return (bytes + ROUND_BYTES - 1) / ROUND_BYTES * ROUND_BYTES;
    }

    /**
     * Twice the concurrent GC threads the log shows, at most the CPUs: {@code -XX:ConcGCThreads=N} with its reason,
     * or a reason without an option when the threads already use every CPU or the log does not say how many run.
     */
    static Recommendation moreThreads(RuleContext run, String why) {
        int workers = Math.max(run.jvm().concurrentWorkers(), run.jvm().parallelWorkers());
        int cpus = run.jvm().cpusAvailable();
        int more = workers * 2;
        if (cpus > 0) {
            more = Math.min(more, cpus);
        }
        if (workers <= 0 || more <= workers) {
            return new Recommendation(List.of(), List.of(why + (workers > 0 ? f(": %d GC threads already for %d CPUs; "
                    + "the machine is short of CPU for this allocation rate", workers, cpus)
                    : ": more concurrent GC threads (-XX:ConcGCThreads) if CPUs are idle")));
        }
        return new Recommendation(List.of("-XX:ConcGCThreads=" + more), List.of(why + f(": %d concurrent GC threads "
                + "instead of %d, of %d CPUs", more, workers, cpus)));
    }
}
