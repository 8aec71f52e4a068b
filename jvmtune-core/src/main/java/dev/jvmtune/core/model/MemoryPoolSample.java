package dev.jvmtune.core.model;

/**
 * One memory pool of the JVM at one moment, as its {@code MemoryPoolMXBean} names and measures it ({@code getName},
 * {@code getUsage}): a periodic {@code jdk.GCHeapMemoryPoolUsage} event (the heap's pools, on JDKs that record it),
 * or the {@code Metaspace} and {@code Compressed Class Space} pools from a {@code jdk.MetaspaceSummary} (at each
 * collection). {@code -1} where the recording does not say.
 *
 * @param uptimeSec      seconds since JVM start
 * @param pool           the pool's name ({@code G1 Eden Space}, {@code ZGC Old Generation}, {@code Metaspace})
 * @param heap           whether it is a heap pool ({@code MemoryType.HEAP})
 * @param usedBytes      used
 * @param committedBytes committed
 * @param maxBytes       the most it may grow to; -1 where unbounded or unknown
 */
public record MemoryPoolSample(double uptimeSec, String pool, boolean heap, long usedBytes, long committedBytes,
                               long maxBytes) implements JvmEvent {
}
