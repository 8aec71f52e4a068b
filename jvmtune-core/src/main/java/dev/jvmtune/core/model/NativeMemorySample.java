package dev.jvmtune.core.model;

/**
 * One category of Native Memory Tracking at one moment: a periodic {@code jdk.NativeMemoryUsage} event (JDK 20+, in
 * a JVM started with {@code -XX:NativeMemoryTracking}); the categories of one moment share its time.
 *
 * @param uptimeSec      seconds since JVM start
 * @param category       NMT's name of the category ({@code Java Heap}, {@code Class}, {@code Code} ...)
 * @param reservedBytes  address space reserved for it
 * @param committedBytes memory committed for it
 */
public record NativeMemorySample(double uptimeSec, String category, long reservedBytes, long committedBytes)
        implements JvmEvent {
}
