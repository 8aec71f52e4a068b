package dev.jvmtune.report;

import static dev.jvmtune.report.JsonReport.number;
import static dev.jvmtune.report.JsonReport.size;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.FailedEvacuation;
import dev.jvmtune.core.analysis.GcCpu;
import dev.jvmtune.core.analysis.Generations;
import dev.jvmtune.core.analysis.HeapResizing;
import dev.jvmtune.core.analysis.LiveSet;
import dev.jvmtune.core.analysis.LogDetail;
import dev.jvmtune.core.analysis.Metaspace;
import dev.jvmtune.core.analysis.PauseClusters;
import dev.jvmtune.core.analysis.PhaseShares;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.Verdict;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The {@code summary} fields of issue 4's analysis (clusters, phases, live set, resizing, Full GC causes,
 * metaspace, GC CPU, generations, failed evacuation, log detail) and the {@code verdict} object; docs/json.md.
 */
final class JsonAnalysisDetails {

    private JsonAnalysisDetails() {
    }

    static void writeSummaryFields(JsonGenerator g, Analysis a) throws IOException {
        g.writeArrayFieldStart("pauseClusters");
        for (PauseClusters.Cluster c : a.clusters()) {
            g.writeStartObject();
            number(g, "minMs", c.minMs());
            number(g, "maxMs", c.maxMs());
            g.writeNumberField("count", c.count());
            number(g, "meanMs", c.meanMs());
            g.writeEndObject();
        }
        g.writeEndArray();
        PhaseShares p = a.phases();
        g.writeObjectFieldStart("phases");
        g.writeNumberField("pauses", p.pauses());
        number(g, "pauseMs", p.pauseMs());
        share(g, "evacuation", p.evacuationMs(), p);
        share(g, "roots", p.rootsMs(), p);
        share(g, "referenceProcessing", p.referenceMs(), p);
        share(g, "remark", p.remarkMs(), p);
        share(g, "termination", p.terminationMs(), p);
        share(g, "other", p.otherMs(), p);
        g.writeObjectFieldStart("referenceTrend");
        g.writeNumberField("pauses", p.referencePauses());
        number(g, "slopeMsPerHour", p.referenceSlopeMsPerHour());
        number(g, "firstMs", p.referenceFirstMs());
        number(g, "lastMs", p.referenceLastMs());
        g.writeEndObject();
        g.writeEndObject();
        LiveSet l = a.liveSet();
        if (l == null) {
            g.writeNullField("liveSet");
        } else {
            g.writeObjectFieldStart("liveSet");
            g.writeNumberField("collections", l.collections());
            g.writeNumberField("firstBytes", l.firstBytes());
            g.writeNumberField("lastBytes", l.lastBytes());
            g.writeNumberField("minBytes", l.minBytes());
            g.writeNumberField("maxBytes", l.maxBytes());
            number(g, "slopeMBPerHour", l.slopeMBPerHour());
            number(g, "correlation", l.correlation());
            number(g, "risePct", l.risePct());
            number(g, "spanSec", l.spanSec());
            g.writeEndObject();
        }
        HeapResizing r = a.heapResizing();
        if (r == null) {
            g.writeNullField("heapResizing");
        } else {
            g.writeObjectFieldStart("heapResizing");
            g.writeNumberField("collections", r.collections());
            g.writeNumberField("firstBytes", r.firstBytes());
            g.writeNumberField("minBytes", r.minBytes());
            g.writeNumberField("maxBytes", r.maxBytes());
            g.writeNumberField("expansions", r.expansions());
            g.writeNumberField("shrinks", r.shrinks());
            number(g, "reachedMaxSec", r.reachedMaxSec());
            g.writeEndObject();
        }
        g.writeObjectFieldStart("fullGcCauses");
        for (Map.Entry<String, Long> e : a.fullGcCauses().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .toList()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        writeMemoryAndCpu(g, a);
    }

    private static void writeMemoryAndCpu(JsonGenerator g, Analysis a) throws IOException {
        Metaspace m = a.metaspace();
        if (m == null) {
            g.writeNullField("metaspace");
        } else {
            g.writeObjectFieldStart("metaspace");
            g.writeNumberField("collections", m.collections());
            size(g, "firstAfterBytes", m.firstAfterBytes());
            size(g, "lastAfterBytes", m.lastAfterBytes());
            size(g, "peakBytes", m.peakBytes());
            size(g, "capacityBytes", m.capacityBytes());
            g.writeNumberField("thresholdGcs", m.thresholdGcs());
            g.writeNumberField("lastDitchGcs", m.lastDitchGcs());
            g.writeEndObject();
        }
        GcCpu c = a.gcCpu();
        if (c == null) {
            g.writeNullField("gcCpu");
        } else {
            g.writeObjectFieldStart("gcCpu");
            g.writeNumberField("pauses", c.pauses());
            number(g, "userSec", c.userSec());
            number(g, "sysSec", c.sysSec());
            number(g, "realSec", c.realSec());
            number(g, "parallelism", c.parallelism());
            g.writeNumberField("judgedPauses", c.judged());
            g.writeNumberField("realOverCpuPauses", c.realOverCpu());
            number(g, "realOverCpuSec", c.realOverCpuSec());
            g.writeNumberField("sysOverUserPauses", c.sysOverUser());
            number(g, "sysOverUserSec", c.sysOverUserSec());
            g.writeEndObject();
        }
        Generations gen = a.generations();
        if (gen == null) {
            g.writeNullField("generations");
        } else {
            g.writeObjectFieldStart("generations");
            g.writeNumberField("fullGcs", gen.fullGcs());
            g.writeNumberField("youngCapacityBytes", gen.youngCapacityBytes());
            g.writeNumberField("oldCapacityBytes", gen.oldCapacityBytes());
            size(g, "oldBeforeMaxBytes", gen.oldBeforeMaxBytes());
            size(g, "oldAfterMaxBytes", gen.oldAfterMaxBytes());
            g.writeEndObject();
        }
        FailedEvacuation f = a.failedEvacuation();
        if (f == null) {
            g.writeNullField("failedEvacuation");
        } else {
            g.writeObjectFieldStart("failedEvacuation");
            g.writeNumberField("pauses", f.pauses());
            g.writeNumberField("edenBytes", f.edenBytes());
            g.writeNumberField("heapBeforeBytes", f.heapBeforeBytes());
            g.writeNumberField("capacityBytes", f.capacityBytes());
            number(g, "uptimeSec", f.uptimeSec());
            g.writeEndObject();
        }
        LogDetail d = a.detail();
        g.writeObjectFieldStart("logDetail");
        g.writeNumberField("pauses", d.pauses());
        g.writeNumberField("withPhases", d.withPhases());
        g.writeNumberField("withPools", d.withPools());
        g.writeNumberField("withCpu", d.withCpu());
        g.writeNumberField("withHeap", d.withHeap());
        g.writeEndObject();
        JsonPlab.summary(g, a.plab());
    }

    /** The {@code verdict} object: the same judgement the text report leads with. */
    static void writeVerdict(JsonGenerator g, Verdict v) throws IOException {
        g.writeObjectFieldStart("verdict");
        if (v.goalMet() == null) {
            g.writeNullField("goalMet");
        } else {
            g.writeBooleanField("goalMet", v.goalMet());
        }
        g.writeStringField("goal", v.goal());
        strings(g, "incomplete", v.incomplete());
        g.writeArrayFieldStart("top");
        for (Finding f : v.top()) {
            g.writeStartObject();
            g.writeStringField("ruleId", f.ruleId());
            g.writeStringField("severity", f.severity().name());
            g.writeStringField("title", f.title());
            g.writeEndObject();
        }
        g.writeEndArray();
        strings(g, "flags", v.flags());
        strings(g, "conflicts", v.conflicts());
        strings(g, "alternative", v.alternative());
        g.writeEndObject();
    }

    private static void strings(JsonGenerator g, String name, List<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String s : values) {
            g.writeString(s);
        }
        g.writeEndArray();
    }

    private static void share(JsonGenerator g, String name, double ms, PhaseShares p) throws IOException {
        g.writeObjectFieldStart(name);
        number(g, "ms", ms);
        number(g, "pct", p.pct(ms));
        g.writeEndObject();
    }
}
