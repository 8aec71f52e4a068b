package dev.jvmtune.live;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.live.Window;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.Severity;
import dev.jvmtune.report.RecordJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JSON line per window ({@code watch --json}), for piping, each line a document of its own (JSON Lines): its root
 * ({@link DocumentRoot}), the window, its pause figures overall and by kind, rates, heap after the last GC,
 * safepoints, CPU, and the findings with those that started and cleared. The line is the mapping of {@link Line}
 * ({@link RecordJson}): figures rounded as every jvmtune document rounds them, unknown ones {@code null}.
 * docs/live.md names the fields.
 */
final class WindowJson {

    /** The line's shape: changes only when one of its fields is renamed or removed. */
    static final int SCHEMA_VERSION = 1;

    private WindowJson() {
    }

    /** A window's line; {@code safepoints} and {@code cpu} where the source tells them. */
    record Line(int schemaVersion, String tool, String source, double fromSec, double toSec, Pauses pauses,
                Map<GcKind, Pauses> pausesByKind, double throughputPct, double heldUpMs, Stalls stalls,
                double allocationRateMBps, double promotionRateMBps, Long heapAfterLastGcBytes,
                @JsonInclude(JsonInclude.Include.NON_NULL) Safepoints safepoints,
                @JsonInclude(JsonInclude.Include.NON_NULL) Cpu cpu, List<FindingLine> findings, List<String> started,
                List<String> cleared) {
    }

    record Pauses(long count, double totalMs, double p50Ms, double p99Ms, double maxMs) {
        static Pauses of(PauseStats p) {
            return new Pauses(p.count(), p.totalMs(), p.p50Ms(), p.p99Ms(), p.count() == 0 ? Double.NaN : p.maxMs());
        }
    }

    record Stalls(long count, double totalMs, double maxMs, double wallMs) {
    }

    record Safepoints(long count, double totalMs, double timeToSafepointMs, double nonGcMs) {
    }

    record Cpu(double jvmPct, double machinePct) {
    }

    record FindingLine(String ruleId, Severity severity, String title, String cost,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String unsure) {
    }

    static String line(Window w, AfterGc after) {
        Analysis a = w.run().summary();
        Map<GcKind, Pauses> byKind = new LinkedHashMap<>();
        a.pausesByKind().forEach((kind, p) -> {
            if (p.count() > 0) {
                byKind.put(kind, Pauses.of(p));
            }
        });
        MemoryUsage heap = after.heap();
        DocumentRoot root = DocumentRoot.of(SCHEMA_VERSION);
        Line line = new Line(root.schemaVersion(), root.tool(), w.run().name(), w.fromSec(), w.toSec(),
                Pauses.of(a.pauses()), byKind, a.throughputPct(), a.heldUp().totalMs(),
                a.stalls() == null ? null : new Stalls(a.stalls().count(), a.stalls().totalMs(), a.stalls().maxMs(),
                        a.stalls().wallMs()),
                a.allocationRateMBps(), a.promotionRateMBps(), heap == null ? null : heap.afterBytes(),
                a.safepoints() == null ? null : new Safepoints(a.safepoints().count(), a.safepoints().totalMs(),
                        a.safepoints().timeToSafepointMs(), a.safepoints().nonGcMs()),
                a.cpuLoad() == null ? null : new Cpu(a.cpuLoad().meanJvmPct(), a.cpuLoad().meanMachinePct()),
                w.run().findings().stream().map(f -> new FindingLine(f.ruleId(), f.severity(), f.title(),
                        f.cost().describe(), f.unsure())).toList(),
                ids(w.started()), ids(w.cleared()));
        StringWriter out = new StringWriter();
        try (JsonGenerator g = RecordJson.FACTORY.createGenerator(out)) {
            RecordJson.write(g, line);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static List<String> ids(List<Finding> findings) {
        return findings.stream().map(Finding::ruleId).toList();
    }
}
