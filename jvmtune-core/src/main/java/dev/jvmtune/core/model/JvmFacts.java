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
    }
}
