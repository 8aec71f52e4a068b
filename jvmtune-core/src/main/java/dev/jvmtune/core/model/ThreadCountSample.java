package dev.jvmtune.core.model;

/**
 * The JVM's platform threads at one moment: a periodic {@code jdk.JavaThreadStatistics} event, the figures
 * {@code ThreadMXBean} gives ({@code getThreadCount}, {@code getDaemonThreadCount}, {@code getTotalStartedThreadCount},
 * {@code getPeakThreadCount}).
 *
 * @param uptimeSec seconds since JVM start
 * @param live      live threads, daemon or not
 * @param daemon    live daemon threads
 * @param started   threads started since the JVM started
 * @param peak      the most live at once since the JVM started
 */
public record ThreadCountSample(double uptimeSec, long live, long daemon, long started, long peak)
        implements JvmEvent {
}
