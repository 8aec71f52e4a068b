package dev.jvmtune.core.model;

/**
 * A {@code jdk.CPULoad} sample: shares of the machine's CPU capacity, 0 to 1, over the last sampling period.
 *
 * @param uptimeSec    seconds since JVM start
 * @param jvmUser      this JVM, user mode
 * @param jvmSystem    this JVM, kernel mode
 * @param machineTotal every process on the machine
 */
public record CpuLoadSample(double uptimeSec, double jvmUser, double jvmSystem, double machineTotal)
        implements JvmEvent {
}
