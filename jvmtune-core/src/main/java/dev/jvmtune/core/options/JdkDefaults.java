package dev.jvmtune.core.options;

import dev.jvmtune.core.model.Collector;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a flag is when nobody set it, per collector and JDK: the one place rules, the verdict, the goal and the
 * baseline take a JVM default from. A default is not the user's setting (a run judged against G1's 200 ms is judged
 * against no goal), and it differs between collectors ({@code ExplicitGCInvokesConcurrent} is on for Shenandoah,
 * off for G1; {@code UseCountedLoopSafepoints} is off for Parallel and Serial) and between JDKs
 * ({@code ZAllocationSpikeTolerance} is 1 on JDK 17's ZGC, 2 on 25's).
 *
 * <p>Every row that covers JDK 17 or 25 is checked by {@code JdkDefaultsTest} against
 * {@code java -XX:+UseXGC -XX:+PrintFlagsFinal -version} of the JDKs installed here, collector by collector, as are
 * the ergonomic formulas below (GC threads for a CPU count, G1's and Shenandoah's region size for a heap size). Rows
 * for older JDKs name their source.
 */
public final class JdkDefaults {

    /** The source of the rows the test checks. */
    public static final String PRINT_FLAGS_FINAL = "-XX:+PrintFlagsFinal of JDK 17 and 25";

    /**
     * One default.
     *
     * @param collectors the collectors it holds for; empty for every collector
     * @param since      first JDK feature release it holds for (8: 8 and before)
     * @param until      last release it holds for; 0 while it holds (25 and later)
     * @param value      as {@code -XX:+PrintFlagsFinal} prints it
     * @param source     {@link #PRINT_FLAGS_FINAL}, or the document or change that says so
     */
    public record Row(String flag, Set<Collector> collectors, int since, int until, String value, String source) {

        public boolean holds(Collector c, int jdk) {
            return (collectors.isEmpty() || collectors.contains(c)) && jdk >= since && (until == 0 || jdk <= until);
        }
    }

    private static final Set<Collector> ALL = Set.of();
    private static final Set<Collector> G1 = EnumSet.of(Collector.G1);
    private static final Set<Collector> ZGC = EnumSet.of(Collector.ZGC);
    private static final Set<Collector> SHENANDOAH = EnumSet.of(Collector.SHENANDOAH);
    private static final Set<Collector> CMS = EnumSet.of(Collector.CMS);
    /** Collectors that strip-mine counted loops (poll every LoopStripMiningIter iterations) from JDK 10. */
    private static final Set<Collector> STRIP_MINED = EnumSet.of(Collector.G1, Collector.ZGC, Collector.SHENANDOAH,
            Collector.EPSILON);
    private static final Set<Collector> NOT_STRIP_MINED = EnumSet.of(Collector.PARALLEL, Collector.SERIAL,
            Collector.CMS);
    private static final Set<Collector> NOT_SHENANDOAH = EnumSet.complementOf(EnumSet.of(Collector.SHENANDOAH,
            Collector.UNKNOWN));
    private static final Set<Collector> NOT_PARALLEL = EnumSet.complementOf(EnumSet.of(Collector.PARALLEL,
            Collector.UNKNOWN));
    private static final Set<Collector> NOT_G1 = EnumSet.complementOf(EnumSet.of(Collector.G1, Collector.UNKNOWN));
    /** Collectors that process references in pauses with parallel workers. */
    private static final Set<Collector> PARALLEL_REFS = EnumSet.of(Collector.G1, Collector.PARALLEL);
    private static final Set<Collector> SERIAL_REFS = EnumSet.of(Collector.SERIAL, Collector.ZGC,
            Collector.SHENANDOAH, Collector.EPSILON);

    private static final String F = PRINT_FLAGS_FINAL;
    private static final String SHENANDOAH_ERGO = "Shenandoah's heuristics (all but passive) set it ergonomically: "
            + "JDK 12 (JEP 189), 8u and 11u backports; their logs say \"Heuristics ergonomically sets "
            + "-XX:+ExplicitGCInvokesConcurrent\"";
    private static final String GLOBALS = "globals.hpp / g1_globals.hpp of JDK 8 and 11";

    private static final List<Row> ROWS = List.of(
            // goals
            new Row("MaxGCPauseMillis", G1, 8, 0, "200", F),
            // max_uintx - 1: no goal
            new Row("MaxGCPauseMillis", NOT_G1, 8, 0, "18446744073709551614", F),
            new Row("GCTimeRatio", G1, 17, 0, "12", F),
            new Row("GCTimeRatio", NOT_G1, 8, 0, "99", F),
            // System.gc()
            new Row("ExplicitGCInvokesConcurrent", NOT_SHENANDOAH, 8, 0, "false", F),
            new Row("ExplicitGCInvokesConcurrent", SHENANDOAH, 8, 0, "true", F + "; before 17: " + SHENANDOAH_ERGO),
            new Row("DisableExplicitGC", ALL, 8, 0, "false", F),
            // G1
            new Row("G1NewSizePercent", G1, 8, 0, "5", F),
            new Row("G1MaxNewSizePercent", G1, 8, 0, "60", F),
            new Row("G1ReservePercent", G1, 8, 0, "10", F),
            new Row("InitiatingHeapOccupancyPercent", ALL, 8, 0, "45", F),
            new Row("G1UseAdaptiveIHOP", G1, 9, 0, "true", F + "; adaptive IHOP from JDK 9 (JDK-8136677)"),
            new Row("G1HeapWastePercent", G1, 8, 0, "5", F),
            new Row("G1MixedGCCountTarget", G1, 8, 0, "8", F),
            // Shenandoah and ZGC
            new Row("ShenandoahGCHeuristics", SHENANDOAH, 8, 0, "adaptive", F),
            new Row("ShenandoahGCMode", SHENANDOAH, 17, 0, "satb", F),
            new Row("ShenandoahMinFreeThreshold", SHENANDOAH, 8, 0, "10", F),
            new Row("ShenandoahGuaranteedGCInterval", SHENANDOAH, 8, 0, "300000", F),
            // JDK 17's dynamic GC threads (JDK-8268372) lower it; generational ZGC keeps 2
            new Row("ZAllocationSpikeTolerance", ZGC, 17, 17, "1.0", F),
            new Row("ZAllocationSpikeTolerance", ZGC, 23, 0, "2.0", F + "; generational ZGC, the default from 23"),
            new Row("ZGenerational", ZGC, 21, 22, "false", "JEP 439 (21): generational ZGC opt-in"),
            new Row("ZGenerational", ZGC, 23, 23, "true", "JEP 474 (23): generational by default; JEP 490 (24) "
                    + "removed the flag"),
            // CMS, gone in JDK 14: its trigger without CMSInitiatingOccupancyFraction
            new Row("CMSInitiatingOccupancyFraction", CMS, 8, 13, "-1", GLOBALS),
            new Row("CMSTriggerRatio", CMS, 8, 13, "80", GLOBALS),
            // heap growth: Parallel's adaptive sizing sets its own bounds
            new Row("MinHeapFreeRatio", NOT_PARALLEL, 8, 0, "40", F),
            new Row("MinHeapFreeRatio", EnumSet.of(Collector.PARALLEL), 17, 0, "0", F),
            // reference processing: parallel by default from JDK 17 where the collector has more than one worker
            // (JDK-8257419); Serial, ZGC and Shenandoah process references otherwise
            new Row("ParallelRefProcEnabled", PARALLEL_REFS, 17, 0, "true", F + " (with 2 or more GC workers)"),
            new Row("ParallelRefProcEnabled", PARALLEL_REFS, 8, 16, "false", GLOBALS),
            new Row("ParallelRefProcEnabled", CMS, 8, 13, "false", GLOBALS),
            new Row("ParallelRefProcEnabled", SERIAL_REFS, 8, 0, "false", F),
            // safepoint polls in counted loops: loop strip mining (JDK-8186027, JDK 10), not with the
            // stop-the-world generational collectors
            new Row("UseCountedLoopSafepoints", STRIP_MINED, 10, 0, "true", F + "; JDK 10: JDK-8186027"),
            new Row("UseCountedLoopSafepoints", NOT_STRIP_MINED, 10, 0, "false", F),
            new Row("UseCountedLoopSafepoints", ALL, 8, 9, "false", GLOBALS),
            new Row("LoopStripMiningIter", STRIP_MINED, 10, 0, "1000", F),
            new Row("LoopStripMiningIter", NOT_STRIP_MINED, 10, 0, "0", F),
            // biased locking: on to 14, off from 15 (JEP 374), gone from 18
            new Row("UseBiasedLocking", ALL, 8, 14, "true", "JEP 374"),
            new Row("UseBiasedLocking", ALL, 15, 17, "false", F + "; JEP 374"),
            // allocation buffers and the code cache
            new Row("ResizePLAB", ALL, 8, 0, "true", F),
            new Row("YoungPLABSize", ALL, 8, 0, "4096", F),
            new Row("OldPLABSize", ALL, 8, 0, "1024", F),
            new Row("TargetPLABWastePct", ALL, 8, 0, "10", F),
            // 240 MB with tiered compilation; JDK 25 rounds each code heap up to whole pages, a few KB more with more
            // compiler threads (251,666,432 at 12 CPUs): the row is its value at 3 CPUs, where the test reads it
            new Row("ReservedCodeCacheSize", ALL, 8, 24, "251658240", F + "; JDK 8: 240 MB with TieredCompilation"),
            new Row("ReservedCodeCacheSize", ALL, 25, 0, "251662336", F),
            new Row("MetaspaceSize", ALL, 17, 0, "22020096", F),
            new Row("MetaspaceSize", ALL, 8, 8, "21807104", "JDK 8's globals.hpp (20.8 MB on 64-bit)"));

    private JdkDefaults() {
    }

    public static List<Row> rows() {
        return ROWS;
    }

    /** The default of {@code flag} for collector {@code c} on JDK {@code jdk}; empty when the table has none. */
    public static Optional<String> value(String flag, Collector c, int jdk) {
        for (Row r : ROWS) {
            if (r.flag.equals(flag) && r.holds(c, jdk)) {
                return Optional.of(r.value);
            }
        }
        return Optional.empty();
    }

    /** {@link #value} as a number; NaN when the table has none. */
    public static double number(String flag, Collector c, int jdk) {
        return value(flag, c, jdk).map(Double::parseDouble).orElse(Double.NaN);
    }

    /**
     * {@code ParallelGCThreads} for {@code cpus} CPUs: N up to 8, then 8 + (N - 8) x 5/8 (G1, Parallel, CMS); 60% of N
     * rounded up (ZGC, before a heap too small for that many); half of N (Shenandoah from JDK 17); 0 for Serial,
     * which collects on the VM thread; -1 where unknown.
     */
    public static int parallelGcThreads(Collector c, int cpus, int jdk) {
        if (cpus <= 0) {
            return -1;
        }
        return switch (c) {
            case G1, PARALLEL, CMS -> cpus <= 8 ? cpus : 8 + (cpus - 8) * 5 / 8;
            case ZGC -> (int) Math.ceil(cpus * 0.6);
            case SHENANDOAH -> jdk >= 17 ? Math.max(1, cpus / 2) : -1;
            case SERIAL, EPSILON -> 0;
            case UNKNOWN -> -1;
        };
    }

    /** How {@link #parallelGcThreads} comes to its figure: {@code 40 CPUs > 8: 8 + (40 - 8) x 5/8 = 28}. */
    public static String parallelGcThreadsArithmetic(Collector c, int cpus, int jdk) {
        int n = parallelGcThreads(c, cpus, jdk);
        return switch (c) {
            case G1, PARALLEL, CMS -> cpus <= 8 ? cpus + " CPUs <= 8: one worker each = " + n
                    : cpus + " CPUs > 8: 8 + (" + cpus + " - 8) x 5/8 = " + n;
            case ZGC -> "60% of " + cpus + " CPUs, rounded up = " + n;
            case SHENANDOAH -> "half of " + cpus + " CPUs, at least 1 = " + n;
            default -> c.label() + " with " + cpus + " CPUs: " + n;
        };
    }

    /**
     * {@code ConcGCThreads} for {@code cpus} CPUs: G1's max(1, (ParallelGCThreads + 2) / 4), CMS's
     * max(1, (ParallelGCThreads + 3) / 4), ZGC's 25% rounded up (its dynamic thread count's maximum), Shenandoah's
     * quarter (JDK 17+); 0 for the stop-the-world collectors; -1 where unknown.
     */
    public static int concGcThreads(Collector c, int cpus, int jdk) {
        int parallel = parallelGcThreads(c, cpus, jdk);
        if (parallel < 0) {
            return -1;
        }
        return switch (c) {
            case G1 -> Math.max(1, (parallel + 2) / 4);
            case CMS -> Math.max(1, (parallel + 3) / 4);
            case ZGC -> (int) Math.ceil(cpus * 0.25);
            case SHENANDOAH -> Math.max(1, cpus / 4);
            default -> 0;
        };
    }

    /**
     * G1's region size for a heap: from JDK 15 (JDK-8241670) the maximum heap / 2048 regions, within 1-32 MB, rounded
     * up to a power of two; JDK 8-14 the mean of the initial and maximum heap / 2048, at least 1 MB, rounded down to a
     * power of two, at most 32 MB. -1 when the heap is unknown.
     */
    public static long g1RegionBytes(long maxHeapBytes, long initialHeapBytes, int jdk) {
        final long min = 1L << 20;
        final long max = 32L << 20;
        if (maxHeapBytes <= 0) {
            return -1;
        }
        if (jdk >= 15) {
            long size = Math.min(max, Math.max(min, maxHeapBytes / 2048));
            return Long.highestOneBit(size) == size ? size : Long.highestOneBit(size) << 1;
        }
        long average = initialHeapBytes > 0 ? (initialHeapBytes + maxHeapBytes) / 2 : maxHeapBytes;
        return Math.min(max, Long.highestOneBit(Math.max(min, average / 2048)));
    }

    /**
     * Shenandoah's region size for a heap: the maximum heap / 2048 regions, within 256 KB-32 MB, rounded down to a
     * power of two. -1 when the heap is unknown.
     */
    public static long shenandoahRegionBytes(long maxHeapBytes) {
        if (maxHeapBytes <= 0) {
            return -1;
        }
        return Long.highestOneBit(Math.min(32L << 20, Math.max(256L << 10, maxHeapBytes / 2048)));
    }
}
