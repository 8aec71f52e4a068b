package dev.jvmtune.live;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.live.Window;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.ClassCountSample;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.NativeMemorySample;
import dev.jvmtune.core.model.ResidentSetSample;
import dev.jvmtune.core.model.ThreadCountSample;
import dev.jvmtune.core.rules.Finding;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The live view of one window, as lines of text: what {@code watch} redraws every second - the window's pauses, rates
 * and findings, and the JVM's footprint now (its memory pools, native memory, threads and classes, from
 * {@link JvmGauges}). Memory in MiB ({@link Mib}).
 */
final class WindowText {

    private WindowText() {
    }

    static String render(Window w, AfterGc after, JvmGauges jvmNow, long eventsRead) {
        Analysis a = w.run().summary();
        JvmFacts jvm = w.run().jvm();
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "jvmtune watching %s%s - uptime %.1f-%.1f s (%.0f s), %,d events read%n",
                w.run().name(), describe(jvm), w.fromSec(), w.toSec(), w.toSec() - w.fromSec(), eventsRead));
        s.append(String.format(Locale.ROOT, "%-22s %7s %10s %8s %8s %8s%n", "pauses", "count", "total ms", "p50 ms",
                "p99 ms", "max ms"));
        row(s, "all", a.pauses());
        for (Map.Entry<GcKind, PauseStats> k : a.pausesByKind().entrySet()) {
            if (k.getValue().count() > 0) {
                row(s, "  " + k.getKey().name().toLowerCase(Locale.ROOT).replace('_', ' '), k.getValue());
            }
        }
        s.append(String.format(Locale.ROOT, "throughput %s %%   allocation %s MiB/s   promotion %s MiB/s%n",
                fmt(a.throughputPct()), fmt(a.allocationRateMBps()), fmt(a.promotionRateMBps())));
        if (a.stalls() != null) {
            s.append(String.format(Locale.ROOT, "stalls %d: %s ms of thread time, longest %s ms; held up %s ms in all "
                            + "(pauses and stalls)%n", a.stalls().count(), fmt(a.stalls().totalMs()),
                    fmt(a.stalls().maxMs()), fmt(a.heldUp().totalMs())));
        }
        MemoryUsage heap = after.heap();
        if (heap != null) {
            s.append(String.format(Locale.ROOT, "heap after the last GC (uptime %.1f s): %s MiB of %s MiB%n",
                    after.atSec(), Mib.of(heap.afterBytes()), Mib.of(heap.capacityBytes())));
        }
        if (a.safepoints() != null && a.safepoints().count() > 0) {
            s.append(String.format(Locale.ROOT, "safepoints %d: %s ms stopped, %s ms reaching them, longest %s ms, "
                            + "%s ms not for GC%n", a.safepoints().count(), fmt(a.safepoints().totalMs()),
                    fmt(a.safepoints().timeToSafepointMs()), fmt(a.safepoints().maxMs()), fmt(a.safepoints().nonGcMs())));
        }
        footprint(s, jvmNow);
        if (a.codeCache() != null && a.codeCache().fullEvents() > 0) {
            s.append(String.format(Locale.ROOT, "code cache FULL %d times in this window%n", a.codeCache().fullEvents()));
        }
        if (a.cpuLoad() != null && a.cpuLoad().samples() > 0) {
            s.append(String.format(Locale.ROOT, "CPU: this JVM %s %% (max %s %%), the machine %s %%%n",
                    fmt(a.cpuLoad().meanJvmPct()), fmt(a.cpuLoad().maxJvmPct()), fmt(a.cpuLoad().meanMachinePct())));
        }
        s.append(w.run().findings().isEmpty() ? "no findings over this window" : "findings over this window:")
                .append(System.lineSeparator());
        for (Finding f : w.run().findings()) {
            s.append(String.format(Locale.ROOT, "  %-8s %-32s %s%s%n", f.severity(), f.ruleId(), f.title(),
                    f.unsure() == null ? "" : " (unsure: " + f.unsure() + ")"));
            s.append(String.format(Locale.ROOT, "  %-8s %-32s costs %s%n", "", "", f.cost().describe()));
        }
        for (Finding f : w.started()) {
            s.append(String.format(Locale.ROOT, "+ started at uptime %.1f s: %s (%s)%n", w.toSec(), f.ruleId(), f.title()));
        }
        for (Finding f : w.cleared()) {
            s.append(String.format(Locale.ROOT, "- cleared at uptime %.1f s: %s%n", w.toSec(), f.ruleId()));
        }
        return s.toString();
    }

    /**
     * The JVM's memory pools as their beans name them (used/committed of the limit, MiB; a heap pool that only
     * collections told of, as they left it), Native Memory Tracking's other parts and the resident set where recorded,
     * threads and classes: lines only for what the source told.
     */
    private static void footprint(StringBuilder s, JvmGauges jvm) {
        StringBuilder heap = new StringBuilder();
        StringBuilder nonHeap = new StringBuilder();
        jvm.pools().forEach((name, p) -> {
            StringBuilder to = p.heap ? heap : nonHeap;
            to.append("  ").append(name).append(' ');
            if (p.used >= 0) {
                to.append(Mib.of(p.used)).append(p.committed >= 0 ? "/" + Mib.of(p.committed) : "");
            } else {
                to.append(Mib.of(p.usedAfterGc)).append(" after GC");
            }
            to.append(p.limit >= 0 ? " of " + Mib.of(p.limit) : "");
        });
        if (heap.length() > 0) {
            s.append("heap pools now (MiB used/committed of limit):").append(heap).append(System.lineSeparator());
        }
        if (nonHeap.length() > 0) {
            s.append("non-heap pools now (MiB):").append(nonHeap).append(System.lineSeparator());
        }
        List<NativeMemorySample> nmt = jvm.nativeMemory();
        if (!nmt.isEmpty()) {
            s.append("native memory now (MiB committed):");
            for (NativeMemorySample n : nmt) {
                s.append("  ").append(n.category()).append(' ').append(Mib.of(n.committedBytes()));
            }
            s.append(System.lineSeparator());
        }
        ResidentSetSample rss = jvm.resident();
        if (rss != null) {
            s.append(String.format(Locale.ROOT, "resident set now %s MiB (peak %s MiB)%n", Mib.of(rss.sizeBytes()),
                    Mib.of(rss.peakBytes())));
        }
        ThreadCountSample t = jvm.threads();
        ClassCountSample c = jvm.classes();
        if (t != null) {
            s.append(String.format(Locale.ROOT, "threads %,d live (%,d daemon), peak %,d, %,d started", t.live(),
                    t.daemon(), t.peak(), t.started()));
        }
        if (c != null) {
            s.append(t == null ? "" : "   ").append(String.format(Locale.ROOT, "classes %,d loaded (%,d since start, "
                    + "%,d unloaded)", c.current(), c.loaded(), c.unloaded()));
        }
        if (t != null || c != null) {
            s.append(System.lineSeparator());
        }
    }

    private static String describe(JvmFacts jvm) {
        String version = jvm.version() == null || jvm.version().isEmpty() ? "" : "JDK " + jvm.version();
        String collector = jvm.collector() == null ? "" : jvm.collector().label();
        String both = version.isEmpty() || collector.isEmpty() ? version + collector : version + ", " + collector;
        return both.isEmpty() ? "" : " (" + both + ")";
    }

    private static void row(StringBuilder s, String label, PauseStats p) {
        s.append(String.format(Locale.ROOT, "%-22s %7d %10s %8s %8s %8s%n", label, p.count(), fmt(p.totalMs()),
                fmt(p.p50Ms()), fmt(p.p99Ms()), p.count() == 0 ? "-" : fmt(p.maxMs())));
    }

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
    }
}
