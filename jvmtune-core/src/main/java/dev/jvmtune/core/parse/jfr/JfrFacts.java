package dev.jvmtune.core.parse.jfr;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.JvmFacts;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;

/**
 * The JVM's configuration events and flags into {@link JvmFacts}. JFR repeats them at the start and end
 * of every chunk; later values simply overwrite earlier ones. A flag goes into {@code raw} only where the recording
 * shows it was set (its {@code origin} is not {@code Default}: the command line, the JVM's ergonomics, a management
 * call), as a log's command line does: a default is the JVM's, found in {@code JdkDefaults}, not the user's choice
 * (G1's 200 ms pause target is no goal). Without configuration events (a recording made with few settings) the
 * collector comes from the collections' names.
 */
final class JfrFacts {

    /** The origin of a flag left at its default ({@code jdk.types.FlagValueOrigin}). */
    private static final String DEFAULT_ORIGIN = "Default";
    private static final Pattern JRE_VERSION = Pattern.compile("JRE \\(([^)]+)\\)");
    private static final Pattern VM_VERSION = Pattern.compile("\\(([^)]+)\\)");

    private final JvmFacts.Builder f = new JvmFacts.Builder();
    private final JfrClock clock;
    private final JfrGcAssembler gcs;
    private long g1RegionFlag = -1;
    private long maxMetaspace = -1;

    JfrFacts(JfrClock clock, JfrGcAssembler gcs) {
        this.clock = clock;
        this.gcs = gcs;
    }

    JvmFacts build() {
        // the flag and the collector come in any order
        if (f.collector == Collector.G1 && g1RegionFlag > 0) {
            f.regionSizeBytes = g1RegionFlag;
        }
        return f.build();
    }

    Collector collector() {
        return f.collector;
    }

    /** Takes the event if it is a configuration event or flag; returns whether it was one. */
    boolean accept(RecordedEvent e, String type) {
        switch (type) {
            case "jdk.JVMInformation" -> {
                Matcher m = JRE_VERSION.matcher(e.getString("jvmVersion"));
                Matcher v = VM_VERSION.matcher(e.getString("jvmVersion"));
                f.version = m.find() ? m.group(1) : v.find() ? v.group(1) : e.getString("jvmVersion");
                raw("JVM Version", e.getString("jvmVersion"));
                raw("JVM Arguments", e.getString("jvmArguments"));
                raw("Java Arguments", e.getString("javaArguments"));
                Instant start = e.getInstant("jvmStartTime");
                clock.jvmStart(start);
                raw("JVM Start Time", start.toString());
                String args = e.getString("jvmArguments");
                if (f.collector == null && args != null && args.contains("-XX:+UseEpsilonGC")) {
                    setCollector(Collector.EPSILON);
                }
            }
            case "jdk.GCConfiguration" -> {
                raw("Young Collector", e.getString("youngCollector"));
                raw("Old Collector", e.getString("oldCollector"));
                Collector c = JfrGcAssembler.collectorOfGcName(e.getString("oldCollector"));
                if (c == null) {
                    c = JfrGcAssembler.collectorOfGcName(e.getString("youngCollector"));
                }
                if (c != null) {
                    setCollector(c);
                }
                f.parallelWorkers = (int) e.getLong("parallelGCThreads");
                f.concurrentWorkers = (int) e.getLong("concurrentGCThreads");
                raw("GC Time Ratio", String.valueOf((int) e.getLong("gcTimeRatio")));
                raw("Uses Dynamic GC Threads", String.valueOf(e.getBoolean("usesDynamicGCThreads")));
                raw("Explicit GC Concurrent", String.valueOf(e.getBoolean("isExplicitGCConcurrent")));
                raw("Explicit GC Disabled", String.valueOf(e.getBoolean("isExplicitGCDisabled")));
                // the JVM writes Long.MIN_VALUE where MaxGCPauseMillis is at its default
                if (e.hasField("pauseTarget") && e.getLong("pauseTarget") > 0) {
                    raw("MaxGCPauseMillis", String.valueOf(e.getLong("pauseTarget")));
                }
            }
            case "jdk.GCHeapConfiguration" -> {
                f.heapMinBytes = e.getLong("minSize");
                f.heapInitialBytes = e.getLong("initialSize");
                f.heapMaxBytes = e.getLong("maxSize");
                f.compressedOops = e.getBoolean("usesCompressedOops")
                        ? "Enabled (" + e.getString("compressedOopsMode") + ")" : "Disabled";
                raw("Object Alignment", String.valueOf(e.getLong("objectAlignment")));
            }
            case "jdk.CPUInformation" -> {
                f.cpusTotal = (int) e.getLong("hwThreads");
                raw("CPU", e.getString("cpu"));
                raw("CPU Sockets", String.valueOf((int) e.getLong("sockets")));
                raw("CPU Cores", String.valueOf((int) e.getLong("cores")));
            }
            case "jdk.ContainerConfiguration" -> {
                f.cpusAvailable = (int) e.getLong("effectiveCpuCount");
                raw("Container Type", e.getString("containerType"));
            }
            case "jdk.PhysicalMemory" -> f.memoryBytes = e.getLong("totalSize");
            case "jdk.GCTLABConfiguration" -> {
                raw("Uses TLABs", String.valueOf(e.getBoolean("usesTLABs")));
                raw("TLAB Min Size", String.valueOf(e.getLong("minTLABSize")));
                raw("TLAB Refill Waste Limit", String.valueOf(e.getLong("tlabRefillWasteLimit")));
            }
            case "jdk.YoungGenerationConfiguration" -> {
                raw("Young Generation Min Size", String.valueOf(e.getLong("minSize")));
                raw("Young Generation Max Size", String.valueOf(e.getLong("maxSize")));
                raw("New Ratio", String.valueOf((int) e.getLong("newRatio")));
            }
            case "jdk.GCSurvivorConfiguration" -> {
                raw("Max Tenuring Threshold", String.valueOf((Object) e.getValue("maxTenuringThreshold")));
                raw("Initial Tenuring Threshold", String.valueOf((Object) e.getValue("initialTenuringThreshold")));
            }
            case "jdk.CodeCacheConfiguration" -> raw("Code Cache Reserved Size", String.valueOf(e.getLong("reservedSize")));
            case "jdk.IntFlag", "jdk.UnsignedIntFlag", "jdk.LongFlag", "jdk.UnsignedLongFlag", "jdk.DoubleFlag",
                 "jdk.BooleanFlag", "jdk.StringFlag" -> flag(e);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** {@code MaxMetaspaceSize}, the metaspace's bound; -1 where unbounded (its default) or not recorded. */
    long maxMetaspaceBytes() {
        return maxMetaspace;
    }

    /** G1's region count, from its heap summaries. */
    void regionCount(int regions) {
        if (regions > 0) {
            raw("Heap Region Count", String.valueOf(regions));
        }
    }

    private void flag(RecordedEvent e) {
        String name = e.getString("name");
        Object value = e.getValue("value");
        String text = value == null ? "" : value.toString();
        switch (name) {
            case "UseNUMA" -> f.numa = Boolean.TRUE.equals(value);
            case "UseLargePages" -> f.largePages = Boolean.TRUE.equals(value);
            case "G1HeapRegionSize" -> {
                if (value instanceof Number n) {
                    g1RegionFlag = n.longValue();
                }
            }
            // unbounded by default: the largest unsigned value, -1 as a long
            case "MaxMetaspaceSize" -> maxMetaspace = value instanceof Number n ? n.longValue() : -1;
            default -> {
            }
        }
        if (!e.hasField("origin") || !DEFAULT_ORIGIN.equals(e.getString("origin"))) {
            raw(name, text);
        }
    }

    /** The collector a collection's name tells, where no configuration event has told it. */
    void collection(String gcName) {
        Collector c = f.collector == null ? JfrGcAssembler.collectorOfGcName(gcName) : null;
        if (c != null) {
            setCollector(c);
        }
    }

    private void setCollector(Collector c) {
        f.collector = c;
        gcs.collector(c);
    }

    private void raw(String key, String value) {
        if (value != null) {
            f.raw.put(key, value);
        }
    }
}
