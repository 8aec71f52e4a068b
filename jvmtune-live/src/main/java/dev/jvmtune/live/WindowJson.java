package dev.jvmtune.live;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.live.Window;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.report.RecordJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * One JSON line per window ({@code watch --json}), for piping, each line a document of its own (JSON Lines): its root
 * ({@link DocumentRoot}), the window, its pause figures overall and by kind, rates, heap after the last GC,
 * safepoints, CPU, and the findings with those that started and cleared. Figures are rounded as every jvmtune document
 * rounds them; unknown ones are {@code null}. docs/live.md names the fields.
 */
final class WindowJson {

    /** The line's shape: changes only when one of its fields is renamed or removed. */
    static final int SCHEMA_VERSION = 1;

    private static final JsonFactory JSON = Json.factory();

    private WindowJson() {
    }

    static String line(Window w, AfterGc after) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            Analysis a = w.run().summary();
            g.writeStartObject();
            RecordJson.writeFields(g, DocumentRoot.of(SCHEMA_VERSION));
            g.writeStringField("source", w.run().name());
            number(g, "fromSec", w.fromSec());
            number(g, "toSec", w.toSec());
            g.writeFieldName("pauses");
            pauses(g, a.pauses());
            g.writeObjectFieldStart("pausesByKind");
            for (Map.Entry<GcKind, PauseStats> k : a.pausesByKind().entrySet()) {
                if (k.getValue().count() > 0) {
                    g.writeFieldName(k.getKey().name());
                    pauses(g, k.getValue());
                }
            }
            g.writeEndObject();
            number(g, "throughputPct", a.throughputPct());
            number(g, "heldUpMs", a.heldUp().totalMs());
            if (a.stalls() == null) {
                g.writeNullField("stalls");
            } else {
                g.writeObjectFieldStart("stalls");
                g.writeNumberField("count", a.stalls().count());
                number(g, "totalMs", a.stalls().totalMs());
                number(g, "maxMs", a.stalls().maxMs());
                number(g, "wallMs", a.stalls().wallMs());
                g.writeEndObject();
            }
            number(g, "allocationRateMBps", a.allocationRateMBps());
            number(g, "promotionRateMBps", a.promotionRateMBps());
            MemoryUsage heap = after.heap();
            if (heap == null) {
                g.writeNullField("heapAfterLastGcBytes");
            } else {
                g.writeNumberField("heapAfterLastGcBytes", heap.afterBytes());
            }
            if (a.safepoints() != null) {
                g.writeObjectFieldStart("safepoints");
                g.writeNumberField("count", a.safepoints().count());
                number(g, "totalMs", a.safepoints().totalMs());
                number(g, "timeToSafepointMs", a.safepoints().timeToSafepointMs());
                number(g, "nonGcMs", a.safepoints().nonGcMs());
                g.writeEndObject();
            }
            if (a.cpuLoad() != null) {
                g.writeObjectFieldStart("cpu");
                number(g, "jvmPct", a.cpuLoad().meanJvmPct());
                number(g, "machinePct", a.cpuLoad().meanMachinePct());
                g.writeEndObject();
            }
            g.writeArrayFieldStart("findings");
            for (Finding f : w.run().findings()) {
                g.writeStartObject();
                g.writeStringField("ruleId", f.ruleId());
                g.writeStringField("severity", f.severity().name());
                g.writeStringField("title", f.title());
                g.writeStringField("cost", f.cost().describe());
                if (f.unsure() != null) {
                    g.writeStringField("unsure", f.unsure());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            ids(g, "started", w.started());
            ids(g, "cleared", w.cleared());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static void pauses(JsonGenerator g, PauseStats p) throws IOException {
        g.writeStartObject();
        g.writeNumberField("count", p.count());
        number(g, "totalMs", p.totalMs());
        number(g, "p50Ms", p.p50Ms());
        number(g, "p99Ms", p.p99Ms());
        number(g, "maxMs", p.count() == 0 ? Double.NaN : p.maxMs());
        g.writeEndObject();
    }

    private static void ids(JsonGenerator g, String field, List<Finding> findings) throws IOException {
        g.writeArrayFieldStart(field);
        for (Finding f : findings) {
            g.writeString(f.ruleId());
        }
        g.writeEndArray();
    }

    private static void number(JsonGenerator g, String field, double v) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, Rounding.figure(v));
        }
    }
}
