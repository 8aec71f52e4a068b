package dev.jvmtune.core.model;

/**
 * The state of one code heap at one moment: a periodic {@code jdk.CodeCacheStatistics} sample, or a
 * {@code jdk.CodeCacheFull} event (then {@code full} is true: the JVM could not allocate compiled code and
 * compilation may stop).
 *
 * @param uptimeSec      seconds since JVM start
 * @param codeHeap       the code heap ({@code "CodeHeap 'non-profiled nmethods'"}, {@code "CodeCache"} when
 *                       not segmented)
 * @param reservedBytes  address space reserved for the heap
 * @param usedBytes      reserved minus unallocated capacity
 * @param entryCount     code blobs in the heap
 * @param methodCount    compiled methods in the heap
 * @param fullCount      how often the JVM has found this heap full so far
 * @param full           whether this sample is a code-cache-full event
 */
public record CodeCacheSample(double uptimeSec, String codeHeap, long reservedBytes, long usedBytes, long entryCount,
                              long methodCount, long fullCount, boolean full) implements JvmEvent {
}
