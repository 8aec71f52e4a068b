package dev.jvmtune.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the log tells about the JVM that wrote it ({@code gc,init} lines and their older equivalents).
 * Numbers are {@code -1} and strings {@code null} when the log does not say; {@link #raw()} keeps every
 * {@code key: value} fact as logged, so nothing the log tells is lost. The collector is
 * {@link Collector#UNKNOWN} when neither the log nor its events tell it.
 *
 * @param logTags the unified-logging tag sets the log's lines carry ({@code gc}, {@code gc,heap}, {@code safepoint}):
 *                what it was written with; empty for other inputs and for logs without the tags decoration
 */
public record JvmFacts(String version, Collector collector, int cpusTotal, int cpusAvailable, long memoryBytes,
                       long heapMinBytes, long heapInitialBytes, long heapMaxBytes, long regionSizeBytes,
                       int parallelWorkers, int concurrentWorkers, Boolean numa, int numaNodes,
                       Boolean largePages, String compressedOops, Map<String, String> raw,
                       List<NumaStatistic> numaStatistics, Set<String> logTags) {

    public JvmFacts {
        collector = collector == null ? Collector.UNKNOWN : collector;
        raw = Collections.unmodifiableMap(new TreeMap<>(raw));
        numaStatistics = List.copyOf(numaStatistics);
        logTags = Collections.unmodifiableSet(new TreeSet<>(logTags));
    }

    private static final Pattern LEGACY_VERSION = Pattern.compile("^1\\.(\\d+)");
    private static final Pattern VERSION = Pattern.compile("^(\\d+)");

    /** These facts with other tag sets. */
    public JvmFacts withLogTags(Set<String> tags) {
        return new JvmFacts(version, collector, cpusTotal, cpusAvailable, memoryBytes, heapMinBytes, heapInitialBytes,
                heapMaxBytes, regionSizeBytes, parallelWorkers, concurrentWorkers, numa, numaNodes, largePages,
                compressedOops, raw, numaStatistics, tags);
    }

    public static JvmFacts empty() {
        return new Builder().build();
    }

    /**
     * The JDK feature release of {@link #version()}: {@code 1.8.0_121-b13} -> 8, {@code 17.0.15+6-Debian} -> 17; 0 when
     * unknown.
     */
    public int feature() {
        if (version == null) {
            return 0;
        }
        Matcher m = LEGACY_VERSION.matcher(version);
        if (!m.find()) {
            m = VERSION.matcher(version);
            if (!m.find()) {
                return 0;
            }
        }
        try {
            return Integer.parseInt(m.group(1));
        } catch (NumberFormatException tooLong) {
            return 0;
        }
    }

    /**
     * The CPUs the JVM could use: those available to it, else the machine's where only they are known (a recording
     * outside a container has no {@code jdk.ContainerConfiguration}, only {@code jdk.CPUInformation}); -1 when
     * neither is known.
     */
    public int cpus() {
        return cpusAvailable > 0 ? cpusAvailable : cpusTotal;
    }

    /** Mutable collector for facts met while parsing. */
    public static final class Builder {
        public String version;
        /** Null until the log tells it. */
        public Collector collector;
        public int cpusTotal = -1;
        public int cpusAvailable = -1;
        public long memoryBytes = -1;
        public long heapMinBytes = -1;
        public long heapInitialBytes = -1;
        public long heapMaxBytes = -1;
        public long regionSizeBytes = -1;
        public int parallelWorkers = -1;
        public int concurrentWorkers = -1;
        public Boolean numa;
        public int numaNodes = -1;
        public Boolean largePages;
        public String compressedOops;
        public final Map<String, String> raw = new TreeMap<>();
        /** G1's gc+heap+numa statistics by name, summed over collections. */
        public final Map<String, NumaStatistic> numaStatistics = new LinkedHashMap<>();
        public final Set<String> logTags = new TreeSet<>();

        public JvmFacts build() {
            return new JvmFacts(version, collector, cpusTotal, cpusAvailable, memoryBytes, heapMinBytes,
                    heapInitialBytes, heapMaxBytes, regionSizeBytes, parallelWorkers, concurrentWorkers, numa,
                    numaNodes, largePages, compressedOops, raw, List.copyOf(numaStatistics.values()), logTags);
        }

        /** A builder holding the same facts that shares nothing mutable with this one. */
        public Builder copy() {
            Builder c = new Builder();
            c.version = version;
            c.collector = collector;
            c.cpusTotal = cpusTotal;
            c.cpusAvailable = cpusAvailable;
            c.memoryBytes = memoryBytes;
            c.heapMinBytes = heapMinBytes;
            c.heapInitialBytes = heapInitialBytes;
            c.heapMaxBytes = heapMaxBytes;
            c.regionSizeBytes = regionSizeBytes;
            c.parallelWorkers = parallelWorkers;
            c.concurrentWorkers = concurrentWorkers;
            c.numa = numa;
            c.numaNodes = numaNodes;
            c.largePages = largePages;
            c.compressedOops = compressedOops;
            c.raw.putAll(raw);
            c.numaStatistics.putAll(numaStatistics);
            c.logTags.addAll(logTags);
            return c;
        }

        /** Whether {@code o} holds the same facts, the order of the NUMA statistics and an unknown collector included. */
        public boolean sameAs(Builder o) {
            return java.util.Objects.equals(version, o.version) && collector == o.collector && cpusTotal == o.cpusTotal
                    && cpusAvailable == o.cpusAvailable && memoryBytes == o.memoryBytes && heapMinBytes == o.heapMinBytes
                    && heapInitialBytes == o.heapInitialBytes && heapMaxBytes == o.heapMaxBytes
                    && regionSizeBytes == o.regionSizeBytes && parallelWorkers == o.parallelWorkers
                    && concurrentWorkers == o.concurrentWorkers && java.util.Objects.equals(numa, o.numa)
                    && numaNodes == o.numaNodes && java.util.Objects.equals(largePages, o.largePages)
                    && java.util.Objects.equals(compressedOops, o.compressedOops) && raw.equals(o.raw)
                    && List.copyOf(numaStatistics.values()).equals(List.copyOf(o.numaStatistics.values()))
                    && logTags.equals(o.logTags);
        }

        /**
         * Whether the run printed a JVM's start-up lines (its version, CPUs, heap or region size): then a new JVM started
         * where the run began, however long it ran before its first collection.
         */
        public boolean startupLinesSeen() {
            return version != null || cpusTotal > 0 || heapMaxBytes > 0 || regionSizeBytes > 0;
        }
    }
}
