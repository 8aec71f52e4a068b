package dev.jvmtune.host;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The JSON documents of {@code system} and {@code baseline} (docs/json.md). Unknown numbers are null, never
 * -1, so that a consumer cannot mistake them for values.
 */
public final class HostJson {

    private HostJson() {
    }

    public static void system(HostFacts f, OutputStream out) throws IOException {
        try (JsonGenerator g = generator(out)) {
            g.writeStartObject();
            root(g, DocumentRoot.of(1));
            writeFacts(g, f);
            g.writeEndObject();
        }
    }

    public static void baseline(HostFacts f, Baseline b, HostFacts.Jdk jdk, OutputStream out) throws IOException {
        try (JsonGenerator g = generator(out)) {
            g.writeStartObject();
            root(g, DocumentRoot.of(1));
            g.writeStringField("goal", b.goal().label());
            g.writeObjectFieldStart("jdk");
            g.writeNumberField("feature", b.jdkFeature());
            g.writeStringField("version", jdk == null ? null : jdk.version());
            g.writeStringField("home", jdk == null ? null : jdk.home());
            g.writeEndObject();
            g.writeStringField("collector", b.collector().label());
            number(g, "cpus", b.cpus());
            Baseline.MemoryBudget m = b.memory();
            g.writeObjectFieldStart("memoryMiB");
            g.writeStringField("limitSource", m.limitSource());
            g.writeNumberField("limit", m.limitMiB());
            g.writeNumberField("headroom", m.headroomMiB());
            g.writeArrayFieldStart("nonHeap");
            for (Baseline.Part p : m.nonHeap()) {
                g.writeStartObject();
                g.writeStringField("part", p.name());
                g.writeNumberField("mib", p.mib());
                g.writeStringField("basis", p.basis());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeNumberField("heap", m.heapMiB());
            g.writeBooleanField("initialEqualsMax", m.pinned());
            g.writeBooleanField("measured", m.measuredFrom() != null);
            g.writeEndObject();
            g.writeArrayFieldStart("flags");
            for (String flag : b.flags()) {
                g.writeString(flag);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("steps");
            for (Baseline.Step s : b.steps()) {
                g.writeStartObject();
                g.writeStringField("topic", s.topic());
                g.writeStringField("text", s.text());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("notes");
            for (String n : b.notes()) {
                g.writeString(n);
            }
            g.writeEndArray();
            g.writeObjectFieldStart("host");
            writeFacts(g, f);
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    /** The document's root fields, first ({@link DocumentRoot}). */
    private static void root(JsonGenerator g, DocumentRoot root) throws IOException {
        g.writeNumberField("schemaVersion", root.schemaVersion());
        g.writeStringField("tool", root.tool());
    }

    private static void writeFacts(JsonGenerator g, HostFacts f) throws IOException {
        g.writeStringField("root", f.root());
        g.writeObjectFieldStart("cpus");
        number(g, "online", f.cpus().online());
        g.writeStringField("onlineList", f.cpus().onlineList());
        number(g, "jvm", f.jvmCpus());
        g.writeEndObject();

        g.writeObjectFieldStart("memory");
        number(g, "totalBytes", f.memory().totalBytes());
        number(g, "availableBytes", f.memory().availableBytes());
        g.writeEndObject();

        HostFacts.Cgroup cg = f.cgroup();
        g.writeObjectFieldStart("cgroup");
        if (cg.version() == 0) {
            g.writeNullField("version");
        } else {
            g.writeNumberField("version", cg.version());
        }
        g.writeStringField("path", cg.path());
        limit(g, "memoryLimitBytes", cg.memoryLimitBytes());
        limit(g, "cpuQuotaUs", cg.cpuQuotaUs());
        number(g, "cpuPeriodUs", cg.cpuPeriodUs());
        if (Double.isNaN(cg.cpuLimit())) {
            g.writeNullField("cpuLimit");
        } else {
            g.writeNumberField("cpuLimit", cg.cpuLimit());
        }
        g.writeStringField("cpuset", cg.cpuset());
        g.writeStringField("memoryDir", cg.memoryDir());
        g.writeEndObject();

        g.writeObjectFieldStart("container");
        g.writeBooleanField("detected", f.container().detected());
        g.writeArrayFieldStart("evidence");
        for (String e : f.container().evidence()) {
            g.writeString(e);
        }
        g.writeEndArray();
        g.writeEndObject();

        HostFacts.HugePages h = f.hugePages();
        g.writeObjectFieldStart("hugePages");
        g.writeStringField("transparentEnabled", h.thpEnabled());
        g.writeStringField("transparentDefrag", h.thpDefrag());
        number(g, "total", h.total());
        number(g, "free", h.free());
        number(g, "pageSizeBytes", h.pageSizeBytes());
        g.writeEndObject();

        g.writeArrayFieldStart("numaNodes");
        for (HostFacts.NumaNode n : f.numaNodes()) {
            g.writeStartObject();
            g.writeNumberField("id", n.id());
            g.writeStringField("cpuList", n.cpuList());
            number(g, "cpuCount", n.cpuCount());
            number(g, "memTotalBytes", n.memTotalBytes());
            number(g, "memFreeBytes", n.memFreeBytes());
            g.writeArrayFieldStart("distances");
            for (int d : n.distances()) {
                g.writeNumber(d);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();

        g.writeArrayFieldStart("jdks");
        for (HostFacts.Jdk j : f.jdks()) {
            writeJdk(g, j);
        }
        g.writeEndArray();
    }

    /** {@code jvmtune jdks --json}: {@code {"schemaVersion", "tool", "jdks": [...]}}, as the system document's. */
    public static void jdks(java.util.List<HostFacts.Jdk> jdks, OutputStream out) throws IOException {
        try (JsonGenerator g = generator(out)) {
            g.writeStartObject();
            root(g, DocumentRoot.of(1));
            g.writeArrayFieldStart("jdks");
            for (HostFacts.Jdk j : jdks) {
                writeJdk(g, j);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void writeJdk(JsonGenerator g, HostFacts.Jdk j) throws IOException {
        g.writeStartObject();
        g.writeStringField("home", j.home());
        g.writeStringField("version", j.version());
        number(g, "feature", j.feature());
        g.writeStringField("implementor", j.implementor());
        g.writeArrayFieldStart("foundVia");
        for (String v : j.foundVia()) {
            g.writeString(v);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static JsonGenerator generator(OutputStream out) throws IOException {
        JsonGenerator g = Json.factory().createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.useDefaultPrettyPrinter();
        return g;
    }

    private static void number(JsonGenerator g, String name, long v) throws IOException {
        if (v < 0) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    /** A limit: a number, "none", or null when unknown. */
    private static void limit(JsonGenerator g, String name, long v) throws IOException {
        if (v == HostFacts.UNKNOWN) {
            g.writeNullField(name);
        } else if (v < 0) {
            g.writeStringField(name, "none");
        } else {
            g.writeNumberField(name, v);
        }
    }
}
