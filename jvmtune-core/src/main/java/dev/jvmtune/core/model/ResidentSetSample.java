package dev.jvmtune.core.model;

/**
 * The JVM's resident set at one moment: a periodic {@code jdk.ResidentSetSize} event (JDK 21+).
 *
 * @param uptimeSec seconds since JVM start
 * @param sizeBytes resident now
 * @param peakBytes the most it has been resident (the kernel's high-water mark)
 */
public record ResidentSetSample(double uptimeSec, long sizeBytes, long peakBytes) implements JvmEvent {
}
