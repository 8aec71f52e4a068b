package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.OperatingSystemMXBean;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.management.MBeanServerConnection;

/**
 * The OpenTelemetry JVM runtime conventions' stable metrics as OpenTelemetry's Prometheus compatibility names them
 * (semantic-conventions {@code docs/runtime/jvm-metrics.md}; {@code By} as {@code _bytes}, {@code s} as
 * {@code _seconds}, a gauge's {@code 1} as {@code _ratio}, counters with {@code _total}), checked against what a real
 * Prometheus scraped: each metric's type and unit, its attributes, and their values against the watched JVM's own
 * management beans - each {@code jvm_gc_name} a collector bean of the JVM, each pool of {@code jvm_memory_type} heap or
 * non_heap a pool bean of that type, the CPU count the JVM's, the classes loaded as the JVM counts them.
 */
final class OpenTelemetryNames {

    /** A metric of the convention: the Prometheus type, the unit as the exposition states it, its attributes. */
    private record Metric(String type, String unit, Set<String> attributes) {
    }

    private static final Set<String> POOL = Set.of("jvm_memory_pool_name", "jvm_memory_type");
    private static final Map<String, Metric> CONVENTION = Map.ofEntries(
            Map.entry("jvm_gc_duration_seconds", new Metric("histogram", "seconds",
                    Set.of("jvm_gc_name", "jvm_gc_action"))),
            Map.entry("jvm_memory_used_bytes", new Metric("gauge", "bytes", POOL)),
            Map.entry("jvm_memory_committed_bytes", new Metric("gauge", "bytes", POOL)),
            Map.entry("jvm_memory_limit_bytes", new Metric("gauge", "bytes", POOL)),
            Map.entry("jvm_memory_used_after_last_gc_bytes", new Metric("gauge", "bytes", POOL)),
            Map.entry("jvm_thread_count", new Metric("gauge", "", Set.of("jvm_thread_daemon"))),
            Map.entry("jvm_class_loaded", new Metric("counter", "", Set.of())),
            Map.entry("jvm_class_unloaded", new Metric("counter", "", Set.of())),
            Map.entry("jvm_class_count", new Metric("gauge", "", Set.of())),
            Map.entry("jvm_cpu_time_seconds", new Metric("counter", "seconds", Set.of())),
            Map.entry("jvm_cpu_count", new Metric("gauge", "", Set.of())),
            Map.entry("jvm_cpu_recent_utilization_ratio", new Metric("gauge", "ratio", Set.of())));
    /** The actions HotSpot's collector beans notify ({@code GarbageCollectionNotificationInfo.getGcAction}). */
    private static final Set<String> ACTIONS = Set.of("end of minor GC", "end of major GC", "end of GC pause",
            "end of GC cycle", "end of concurrent GC pause");
    /** Labels Prometheus adds to every series, and the histogram's bucket bound. */
    private static final Set<String> PROMETHEUS_LABELS = Set.of("__name__", "job", "instance", "le");

    private OpenTelemetryNames() {
    }

    /**
     * Waits (while {@code jvm} runs) until Prometheus has every metric of the convention but those in {@code absent},
     * then checks them all.
     */
    static void check(String what, RealPrometheus prometheus, MBeanServerConnection beans, Process jvm,
                      Set<String> absent) throws Exception {
        Set<String> expected = new TreeSet<>(CONVENTION.keySet());
        expected.removeAll(absent);
        Map<String, JsonNode> series = new HashMap<>();
        while (jvm.isAlive()) {
            series.clear();
            for (JsonNode s : prometheus.query("{__name__=~\"jvm_.+\"}")) {
                series.put(s.path("metric").toString(), s.path("metric"));
            }
            if (families(series.values()).containsAll(expected)) {
                break;
            }
            Thread.sleep(500);
        }
        assertTrue(families(series.values()).containsAll(expected), what + ": the convention's metrics " + expected
                + ", Prometheus has " + families(series.values()));

        Set<String> collectors = new HashSet<>(List.of("G1 Concurrent GC")); // named so on JDK 17 too (ManagementNames)
        for (GarbageCollectorMXBean gc : ManagementFactory.getPlatformMXBeans(beans, GarbageCollectorMXBean.class)) {
            collectors.add(gc.getName());
        }
        Map<String, Set<String>> pools = new HashMap<>();
        for (MemoryPoolMXBean p : ManagementFactory.getPlatformMXBeans(beans, MemoryPoolMXBean.class)) {
            pools.computeIfAbsent(p.getType().name().toLowerCase(java.util.Locale.ROOT), t -> new HashSet<>())
                    .add(p.getName());
        }
        JsonNode metadata = prometheus.metadata();
        for (JsonNode labels : series.values()) {
            String family = family(labels.path("__name__").asText());
            Metric m = CONVENTION.get(family);
            assertTrue(m != null, what + ": " + family + " is not a metric of the convention");
            Set<String> attributes = new TreeSet<>();
            for (Iterator<String> k = labels.fieldNames(); k.hasNext(); ) {
                attributes.add(k.next());
            }
            attributes.removeAll(PROMETHEUS_LABELS);
            assertEquals(m.attributes(), attributes, what + ": attributes of " + labels);
            if (m.attributes().contains("jvm_gc_name")) {
                assertTrue(collectors.contains(labels.path("jvm_gc_name").asText()), what + ": " + labels
                        + " is a collector bean of the JVM " + collectors);
                assertTrue(ACTIONS.contains(labels.path("jvm_gc_action").asText()), what + ": action of " + labels);
            }
            if (m.attributes().contains("jvm_memory_type")) {
                String type = labels.path("jvm_memory_type").asText();
                assertTrue(pools.getOrDefault(type, Set.of()).contains(labels.path("jvm_memory_pool_name").asText()),
                        what + ": " + labels + " is a pool bean of the JVM " + pools);
            }
            if (m.attributes().contains("jvm_thread_daemon")) {
                assertTrue(Set.of("true", "false").contains(labels.path("jvm_thread_daemon").asText()), labels.toString());
            }
            JsonNode meta = metadata.path(family).path(0);
            assertEquals(m.type(), meta.path("type").asText(), what + ": type of " + family + ": " + meta);
            assertEquals(m.unit(), meta.path("unit").asText(), what + ": unit of " + family + ": " + meta);
        }

        OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(beans, OperatingSystemMXBean.class);
        assertEquals(Integer.toString(os.getAvailableProcessors()), prometheus.value("jvm_cpu_count"), what);
        long classes = ManagementFactory.getPlatformMXBean(beans, ClassLoadingMXBean.class).getLoadedClassCount();
        double scraped = Double.parseDouble(prometheus.value("jvm_class_count"));
        assertTrue(Math.abs(scraped - classes) <= 0.2 * classes, what + ": classes loaded " + scraped + ", the JVM says "
                + classes);
        double utilization = Double.parseDouble(prometheus.value("jvm_cpu_recent_utilization_ratio"));
        assertTrue(utilization >= 0 && utilization <= 1, what + ": CPU utilization " + utilization);
    }

    private static Set<String> families(Iterable<JsonNode> series) {
        Set<String> names = new TreeSet<>();
        for (JsonNode s : series) {
            names.add(family(s.path("__name__").asText()));
        }
        return names;
    }

    /** The metric a series belongs to: a histogram's series less {@code _bucket}, {@code _count}, {@code _sum}, a counter's less {@code _total}. */
    private static String family(String series) {
        return CONVENTION.containsKey(series) ? series : series.replaceFirst("_(bucket|count|sum|total)$", "");
    }
}
