package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.OperatingSystemMXBean;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
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

    /** What the watched JVM's own management beans say, read while it runs. */
    record Beans(Set<String> collectors, Map<String, Set<String>> poolsByType, int cpus, long classes) {

        static Beans of(MBeanServerConnection jvm) throws IOException {
            Set<String> collectors = new HashSet<>(List.of("G1 Concurrent GC")); // so named on JDK 17 too (ManagementNames)
            for (GarbageCollectorMXBean gc : ManagementFactory.getPlatformMXBeans(jvm, GarbageCollectorMXBean.class)) {
                collectors.add(gc.getName());
            }
            Map<String, Set<String>> pools = new HashMap<>();
            for (MemoryPoolMXBean p : ManagementFactory.getPlatformMXBeans(jvm, MemoryPoolMXBean.class)) {
                pools.computeIfAbsent(p.getType().name().toLowerCase(Locale.ROOT), t -> new HashSet<>()).add(p.getName());
            }
            return new Beans(collectors, pools,
                    ManagementFactory.getPlatformMXBean(jvm, OperatingSystemMXBean.class).getAvailableProcessors(),
                    ManagementFactory.getPlatformMXBean(jvm, ClassLoadingMXBean.class).getLoadedClassCount());
        }
    }

    /**
     * Checks what Prometheus scraped over the whole watch, which has ended: every metric of the convention but those
     * in {@code absent} (figures the source does not tell), each with the convention's type, unit and attributes, and
     * attribute values and figures that are the JVM's own ({@code beans}).
     */
    static void check(String what, RealPrometheus prometheus, Beans beans, Set<String> absent) throws Exception {
        Set<String> expected = new TreeSet<>(CONVENTION.keySet());
        expected.removeAll(absent);
        JsonNode series = prometheus.series("{__name__=~\"jvm_.+\"}");
        assertTrue(families(series).containsAll(expected), what + ": the convention's metrics " + expected
                + ", Prometheus has " + families(series) + "; its targets: " + prometheus.targets());
        JsonNode metadata = prometheus.metadata();
        for (JsonNode labels : series) {
            String family = family(labels.path("__name__").asText());
            Metric m = CONVENTION.get(family);
            assertTrue(m != null, what + ": " + family + " is not a metric of the convention");
            Set<String> attributes = new TreeSet<>();
            labels.fieldNames().forEachRemaining(attributes::add);
            attributes.removeAll(PROMETHEUS_LABELS);
            assertEquals(m.attributes(), attributes, what + ": attributes of " + labels);
            if (m.attributes().contains("jvm_gc_name")) {
                assertTrue(beans.collectors().contains(labels.path("jvm_gc_name").asText()), what + ": " + labels
                        + " is a collector bean of the JVM " + beans.collectors());
                assertTrue(ACTIONS.contains(labels.path("jvm_gc_action").asText()), what + ": action of " + labels);
            }
            if (m.attributes().contains("jvm_memory_type")) {
                String type = labels.path("jvm_memory_type").asText();
                assertTrue(beans.poolsByType().getOrDefault(type, Set.of())
                                .contains(labels.path("jvm_memory_pool_name").asText()),
                        what + ": " + labels + " is a pool bean of the JVM " + beans.poolsByType());
            }
            if (m.attributes().contains("jvm_thread_daemon")) {
                assertTrue(Set.of("true", "false").contains(labels.path("jvm_thread_daemon").asText()), labels.toString());
            }
            JsonNode meta = metadata.path(family).path(0);
            assertEquals(m.type(), meta.path("type").asText(), what + ": type of " + family + ": " + meta);
            assertEquals(m.unit(), meta.path("unit").asText(), what + ": unit of " + family + ": " + meta);
        }
        assertEquals(beans.cpus(), Double.parseDouble(prometheus.value("last_over_time(jvm_cpu_count[1h])")), what);
        double classes = Double.parseDouble(prometheus.value("last_over_time(jvm_class_count[1h])"));
        assertTrue(Math.abs(classes - beans.classes()) <= 0.2 * beans.classes(), what + ": classes loaded " + classes
                + ", the JVM said " + beans.classes());
        double utilization = Double.parseDouble(prometheus.value("max_over_time(jvm_cpu_recent_utilization_ratio[1h])"));
        assertTrue(utilization > 0 && utilization <= 1, what + ": CPU utilization " + utilization);
    }

    private static Set<String> families(JsonNode series) {
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
