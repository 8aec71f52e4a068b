package dev.jvmtune.host.memory;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.FlagSet;
import dev.jvmtune.core.options.JvmOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a JVM's flags say about its memory, with the JDK's defaults where they say nothing, and where each value
 * comes from: the settings the RSS model and the sizing for a limit read. Defaults are HotSpot's on 64-bit Linux
 * (JDK 9 to 25): {@code MaxRAMPercentage} 25 and {@code InitialRAMPercentage} 1.5625 of the memory the JVM sees,
 * G1 on a server-class machine (2 CPUs and 1,792 MiB) and Serial otherwise, 1 MiB thread stacks, a 240 MiB code
 * cache with tiered compilation (48 MiB without), direct memory up to the maximum heap, metaspace unlimited.
 *
 * @param jdk              the JDK's feature release
 * @param collector        the collector the flags select, or the JDK's choice
 * @param maxHeapBytes     the maximum heap
 * @param maxHeapFrom      where {@code maxHeapBytes} comes from ("-Xmx512m", "25% of 24 GiB: the JDK's default")
 * @param initialHeapBytes the initial heap
 * @param preTouch         {@code -XX:+AlwaysPreTouch}: every page of the heap touched at start
 * @param threadStackBytes the thread stack size reserved per thread
 * @param codeCacheBytes   {@code ReservedCodeCacheSize}
 * @param maxDirectBytes   the cap on direct buffers
 * @param maxDirectFrom    where {@code maxDirectBytes} comes from
 * @param maxMetaspaceBytes {@code MaxMetaspaceSize}; -1 for none (the default)
 * @param nmt              Native Memory Tracking on
 * @param flags            the flags as given
 */
public record MemoryConfig(int jdk, Collector collector, long maxHeapBytes, String maxHeapFrom, long initialHeapBytes,
                           boolean preTouch, long threadStackBytes, long codeCacheBytes, long maxDirectBytes,
                           String maxDirectFrom, long maxMetaspaceBytes, boolean nmt, List<String> flags) {

    static final long MIB = 1L << 20;
    /** HotSpot's server-class machine: at least 2 CPUs and 2 GB (1,792 MiB after the BIOS hole). */
    static final long SERVER_CLASS_BYTES = 1792 * MIB;
    static final double MAX_RAM_PERCENTAGE = 25;
    static final double INITIAL_RAM_PERCENTAGE = 1.5625;
    static final long THREAD_STACK_BYTES = MIB;
    static final long CODE_CACHE_TIERED_BYTES = 240 * MIB;
    static final long CODE_CACHE_BYTES = 48 * MIB;

    public MemoryConfig {
        flags = List.copyOf(flags);
    }

    /**
     * @param flags     the JVM's flags
     * @param jdk       the JDK's feature release
     * @param ramBytes  the memory the JVM sees (its container's limit, else physical memory), for the defaults
     * @param cpus      the CPUs it sees, for the default collector
     */
    public static MemoryConfig of(List<String> flags, int jdk, long ramBytes, int cpus) {
        FlagSet f = FlagSet.of(flags);
        Collector collector = flags.stream().map(JvmOption::parse).map(JvmOption::selects).flatMap(Optional::stream)
                .reduce((a, b) -> b).orElse(jdk < 9 ? Collector.PARALLEL
                        : cpus >= 2 && ramBytes >= SERVER_CLASS_BYTES ? Collector.G1 : Collector.SERIAL);
        long maxHeap = size(f, "-Xmx").or(() -> size(f, "-XX:MaxHeapSize")).orElse(-1L);
        String maxFrom;
        if (maxHeap > 0) {
            maxFrom = f.value("-Xmx").map(v -> "-Xmx" + v).orElse("-XX:MaxHeapSize");
        } else {
            double pct = f.value("-XX:MaxRAMPercentage").map(Double::parseDouble).orElse(MAX_RAM_PERCENTAGE);
            maxHeap = Math.round(ramBytes * pct / 100 / MIB) * MIB;
            maxFrom = String.format(Locale.ROOT, "MaxRAMPercentage %s%% of %s%s", trim(pct), mib(ramBytes),
                    f.value("-XX:MaxRAMPercentage").isPresent() ? "" : " (the JDK's default)");
        }
        long initial = size(f, "-Xms").or(() -> size(f, "-XX:InitialHeapSize"))
                .orElse(Math.round(ramBytes * INITIAL_RAM_PERCENTAGE / 100));
        long stack = size(f, "-Xss").or(() -> f.value("-XX:ThreadStackSize").map(v -> JvmOption.bytes(v) * 1024))
                .orElse(THREAD_STACK_BYTES);
        boolean tiered = !f.value("-XX:TieredCompilation").orElse("true").equals("false");
        long code = size(f, "-XX:ReservedCodeCacheSize").orElse(tiered ? CODE_CACHE_TIERED_BYTES : CODE_CACHE_BYTES);
        long direct = size(f, "-XX:MaxDirectMemorySize").orElse(-1L);
        String directFrom = direct > 0 ? "-XX:MaxDirectMemorySize=" + f.value("-XX:MaxDirectMemorySize").get()
                : "the maximum heap (the JDK's default)";
        boolean nmt = f.value("-XX:NativeMemoryTracking").map(v -> !v.equals("off")).orElse(false);
        return new MemoryConfig(jdk, collector, maxHeap, maxFrom, Math.min(initial, maxHeap),
                f.value("-XX:AlwaysPreTouch").orElse("false").equals("true"), stack, code,
                direct > 0 ? direct : maxHeap, directFrom, size(f, "-XX:MaxMetaspaceSize").orElse(-1L), nmt, flags);
    }

    /** The same settings with the maximum heap the JVM actually had (read from its run). */
    public MemoryConfig withMaxHeap(long bytes, String from) {
        boolean directFollows = maxDirectFrom.startsWith("the maximum heap");
        return new MemoryConfig(jdk, collector, bytes, from, Math.min(initialHeapBytes, bytes), preTouch,
                threadStackBytes, codeCacheBytes, directFollows ? bytes : maxDirectBytes, maxDirectFrom,
                maxMetaspaceBytes, nmt, flags);
    }

    /**
     * Non-generational ZGC (JDK 11 to 20, and 21-22 without {@code -XX:+ZGenerational}) maps its heap at three
     * addresses, the views its colored pointers select, and the kernel counts each mapped page once per view in
     * the resident set; generational ZGC maps it once.
     */
    public int heapViews() {
        if (collector != Collector.ZGC || jdk >= 23) {
            return 1;
        }
        boolean generational = jdk >= 21 && FlagSet.of(flags).value("-XX:ZGenerational").orElse("false").equals("true");
        return generational ? 1 : 3;
    }

    private static Optional<Long> size(FlagSet f, String key) {
        return f.value(key).map(JvmOption::bytes).filter(b -> b > 0);
    }

    /** Bytes as a person reads them: {@code 412 MiB}, {@code 1.50 GiB}, {@code 36.2 MiB}. */
    public static String mib(long bytes) {
        if (bytes == -1) {
            return "unknown";
        }
        double m = bytes / (double) MIB;
        return Math.abs(m) >= 1024 ? String.format(Locale.ROOT, "%.2f GiB", m / 1024)
                : String.format(Locale.ROOT, Math.abs(m) >= 100 ? "%.0f MiB" : "%.1f MiB", m);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
