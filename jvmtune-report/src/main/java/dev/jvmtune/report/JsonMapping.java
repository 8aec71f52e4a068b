package dev.jvmtune.report;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonIncludeProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonAppend;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.model.PlabStatistics;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.Recommendation;
import dev.jvmtune.core.rules.Verdict;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.core.run.Run;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How core's records become JSON: every document jvmtune writes about a run ({@code analyze --json}, the events
 * lines, the HTML report's chart data) is Jackson's mapping of the records, with the record components as the
 * field names (docs/json.md) and these rules, the same everywhere:
 * <ul>
 *   <li>numbers are rounded as {@link Rounding} says (3 decimals, 3 significant digits below 1), a {@code double}
 *   whose name ends in {@code Bytes} to whole bytes;</li>
 *   <li>unknown numbers are {@code null}, never NaN: a NaN double, a negative size ({@code ...Bytes},
 *   {@code ...Regions}) or JVM fact (core's -1);</li>
 *   <li>a collector is its label ({@code G1}), {@code null} when unknown; a log format is lower case.</li>
 * </ul>
 * The mix-ins below say only what a record alone cannot: a JSON name that differs from the Java one, what an
 * event line leaves out when absent, and the order of the events' fields.
 */
public final class JsonMapping {

    private static final ObjectMapper MAPPER = create();

    private JsonMapping() {
    }

    /** The mapper; share it (it is thread-safe once configured). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    private static ObjectMapper create() {
        SimpleModule numbers = new SimpleModule("jvmtune-numbers");
        numbers.addSerializer(Double.class, new Rounded(false));
        numbers.addSerializer(double.class, new Rounded(false));
        numbers.addSerializer(double[].class, new RoundedArray());
        numbers.addSerializer(Instant.class, ToStringSerializer.instance);
        numbers.setSerializerModifier(new BeanSerializerModifier() {
            @Override
            public List<BeanPropertyWriter> changeProperties(SerializationConfig config, BeanDescription bean,
                                                             List<BeanPropertyWriter> properties) {
                boolean facts = bean.getBeanClass() == JvmFacts.class;
                for (BeanPropertyWriter p : properties) {
                    Class<?> type = p.getType().getRawClass();
                    boolean size = p.getName().endsWith("Bytes") || p.getName().endsWith("Regions");
                    if (size && (type == double.class || type == Double.class)) {
                        p.assignSerializer(anyType(new Rounded(true)));
                    } else if ((size || facts) && (type == long.class || type == int.class)) {
                        p.assignSerializer(anyType(new Unknown()));
                    }
                }
                return properties;
            }
        });
        ObjectMapper m = new ObjectMapper().registerModule(numbers).enable(SerializationFeature.INDENT_OUTPUT)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
        m.addMixIn(Run.class, RunMixin.class);
        m.addMixIn(InputStats.class, InputStatsMixin.class);
        m.addMixIn(LogFormat.class, LogFormatMixin.class);
        m.addMixIn(Collector.class, CollectorMixin.class);
        m.addMixIn(JvmFacts.class, JvmFactsMixin.class);
        m.addMixIn(Verdict.class, VerdictMixin.class);
        m.addMixIn(Finding.class, FindingMixin.class);
        m.addMixIn(JvmEvent.class, JvmEventMixin.class);
        m.addMixIn(GcEvent.class, GcEventMixin.class);
        m.addMixIn(MemoryUsage.class, MemoryUsageMixin.class);
        m.addMixIn(Phase.class, PhaseMixin.class);
        m.addMixIn(PlabStatistics.class, PlabStatisticsMixin.class);
        return m;
    }

    /** A figure as {@link Rounding} writes it (whole bytes for sizes), NaN and infinities as null. */
    private static final class Rounded extends StdSerializer<Double> {
        private final boolean whole;

        Rounded(boolean whole) {
            super(Double.class);
            this.whole = whole;
        }

        @Override
        public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
            if (v.isNaN() || v.isInfinite()) {
                g.writeNull();
            } else {
                g.writeNumber(whole ? Math.rint(v) : Rounding.figure(v));
            }
        }
    }

    /** The chart series' arrays, by the same rule; whole numbers without a fraction. */
    private static final class RoundedArray extends StdSerializer<double[]> {
        RoundedArray() {
            super(double[].class);
        }

        @Override
        public void serialize(double[] values, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeStartArray(values, values.length);
            for (double v : values) {
                double r = Math.round(v * 1000) / 1000.0;
                if (Double.isNaN(v) || Double.isInfinite(v)) {
                    g.writeNull();
                } else if (r == Math.rint(r) && Math.abs(r) < 1e15) {
                    g.writeNumber((long) r); // a page holds a few hundred thousand numbers: no ".0"
                } else {
                    g.writeNumber(r);
                }
            }
            g.writeEndArray();
        }
    }

    /** A size or a fact the log may not give, null when negative: core's "unknown" ({@code -1}). */
    private static final class Unknown extends JsonSerializer<Number> {
        @Override
        public void serialize(Number v, JsonGenerator g, SerializerProvider p) throws IOException {
            if (v.longValue() < 0) {
                g.writeNull();
            } else {
                g.writeNumber(v.longValue());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static JsonSerializer<Object> anyType(JsonSerializer<?> s) {
        return (JsonSerializer<Object>) s;
    }

    /** {@code true} for negative values: leaves out a G1 region count the log does not give. */
    private static final class Negative {
        @Override
        public boolean equals(Object o) {
            return o instanceof Number n && n.longValue() < 0;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    /** A phase: {@code maxMs} only where a per-worker line gives a slowest worker apart from the average. */
    private static final class PhaseSerializer extends JsonSerializer<Phase> {
        @Override
        public void serialize(Phase ph, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeStartObject();
            g.writeStringField("path", ph.path());
            g.writeFieldName("ms");
            p.defaultSerializeValue(ph.ms(), g);
            if (ph.maxMs() != ph.ms()) {
                g.writeFieldName("maxMs");
                p.defaultSerializeValue(ph.maxMs(), g);
            }
            g.writeEndObject();
        }
    }

    /** A warning: {@code {line, message}} (a skipped line's sample is {@code {line, text}}). */
    private static final class WarningSerializer extends JsonSerializer<InputStats.LineSample> {
        @Override
        public void serialize(InputStats.LineSample w, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeStartObject();
            g.writeNumberField("line", w.line());
            g.writeStringField("message", w.text());
            g.writeEndObject();
        }
    }

    @JsonIgnoreProperties("series")
    private abstract static class RunMixin {
    }

    private abstract static class InputStatsMixin {
        @JsonProperty("unrecognizedSamples")
        abstract List<InputStats.LineSample> samples();

        @JsonSerialize(contentUsing = WarningSerializer.class)
        abstract List<InputStats.LineSample> warnings();
    }

    @JsonSerialize(using = LowerCaseName.class)
    private abstract static class LogFormatMixin {
    }

    /** A collector's label; {@code null} when unknown. */
    private static final class Label extends JsonSerializer<Collector> {
        @Override
        public void serialize(Collector c, JsonGenerator g, SerializerProvider p) throws IOException {
            if (c == Collector.UNKNOWN) {
                g.writeNull();
            } else {
                g.writeString(c.label());
            }
        }
    }

    private static final class LowerCaseName extends JsonSerializer<Enum<?>> {
        @Override
        public void serialize(Enum<?> e, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeString(e.name().toLowerCase(Locale.ROOT));
        }
    }

    @JsonSerialize(using = Label.class)
    private abstract static class CollectorMixin {
    }

    @JsonPropertyOrder({"version", "collector", "cpusTotal", "cpusAvailable", "memoryBytes", "heapMinBytes",
        "heapInitialBytes", "heapMaxBytes", "regionSizeBytes", "parallelWorkers", "concurrentWorkers", "numa",
        "numaNodes", "numaStatistics", "largePages", "compressedOops", "facts"})
    private abstract static class JvmFactsMixin {
        @JsonProperty("facts")
        abstract java.util.Map<String, String> raw();
    }

    private abstract static class VerdictMixin {
        @JsonIncludeProperties({"ruleId", "severity", "title"})
        abstract List<Finding> top();
    }

    private abstract static class FindingMixin {
        @JsonInclude(JsonInclude.Include.NON_NULL)
        abstract Recommendation recommendation();

        @JsonInclude(JsonInclude.Include.NON_NULL)
        abstract dev.jvmtune.core.rules.Gain gain();
    }

    /** Each event line says what it is: {@code "type": "GcEvent"}, then {@code source} when several logs are read. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
    @JsonAppend(prepend = true, attrs = @JsonAppend.Attr(value = "source", include = JsonInclude.Include.NON_NULL))
    private abstract static class JvmEventMixin {
    }

    @JsonPropertyOrder({"gcId", "uptimeSec", "wallTime", "collector", "kind", "name", "cause", "pauseMs",
        "durationMs", "heap", "pools", "incidents", "phases", "cpu", "plab", "line"})
    private abstract static class GcEventMixin {
        @JsonInclude(JsonInclude.Include.NON_NULL)
        abstract Instant wallTime();

        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonIgnoreProperties({"name", "role"})
        abstract MemoryUsage heap();

        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        abstract List<MemoryUsage> pools();

        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        abstract Set<GcIncident> incidents();

        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        abstract List<Phase> phases();

        @JsonInclude(JsonInclude.Include.NON_NULL)
        abstract dev.jvmtune.core.model.CpuTimes cpu();

        @JsonInclude(JsonInclude.Include.NON_NULL)
        abstract PlabStatistics plab();

        @JsonIgnore
        abstract boolean isPause();
    }

    private abstract static class MemoryUsageMixin {
        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = Negative.class)
        abstract long beforeRegions();

        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = Negative.class)
        abstract long afterRegions();

        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = Negative.class)
        abstract long capacityRegions();
    }

    @JsonSerialize(using = PhaseSerializer.class)
    private abstract static class PhaseMixin {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    private abstract static class PlabStatisticsMixin {
    }
}
