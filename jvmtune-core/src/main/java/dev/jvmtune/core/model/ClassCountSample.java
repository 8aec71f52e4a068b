package dev.jvmtune.core.model;

/**
 * The JVM's classes at one moment: a periodic {@code jdk.ClassLoadingStatistics} event, the figures
 * {@code ClassLoadingMXBean} gives ({@code getTotalLoadedClassCount}, {@code getUnloadedClassCount}).
 *
 * @param uptimeSec seconds since JVM start
 * @param loaded    classes loaded since the JVM started
 * @param unloaded  classes unloaded since the JVM started
 */
public record ClassCountSample(double uptimeSec, long loaded, long unloaded) implements JvmEvent {

    /** Classes loaded now ({@code ClassLoadingMXBean.getLoadedClassCount}). */
    public long current() {
        return loaded - unloaded;
    }
}
