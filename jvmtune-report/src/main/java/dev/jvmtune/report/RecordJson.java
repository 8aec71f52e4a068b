package dev.jvmtune.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.Json;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.run.Rounding;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.stream.Stream;

/**
 * How core's records become JSON: every document jvmtune writes about a run ({@code analyze --json}, the event lines,
 * the HTML report's chart data) is the mapping of the records, a record an object of its components in their order,
 * named as the components are (docs/json.md). The rules are the same everywhere:
 * <ul>
 *   <li>figures are rounded as {@link Rounding} says; a {@code double} whose name ends in {@code Bytes} to whole
 *   bytes; chart arrays to 3 decimals, whole numbers without a fraction;</li>
 *   <li>unknown numbers are {@code null}, never NaN: a NaN double, and a negative size ({@code ...Bytes},
 *   {@code ...Regions}) or JVM fact (core's -1);</li>
 *   <li>a collector is its label ({@code G1}), {@code null} when unknown; a log format is lower case; a memory part
 *   its key ({@code codeCache}); another enum its name; an instant ISO-8601.</li>
 * </ul>
 * A component marked {@code @JsonInclude(NON_NULL)} is left out when null. The table {@link #RULES} says only what a
 * record alone cannot: a JSON name that differs from the Java one, a field
 * an event line leaves out when absent, the order of an event's fields. The walk is Jackson's streaming generator over
 * the records' components: Jackson databind's introspection of the same 45 types cost 0.2-0.3 s of CPU at every start
 * of {@code analyze --json} (measured: 0.31-0.45 s for the first document of a cold JVM, 30-45 ms this way).
 */
public final class RecordJson {

    public static final JsonFactory FACTORY = Json.factory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    /**
     * What a component's JSON does besides writing its value, keyed {@code Type.component}, or
     * {@code Type.component/Element.component} for the components of the records a component holds.
     */
    private static final Map<String, Rule> RULES = Map.ofEntries(
            Map.entry("Run.series", Rule.SKIP),
            Map.entry("InputStats.samples", Rule.named("unrecognizedSamples")),
            Map.entry("InputStats.warnings/LineSample.text", Rule.named("message")),
            Map.entry("InputStats.doubtfulSplits/LineSample.text", Rule.named("message")),
            Map.entry("JvmFacts.raw", Rule.named("facts")),
            Map.entry("Verdict.top/Finding.score", Rule.SKIP),
            Map.entry("Verdict.top/Finding.evidence", Rule.SKIP),
            Map.entry("Verdict.top/Finding.recommendation", Rule.SKIP),
            Map.entry("Verdict.top/Finding.cost", Rule.SKIP),
            Map.entry("Finding.recommendation", Rule.ABSENT),
            Map.entry("Finding.unsure", Rule.ABSENT),
            Map.entry("PauseClass.overGoal", Rule.UNKNOWN),
            Map.entry("LiveSet.unsure", Rule.ABSENT),
            Map.entry("GcEvent.wallTime", Rule.ABSENT),
            Map.entry("GcEvent.heap", Rule.ABSENT),
            Map.entry("GcEvent.heap/MemoryUsage.name", Rule.SKIP),
            Map.entry("GcEvent.heap/MemoryUsage.role", Rule.SKIP),
            Map.entry("GcEvent.pools", Rule.ABSENT),
            Map.entry("GcEvent.incidents", Rule.ABSENT),
            Map.entry("GcEvent.phases", Rule.ABSENT),
            Map.entry("GcEvent.cpu", Rule.ABSENT),
            Map.entry("GcEvent.plab", Rule.ABSENT),
            Map.entry("MemoryUsage.beforeRegions", Rule.UNKNOWN),
            Map.entry("MemoryUsage.afterRegions", Rule.UNKNOWN),
            Map.entry("MemoryUsage.capacityRegions", Rule.UNKNOWN),
            // a slowest worker apart from the average only where a per-worker line gives one
            Map.entry("Phase.maxMs", new Rule(null, (r, v) -> v.equals(((Phase) r).ms()))),
            Map.entry("Analysis.footprint", Rule.ABSENT),
            Map.entry("Footprint.series", Rule.ABSENT),
            Map.entry("PlabStatistics.young", Rule.ABSENT),
            Map.entry("PlabStatistics.old", Rule.ABSENT));

    /**
     * A component's JSON name where it is not the Java one ({@code null}), and when the field is left out.
     *
     * @param leftOut given the record and the component's value
     */
    private record Rule(String name, BiPredicate<Record, Object> leftOut) {
        static final Rule SKIP = new Rule(null, (r, v) -> true);
        /** Left out when null or empty. */
        static final Rule ABSENT = new Rule(null, (r, v) -> v == null || v instanceof Collection<?> c && c.isEmpty());
        /** Left out when negative: not logged. */
        static final Rule UNKNOWN = new Rule(null, (r, v) -> v instanceof Number n && n.longValue() < 0);

        static Rule named(String name) {
            return new Rule(name, (r, v) -> false);
        }
    }

    /** Fields in the order the JSON has them, where it is not the record's. */
    private static final Map<Class<?>, List<String>> ORDER = Map.of(
            dev.jvmtune.core.input.InputStats.class, List.of("path", "format", "bytes", "lines", "unrecognizedLines",
                    "unrecognizedRecordLines", "samples", "warnings", "doubtfulSplits"),
            dev.jvmtune.core.model.GcEvent.class, List.of("gcId", "uptimeSec", "wallTime", "collector", "kind", "name",
                    "cause", "pauseMs", "durationMs", "heap", "pools", "incidents", "phases", "cpu", "plab", "line"),
            dev.jvmtune.core.model.JvmFacts.class, List.of("version", "collector", "cpusTotal", "cpusAvailable",
                    "memoryBytes", "heapMinBytes", "heapInitialBytes", "heapMaxBytes", "regionSizeBytes",
                    "parallelWorkers", "concurrentWorkers", "numa", "numaNodes", "numaStatistics", "largePages",
                    "compressedOops", "raw"));
    /** Records whose negative counts mean "not logged" (or not measured). */
    private static final Set<Class<?>> FACTS = Set.of(dev.jvmtune.core.model.JvmFacts.class,
            dev.jvmtune.core.memory.Footprint.class, dev.jvmtune.core.memory.Footprint.Resident.class);

    /** The components a record marks {@code @JsonInclude(NON_NULL)}: left out when null, as Jackson would. */
    private static final ClassValue<Set<String>> ABSENT_WHEN_NULL = new ClassValue<>() {
        @Override
        protected Set<String> computeValue(Class<?> type) {
            return Set.copyOf(Stream.of(type.getRecordComponents()).filter(c -> {
                JsonInclude include = c.getAccessor().getAnnotation(JsonInclude.class);
                return include != null && include.value() == JsonInclude.Include.NON_NULL;
            }).map(RecordComponent::getName).toList());
        }
    };

    private static final ClassValue<List<RecordComponent>> COMPONENTS = new ClassValue<>() {
        @Override
        protected List<RecordComponent> computeValue(Class<?> type) {
            List<RecordComponent> all = new ArrayList<>(List.of(type.getRecordComponents()));
            List<String> order = ORDER.get(type);
            if (order != null) {
                all.sort((a, b) -> Integer.compare(order.indexOf(a.getName()), order.indexOf(b.getName())));
            }
            all.forEach(c -> c.getAccessor().setAccessible(true));
            return List.copyOf(all);
        }
    };

    private RecordJson() {
    }

    /** Writes {@code value}, a record or anything a record holds. */
    public static void write(JsonGenerator g, Object value) throws IOException {
        value(g, value, "", "", false);
    }

    /**
     * A record's components as fields of the object {@code g} is writing: a record unwrapped, as a document's
     * {@link dev.jvmtune.core.DocumentRoot} before its own fields.
     */
    public static void writeFields(JsonGenerator g, Record r) throws IOException {
        fields(g, r, "");
    }

    /** One event as a line's object: its {@code type} first, then {@code source} when given, then its fields. */
    public static void writeEvent(JsonGenerator g, JvmEvent e, String source) throws IOException {
        g.writeStartObject();
        g.writeStringField("type", e.getClass().getSimpleName());
        if (source != null) {
            g.writeStringField("source", source);
        }
        fields(g, (Record) e, "");
        g.writeEndObject();
    }

    /**
     * One value.
     *
     * @param name              the component's name, which says the unit ({@code ...Bytes})
     * @param prefix            the component's key, for the rules of the records it holds
     * @param unknownIfNegative a whole number below zero is core's "unknown": a size, a region count, a JVM fact
     */
    private static void value(JsonGenerator g, Object v, String name, String prefix, boolean unknownIfNegative)
            throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof Double d) {
            figure(g, d, name.endsWith("Bytes"));
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short) {
            long n = ((Number) v).longValue();
            if (n < 0 && unknownIfNegative) {
                g.writeNull();
            } else {
                g.writeNumber(n);
            }
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Collector c) {
            if (c == Collector.UNKNOWN) {
                g.writeNull();
            } else {
                g.writeString(c.label());
            }
        } else if (v instanceof LogFormat f) {
            g.writeString(f.name().toLowerCase(Locale.ROOT));
        } else if (v instanceof MemoryPart p) {
            g.writeString(p.key());
        } else if (v instanceof Enum<?> e) {
            g.writeString(e.name());
        } else if (v instanceof Instant t) {
            g.writeString(t.toString());
        } else if (v instanceof Record r) {
            g.writeStartObject();
            fields(g, r, prefix);
            g.writeEndObject();
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(e.getKey() instanceof MemoryPart p ? p.key()
                        : e.getKey() instanceof Enum<?> k ? k.name() : String.valueOf(e.getKey()));
                value(g, e.getValue(), name, "", unknownIfNegative);
            }
            g.writeEndObject();
        } else if (v instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object o : c) {
                value(g, o, name, prefix, unknownIfNegative);
            }
            g.writeEndArray();
        } else if (v instanceof double[] a) {
            chartNumbers(g, a);
        } else if (v instanceof Object[] a) {
            g.writeStartArray();
            for (Object o : a) {
                value(g, o, name, prefix, unknownIfNegative);
            }
            g.writeEndArray();
        } else {
            throw new IllegalArgumentException("no JSON for " + v.getClass());
        }
    }

    /** A record's components as fields, by the {@link #RULES} of {@code prefix} (the component it is held by). */
    private static void fields(JsonGenerator g, Record r, String prefix) throws IOException {
        String type = r.getClass().getSimpleName();
        for (RecordComponent c : COMPONENTS.get(r.getClass())) {
            String key = type + "." + c.getName();
            Rule rule = prefix.isEmpty() ? null : RULES.get(prefix + "/" + key);
            if (rule == null) {
                rule = RULES.get(key);
            }
            if (rule == Rule.SKIP) {
                continue;
            }
            Object v = get(c, r);
            if (rule != null && rule.leftOut().test(r, v)
                    || v == null && ABSENT_WHEN_NULL.get(r.getClass()).contains(c.getName())) {
                continue;
            }
            g.writeFieldName(rule != null && rule.name() != null ? rule.name() : c.getName());
            String name = c.getName();
            value(g, v, name, key, FACTS.contains(r.getClass()) || name.endsWith("Bytes") || name.endsWith("Regions"));
        }
    }

    private static Object get(RecordComponent c, Record r) {
        Method accessor = c.getAccessor();
        try {
            return accessor.invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(accessor + " of a record", e);
        }
    }

    private static void figure(JsonGenerator g, double v, boolean wholeBytes) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.writeNull();
        } else {
            g.writeNumber(wholeBytes ? Math.rint(v) : Rounding.figure(v));
        }
    }

    /** A chart's numbers: 3 decimals, whole numbers without a fraction (a page holds a few hundred thousand). */
    private static void chartNumbers(JsonGenerator g, double[] values) throws IOException {
        g.writeStartArray(values, values.length);
        for (double v : values) {
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                g.writeNull();
            } else {
                g.writeNumber(Math.round(v * 1000) / 1000.0); // a whole one as an integer (core's Json)
            }
        }
        g.writeEndArray();
    }
}
