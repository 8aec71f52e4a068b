package dev.jvmtune.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.CodeCacheChurn;
import dev.jvmtune.core.analysis.EvacuationSpeed;
import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.NumaStatistic;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.RuleContext;
import dev.jvmtune.core.rules.Rules;
import dev.jvmtune.core.rules.Verdict;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * The {@code analyze --json} document. Its fields are a contract (docs/json.md): add fields freely,
 * never rename or remove one. Unknown numbers are {@code null}, never NaN.
 */
public final class JsonReport {

    public static final int SCHEMA_VERSION = 1;

    private JsonReport() {
    }

    /** One document: the run itself for one log, or {@code {"runs": [...]}} for logs of several JVMs. */
    public static void write(List<LogAnalysis> runs, String toolVersion, OutputStream out) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            if (runs.size() == 1) {
                writeRun(g, runs.get(0), toolVersion);
            } else {
                g.writeStartObject();
                g.writeNumberField("schemaVersion", SCHEMA_VERSION);
                g.writeArrayFieldStart("runs");
                for (LogAnalysis run : runs) {
                    writeRun(g, run, toolVersion);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeRaw('\n');
        }
    }

    private static void writeRun(JsonGenerator g, LogAnalysis run, String toolVersion) throws IOException {
        g.writeStartObject();
        g.writeNumberField("schemaVersion", SCHEMA_VERSION);
        g.writeObjectFieldStart("tool");
        g.writeStringField("name", "jvmtune");
        g.writeStringField("version", toolVersion);
        g.writeEndObject();
        g.writeArrayFieldStart("inputs");
        for (InputStats in : run.inputs()) {
            writeInput(g, in);
        }
        g.writeEndArray();
        writeJvm(g, run.jvm());
        writeSummary(g, run.summary());
        RuleContext context = RuleContext.of(run);
        List<Finding> findings = Rules.evaluate(context);
        JsonAnalysisDetails.writeVerdict(g, Verdict.of(context, findings));
        g.writeArrayFieldStart("findings");
        for (Finding f : findings) {
            writeFinding(g, f);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeFinding(JsonGenerator g, Finding f) throws IOException {
        g.writeStartObject();
        g.writeStringField("ruleId", f.ruleId());
        g.writeStringField("severity", f.severity().name());
        g.writeNumberField("score", f.score());
        g.writeStringField("title", f.title());
        g.writeArrayFieldStart("evidence");
        for (String e : f.evidence()) {
            g.writeString(e);
        }
        g.writeEndArray();
        if (f.recommendation() != null) {
            g.writeObjectFieldStart("recommendation");
            g.writeArrayFieldStart("options");
            for (String o : f.recommendation().options()) {
                g.writeString(o);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("arithmetic");
            for (String a : f.recommendation().arithmetic()) {
                g.writeString(a);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void writeInput(JsonGenerator g, InputStats in) throws IOException {
        g.writeStartObject();
        g.writeStringField("path", in.path());
        g.writeStringField("format", in.format().name().toLowerCase());
        g.writeNumberField("bytes", in.bytes());
        g.writeNumberField("lines", in.lines());
        g.writeNumberField("unrecognizedLines", in.unrecognizedLines());
        g.writeNumberField("unrecognizedRecordLines", in.unrecognizedRecordLines());
        g.writeArrayFieldStart("unrecognizedSamples");
        for (InputStats.LineSample s : in.samples()) {
            g.writeStartObject();
            g.writeNumberField("line", s.line());
            g.writeStringField("text", s.text());
            g.writeEndObject();
        }
        g.writeEndArray();
        lineMessages(g, "warnings", in.warnings());
        lineMessages(g, "doubtfulSplits", in.doubtfulSplits());
        g.writeEndObject();
    }

    private static void lineMessages(JsonGenerator g, String name, List<InputStats.LineSample> samples)
            throws IOException {
        g.writeArrayFieldStart(name);
        for (InputStats.LineSample s : samples) {
            g.writeStartObject();
            g.writeNumberField("line", s.line());
            g.writeStringField("message", s.text());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void writeJvm(JsonGenerator g, JvmFacts f) throws IOException {
        g.writeObjectFieldStart("jvm");
        g.writeStringField("version", f.version());
        g.writeStringField("collector", f.collector());
        count(g, "cpusTotal", f.cpusTotal());
        count(g, "cpusAvailable", f.cpusAvailable());
        count(g, "memoryBytes", f.memoryBytes());
        count(g, "heapMinBytes", f.heapMinBytes());
        count(g, "heapInitialBytes", f.heapInitialBytes());
        count(g, "heapMaxBytes", f.heapMaxBytes());
        count(g, "regionSizeBytes", f.regionSizeBytes());
        count(g, "parallelWorkers", f.parallelWorkers());
        count(g, "concurrentWorkers", f.concurrentWorkers());
        bool(g, "numa", f.numa());
        count(g, "numaNodes", f.numaNodes());
        g.writeArrayFieldStart("numaStatistics");
        for (NumaStatistic s : f.numaStatistics()) {
            g.writeStartObject();
            g.writeStringField("name", s.name());
            g.writeNumberField("collections", s.collections());
            g.writeNumberField("hits", s.hits());
            g.writeNumberField("requests", s.requests());
            g.writeObjectFieldStart("byNode");
            for (Map.Entry<Integer, NumaStatistic.Count> e : new java.util.TreeMap<>(s.byNode()).entrySet()) {
                g.writeObjectFieldStart(Integer.toString(e.getKey()));
                g.writeNumberField("hits", e.getValue().hits());
                g.writeNumberField("requests", e.getValue().requests());
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
        bool(g, "largePages", f.largePages());
        g.writeStringField("compressedOops", f.compressedOops());
        g.writeObjectFieldStart("facts");
        for (Map.Entry<String, String> e : f.raw().entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void writeSummary(JsonGenerator g, Analysis a) throws IOException {
        g.writeObjectFieldStart("summary");
        number(g, "durationSec", a.durationSec());
        g.writeFieldName("pauses");
        writePauses(g, a.pauses());
        g.writeObjectFieldStart("pausesByKind");
        for (Map.Entry<GcKind, PauseStats> e : a.pausesByKind().entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).toList()) {
            g.writeFieldName(e.getKey().name());
            writePauses(g, e.getValue());
        }
        g.writeEndObject();
        g.writeObjectFieldStart("pausesByCause");
        for (Map.Entry<String, Long> e : a.pausesByCause().entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).toList()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeObjectFieldStart("concurrent");
        g.writeNumberField("count", a.concurrentCount());
        number(g, "totalMs", a.concurrentMs());
        g.writeEndObject();
        number(g, "throughputPct", a.throughputPct());
        g.writeNumberField("fullGcCount", a.fullGcCount());
        number(g, "allocationRateMBps", a.allocationRateMBps());
        number(g, "promotionRateMBps", a.promotionRateMBps());
        g.writeObjectFieldStart("safepoints");
        g.writeNumberField("count", a.safepoints().count());
        number(g, "totalMs", a.safepoints().totalMs());
        number(g, "timeToSafepointMs", a.safepoints().timeToSafepointMs());
        number(g, "maxMs", a.safepoints().maxMs());
        number(g, "nonGcMs", a.safepoints().nonGcMs());
        g.writeEndObject();
        g.writeObjectFieldStart("incidents");
        for (Map.Entry<GcIncident, Long> e : a.incidents().entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).toList()) {
            g.writeNumberField(e.getKey().name(), e.getValue());
        }
        g.writeEndObject();
        writeJit(g, a);
        writeSteadyAndGoal(g, a);
        JsonAnalysisDetails.writeSummaryFields(g, a);
        g.writeEndObject();
    }

    /** Warm-up and steady state, the pause goal, evacuation speed and intervals between pauses. */
    private static void writeSteadyAndGoal(JsonGenerator g, Analysis a) throws IOException {
        Analysis.SteadyState s = a.steadyState();
        g.writeObjectFieldStart("steadyState");
        number(g, "warmupEndSec", s.warmupEndSec());
        g.writeNumberField("warmupPauses", s.warmupPauses());
        g.writeFieldName("pauses");
        writePauses(g, s.pauses());
        g.writeEndObject();
        PauseGoal goal = a.pauseGoal();
        if (goal == null) {
            g.writeNullField("pauseGoal");
        } else {
            g.writeObjectFieldStart("pauseGoal");
            number(g, "goalMs", goal.goalMs());
            g.writeStringField("source", goal.source());
            writeExceedance(g, "overall", goal.overall());
            writeExceedance(g, "steadyState", goal.steady());
            g.writeEndObject();
        }
        EvacuationSpeed ev = a.evacuation();
        if (ev == null) {
            g.writeNullField("evacuation");
        } else {
            g.writeObjectFieldStart("evacuation");
            g.writeNumberField("pauses", ev.pauses());
            number(g, "p10MBPerMs", ev.p10MBPerMs());
            number(g, "p50MBPerMs", ev.p50MBPerMs());
            number(g, "p90MBPerMs", ev.p90MBPerMs());
            if (Double.isNaN(ev.edenForGoalBytes())) {
                g.writeNullField("edenForGoalBytes");
            } else {
                g.writeNumberField("edenForGoalBytes", Math.round(ev.edenForGoalBytes()));
            }
            g.writeNumberField("missPauses", ev.missPauses());
            number(g, "missP50MBPerMs", ev.missP50MBPerMs());
            number(g, "edenForGoalAtMissSpeedBytes", Math.rint(ev.edenForGoalAtMissSpeedBytes()));
            g.writeEndObject();
        }
        g.writeFieldName("intervals");
        writePauses(g, a.intervals());
        g.writeObjectFieldStart("heap");
        size(g, "maxCapacityBytes", a.heap().maxCapacityBytes());
        number(g, "youngBeforeMeanBytes", Math.rint(a.heap().youngBeforeMeanBytes()));
        size(g, "youngBeforeMaxBytes", a.heap().youngBeforeMaxBytes());
        g.writeEndObject();
    }

    /** A byte count, {@code null} when unknown (-1). */
    static void size(JsonGenerator g, String name, long bytes) throws IOException {
        if (bytes < 0) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, bytes);
        }
    }

    private static void writeExceedance(JsonGenerator g, String name, PauseGoal.Exceedance e) throws IOException {
        g.writeObjectFieldStart(name);
        g.writeNumberField("pauses", e.pauses());
        g.writeNumberField("over", e.over());
        number(g, "overPct", e.overPct());
        number(g, "meanExcessMs", e.meanExcessMs());
        number(g, "maxExcessMs", e.maxExcessMs());
        g.writeEndObject();
    }

    /** Code cache, compilation and CPU load: JFR recordings only, {@code null} for GC logs. */
    private static void writeJit(JsonGenerator g, Analysis a) throws IOException {
        Analysis.CodeCache cc = a.codeCache();
        if (cc == null) {
            g.writeNullField("codeCache");
        } else {
            g.writeObjectFieldStart("codeCache");
            g.writeNumberField("samples", cc.samples());
            g.writeNumberField("fullEvents", cc.fullEvents());
            g.writeArrayFieldStart("heaps");
            for (Analysis.CodeHeap h : cc.heaps()) {
                g.writeStartObject();
                g.writeStringField("name", h.name());
                g.writeNumberField("reservedBytes", h.reservedBytes());
                g.writeNumberField("peakUsedBytes", h.peakUsedBytes());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        Analysis.Compilations c = a.compilation();
        if (c == null) {
            g.writeNullField("compilation");
        } else {
            g.writeObjectFieldStart("compilation");
            g.writeNumberField("count", c.count());
            number(g, "totalMs", c.totalMs());
            number(g, "maxMs", c.maxMs());
            g.writeNumberField("failures", c.failures());
            g.writeEndObject();
        }
        CodeCacheChurn churn = a.codeCacheChurn();
        if (churn == null) {
            g.writeNullField("codeCacheChurn");
        } else {
            g.writeObjectFieldStart("codeCacheChurn");
            number(g, "fromSec", churn.fromSec());
            number(g, "toSec", churn.toSec());
            g.writeNumberField("gcsThirdQuarter", churn.gcsThirdQuarter());
            g.writeNumberField("gcsLastQuarter", churn.gcsLastQuarter());
            g.writeNumberField("compilationsThirdQuarter", churn.compilationsThirdQuarter());
            g.writeNumberField("compilationsLastQuarter", churn.compilationsLastQuarter());
            number(g, "peakUsedShare", churn.peakUsedShare());
            number(g, "meanUsedShare", churn.meanUsedShare());
            g.writeNumberField("compiledBytes", churn.compiledBytes());
            number(g, "freedBytes", churn.freedBytes());
            g.writeNumberField("reservedBytes", churn.reservedBytes());
            g.writeEndObject();
        }
        Analysis.CpuLoad cpu = a.cpuLoad();
        if (cpu == null) {
            g.writeNullField("cpuLoad");
        } else {
            g.writeObjectFieldStart("cpuLoad");
            g.writeNumberField("samples", cpu.samples());
            number(g, "meanJvmPct", cpu.meanJvmPct());
            number(g, "maxJvmPct", cpu.maxJvmPct());
            number(g, "meanMachinePct", cpu.meanMachinePct());
            number(g, "maxMachinePct", cpu.maxMachinePct());
            g.writeEndObject();
        }
    }

    private static void writePauses(JsonGenerator g, PauseStats p) throws IOException {
        g.writeStartObject();
        g.writeNumberField("count", p.count());
        number(g, "totalMs", p.totalMs());
        number(g, "meanMs", p.meanMs());
        number(g, "stdMs", p.stdMs());
        number(g, "minMs", p.minMs());
        number(g, "p50Ms", p.p50Ms());
        number(g, "p90Ms", p.p90Ms());
        number(g, "p99Ms", p.p99Ms());
        number(g, "p999Ms", p.p999Ms());
        number(g, "maxMs", p.maxMs());
        g.writeEndObject();
    }

    static void number(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, Math.round(v * 1000.0) / 1000.0);
        }
    }

    private static void count(JsonGenerator g, String name, long v) throws IOException {
        if (v < 0) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    private static void bool(JsonGenerator g, String name, Boolean v) throws IOException {
        if (v == null) {
            g.writeNullField(name);
        } else {
            g.writeBooleanField(name, v);
        }
    }
}
