package dev.jvmtune.report;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.CollectorCycles;
import dev.jvmtune.core.analysis.EvacuationSpeed;
import dev.jvmtune.core.analysis.GcCpu;
import dev.jvmtune.core.analysis.HeapResizing;
import dev.jvmtune.core.analysis.HeldUp;
import dev.jvmtune.core.analysis.LiveSet;
import dev.jvmtune.core.analysis.Metaspace;
import dev.jvmtune.core.analysis.PauseClusters;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.analysis.PhaseShares;
import dev.jvmtune.core.analysis.PlabSizing;
import dev.jvmtune.core.analysis.Stalls;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.NumaStatistic;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.core.run.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The lines of a run's summary, each a label and its text, in the order the text report prints them and the HTML
 * report shows them: the same words in both, so that the page shows everything the text does.
 */
public final class Summary {

    private static final double MIB = 1024.0 * 1024.0;

    /** One line: {@code label} is what it is about ({@code Throughput}), {@code text} the figures. */
    public record Line(String label, String text) {
    }

    private Summary() {
    }

    /** The lines about the JVM and the input, before the verdict: JVM, NUMA, Log (or Recording). */
    public static List<Line> head(Run run) {
        List<Line> out = new ArrayList<>();
        out.add(new Line("JVM", describeJvm(run.jvm())));
        String numa = describeNuma(run.jvm());
        if (numa != null) {
            out.add(new Line("NUMA", numa));
        }
        long lines = 0;
        long bytes = 0;
        long unrecognized = 0;
        for (InputStats in : run.inputs()) {
            lines += in.lines();
            bytes += in.bytes();
            unrecognized += in.unrecognizedLines();
        }
        boolean jfr = !run.inputs().isEmpty() && run.inputs().stream().allMatch(in -> in.format() == LogFormat.JFR);
        if (jfr) {
            out.add(new Line("Recording", f("%d file(s), %,d events, %s; covers %s", run.inputs().size(), lines,
                    mb(bytes), seconds(run.summary().durationSec()))));
        } else {
            out.add(new Line("Log", f("%d file(s), %,d lines, %s, %,d unrecognized; covers %s", run.inputs().size(),
                    lines, mb(bytes), unrecognized, seconds(run.summary().durationSec()))));
        }
        return out;
    }

    /** The figures after the pause table, from warm-up to PLABs; a line only where the run has its figures. */
    public static List<Line> figures(Analysis a) {
        List<Line> out = new ArrayList<>();
        Analysis.SteadyState st = a.steadyState();
        if (!Double.isNaN(st.warmupEndSec())) {
            out.add(new Line("Warm-up", f("ends at %.3f s, after %,d pauses", st.warmupEndSec(), st.warmupPauses())));
        }
        PauseGoal goal = a.pauseGoal();
        if (goal != null) {
            out.add(new Line("Pause goal", f("%s ms (%s): %,d of %,d pauses over it (%s), steady state %,d of %,d (%s)",
                    ms(goal.goalMs()), goal.source(), goal.overall().over(), goal.overall().pauses(),
                    pct(goal.overall().overPct()), goal.steadyState().over(), goal.steadyState().pauses(),
                    pct(goal.steadyState().overPct()))));
        }
        EvacuationSpeed ev = a.evacuation();
        if (ev != null) {
            String eden = Double.isNaN(ev.edenForGoalBytes()) ? ""
                    : f("; Eden cleared within the goal: %.0f MiB", ev.edenForGoalBytes() / MIB);
            out.add(new Line("Evacuation", f("%.1f MiB/ms median young (p10 %.1f, p90 %.1f)%s", ev.p50MBPerMs(),
                    ev.p10MBPerMs(), ev.p90MBPerMs(), eden)));
        }
        stalls(out, a);
        out.add(new Line("Full GCs", f("%d", a.fullGcCount())));
        out.add(new Line("Allocation", f("%s   promotion %s", rate(a.allocationRateMBps()),
                rate(a.promotionRateMBps()))));
        if (a.concurrent().count() > 0) {
            out.add(new Line("Concurrent", f("%,d phases, %.1f ms in total", a.concurrent().count(),
                    a.concurrent().totalMs())));
        }
        cycles(out, a.cycles());
        Analysis.Safepoints sp = a.safepoints();
        if (sp.count() > 0) {
            // a JFR recording without jdk.SafepointStateSynchronization does not tell the time to reach them
            String reaching = Double.isNaN(sp.timeToSafepointMs()) ? ""
                    : f(", %.1f ms reaching them", sp.timeToSafepointMs());
            out.add(new Line("Safepoints", f("%,d, stopped %.1f ms in total (%.1f ms not for GC%s), longest %.3f ms",
                    sp.count(), sp.totalMs(), sp.nonGcMs(), reaching, sp.maxMs())));
        }
        if (!a.incidents().isEmpty()) {
            List<String> incidents = new ArrayList<>();
            a.incidents().forEach((k, v) -> incidents.add(k.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " " + v));
            out.add(new Line("Incidents", String.join(", ", incidents)));
        }
        jit(out, a);
        if (!a.pausesByCause().isEmpty()) {
            List<String> causes = new ArrayList<>();
            a.pausesByCause().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .limit(6).forEach(e -> causes.add(e.getKey() + " " + e.getValue()));
            out.add(new Line("Causes", String.join(", ", causes)));
        }
        details(out, a);
        return out;
    }

    /**
     * Throughput; where threads stalled, the time held up (pauses plus stalls) first, the pause-only figure beside
     * it, and the stalls by kind and by thread.
     */
    private static void stalls(List<Line> out, Analysis a) {
        Stalls st = a.stalls();
        if (st == null || st.count() == 0) {
            out.add(new Line("Throughput", f("%s of the time not paused by GC", pct(a.throughputPct()))));
            return;
        }
        HeldUp h = a.heldUp();
        out.add(new Line("Throughput", f("%s of the time not held up by GC (pauses alone: %s)",
                pct(a.throughputPct()), pct(a.pauseThroughputPct()))));
        out.add(new Line("Held up", f("%s by GC (%s of the run): pauses %s, stalls outside them %s",
                seconds(h.totalMs() / 1000), pct(h.pct()), seconds(h.pausesMs() / 1000),
                seconds(h.stallsMs() / 1000))));
        List<String> kinds = new ArrayList<>();
        st.byKind().forEach((k, v) -> kinds.add(f("%s %,d (%.1f ms, longest %.1f ms)",
                k.name().toLowerCase(Locale.ROOT), v.count(), v.totalMs(), v.maxMs())));
        String perCycle = a.cycles() != null && a.cycles().count() > 0
                ? f(", %.2f per cycle", st.count() / (double) a.cycles().count()) : "";
        out.add(new Line("Stalls", f("%,d in %,d thread(s)%s: %s; %.1f ms of thread time", st.count(),
                st.threadCount(), perCycle, String.join(", ", kinds), st.totalMs())));
        List<String> threads = new ArrayList<>();
        for (Stalls.ThreadStalls t : st.threads().subList(0, Math.min(3, st.threads().size()))) {
            threads.add(f("%s %,d (%.1f ms)", t.thread(), t.count(), t.totalMs()));
        }
        out.add(new Line("By thread", String.join(", ", threads)));
    }

    /** Whole concurrent cycles and what ZGC says of them: live set, allocation during a cycle, promotion, MMU. */
    private static void cycles(List<Line> out, CollectorCycles c) {
        if (c == null || c.count() == 0) {
            return;
        }
        PauseStats d = c.durationMs();
        List<String> parts = new ArrayList<>();
        parts.add(f("%,d, p50 %s ms, p90 %s ms, longest %s ms", c.count(), shortMs(d.p50Ms()), shortMs(d.p90Ms()),
                shortMs(d.maxMs())));
        if (c.maxLiveBytes() >= 0) {
            parts.add("live at mark end up to " + mb(c.maxLiveBytes()));
        }
        if (c.maxAllocatedBytes() >= 0) {
            parts.add("up to " + mb(c.maxAllocatedBytes()) + " allocated during one");
        }
        if (c.promotedBytes() >= 0) {
            parts.add(mb(c.promotedBytes()) + " promoted");
        }
        if (!c.mmu().isEmpty()) {
            List<String> mmu = new ArrayList<>();
            c.mmu().forEach(m -> mmu.add(f("%.0f ms %.1f%%", m.windowMs(), m.pct())));
            parts.add("MMU " + String.join(", ", mmu));
        }
        out.add(new Line("Cycles", String.join("; ", parts)));
    }

    /** Code cache, compilation and CPU load lines, present for JFR recordings. */
    private static void jit(List<Line> out, Analysis a) {
        if (a.codeCache() != null) {
            List<String> heaps = new ArrayList<>();
            for (Analysis.CodeHeap h : a.codeCache().heaps()) {
                heaps.add(f("%s %s of %s", h.name(), mb(h.peakUsedBytes()), mb(h.reservedBytes())));
            }
            out.add(new Line("Code cache", f("peak %s; %d full event(s)", String.join(", ", heaps),
                    a.codeCache().fullEvents())));
        }
        if (a.compilation() != null) {
            Analysis.Compilations c = a.compilation();
            out.add(new Line("Compilation", f("%,d recorded, %.1f ms in total, longest %.3f ms, %d failed", c.count(),
                    c.totalMs(), c.maxMs(), c.failures())));
        }
        if (a.cpuLoad() != null) {
            Analysis.CpuLoad c = a.cpuLoad();
            out.add(new Line("CPU load", f("JVM mean %.1f %%, max %.1f %%; machine mean %.1f %%, max %.1f %%",
                    c.meanJvmPct(), c.maxJvmPct(), c.meanMachinePct(), c.maxMachinePct())));
        }
    }

    /** Pause groups, phases, live set, heap capacity, Full GC causes, metaspace, GC CPU, PLABs. */
    private static void details(List<Line> out, Analysis a) {
        if (a.pauseClusters().size() > 1) {
            List<String> groups = new ArrayList<>();
            for (PauseClusters.Cluster c : a.pauseClusters()) {
                groups.add(f("%s-%s ms: %,d (mean %s)", shortMs(c.minMs()), shortMs(c.maxMs()), c.count(),
                        shortMs(c.meanMs())));
            }
            out.add(new Line("Pause groups", String.join("; ", groups)));
        }
        PhaseShares p = a.phases();
        if (p.pauses() > 0 && p.other().ms() < p.pauseMs()) {
            PhaseShares.ReferenceTrend r = p.referenceTrend();
            String trend = r.pauses() >= 3 && r.spanSec() > 0
                    ? f(" (%.2f -> %.2f ms per pause over the run)", r.firstMs(), r.lastMs()) : "";
            out.add(new Line("Phases", f("evacuation %.1f%%, roots %.1f%%, reference processing %.1f%%%s, remark %.1f%%, "
                            + "termination %.1f%%, other %.1f%% of %.0f ms", p.evacuation().pct(), p.roots().pct(),
                    p.referenceProcessing().pct(), trend, p.remark().pct(), p.termination().pct(), p.other().pct(),
                    p.pauseMs())));
        }
        LiveSet l = a.liveSet();
        if (l != null) {
            String leftOut = l.unsure() != null ? " (unsure: " + l.unsure() + ")"
                    : l.leftOut() > 0 ? f(" (%,d start-up or requested collections left out)", l.leftOut()) : "";
            // a rate per hour only from 6 minutes of span on; below it, what the line rose over the span
            String trend = !Double.isNaN(l.slopeMBPerHour())
                    ? f(", trend %+.1f MiB/h over %.1f min (r %.2f)", l.slopeMBPerHour(), l.spanSec() / 60, l.correlation())
                    : !Double.isNaN(l.riseBytes()) ? f(", trend %+.1f MiB over %s (r %.2f)", l.riseBytes() / MIB,
                    l.spanSec() >= 120 ? f("%.1f min", l.spanSec() / 60) : f("%.2f s", l.spanSec()), l.correlation())
                    : "";
            String rest = l.trendCollections() == 0 ? "" : f("; %,d nobody asked for: %.0f -> %.0f MiB%s",
                    l.trendCollections(), l.firstBytes() / MIB, l.lastBytes() / MIB, trend);
            out.add(new Line("Live set", f("after %,d old-generation collections: min %.0f, max %.0f MiB%s%s",
                    l.collections(), l.minBytes() / MIB, l.maxBytes() / MIB, leftOut, rest)));
        }
        HeapResizing r = a.heapResizing();
        if (r != null && r.expansions() + r.shrinks() > 0) {
            out.add(new Line("Heap capacity", f("%.0f-%.0f MiB: %,d expansions, %,d shrinks", r.minBytes() / MIB,
                    r.maxBytes() / MIB, r.expansions(), r.shrinks())));
        }
        if (!a.fullGcCauses().isEmpty()) {
            List<String> causes = new ArrayList<>();
            a.fullGcCauses().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .forEach(e -> causes.add(e.getKey() + " " + e.getValue()));
            out.add(new Line("Full GC causes", String.join(", ", causes)));
        }
        Metaspace m = a.metaspace();
        if (m != null) {
            String used = m.peakBytes() >= 0 ? f("%.1f -> %.1f MiB used, peak %.1f MiB; ", m.firstAfterBytes() / MIB,
                    m.lastAfterBytes() / MIB, m.peakBytes() / MIB) : "";
            out.add(new Line("Metaspace", f("%s%d Metadata GC Threshold, %d Last ditch", used, m.thresholdGcs(),
                    m.lastDitchGcs())));
        }
        GcCpu c = a.gcCpu();
        if (c != null) {
            out.add(new Line("GC CPU", f("user %.1f s + sys %.1f s in %.1f s real: parallelism %.2f; of %,d pauses over "
                            + "%.0f ms, %,d with real > 1.2 x (user + sys), %,d with sys > user", c.userSec(), c.sysSec(),
                    c.realSec(), c.parallelism(), c.judgedPauses(), GcCpu.MIN_REAL_MS, c.realOverCpuPauses(),
                    c.sysOverUserPauses())));
        }
        PlabSizing plabs = a.plab();
        if (plabs != null) {
            out.add(new Line("PLABs", plab("young", plabs.young()) + "; " + plab("old", plabs.old())));
        }
        if (a.footprint() != null) {
            out.addAll(FootprintText.lines(a.footprint()));
        }
    }

    /** What the log cannot tell, and the logging that would. */
    public static List<String> notes(Run run) {
        List<String> notes = new ArrayList<>();
        Analysis a = run.summary();
        Collector collector = run.jvm().collector();
        if (collector == Collector.ZGC && a.pauses().count() == 0) {
            notes.add("ZGC logs its pauses under gc+phases, which this log lacks: run with -Xlog:gc*");
        }
        if (Double.isNaN(a.durationSec())) {
            notes.add("the log has no time decorations, so rates and throughput are unknown: "
                    + "run with -Xlog:gc*:file=gc.log:time,uptime,level,tags");
        }
        if (collector == Collector.EPSILON) {
            notes.add("Epsilon never collects: there are no pauses to analyze");
        }
        return notes;
    }

    /** The inputs' warnings, then their skipped lines: {@code warning: gc.log:12: ...}, {@code skipped: ...}. */
    public static List<String> inputProblems(Run run) {
        List<String> out = new ArrayList<>();
        for (InputStats in : run.inputs()) {
            for (InputStats.LineSample w : in.warnings()) {
                out.add("warning: " + in.path() + (w.line() > 0 ? ":" + w.line() : "") + ": " + w.text());
            }
            for (InputStats.LineSample s : in.samples()) {
                out.add("skipped: " + in.path() + ":" + s.line() + ": " + s.text());
            }
        }
        return out;
    }

    /** "G1, JDK 17.0.15, 2 CPUs, heap 64 MiB initial, 256 MiB max, regions 1 MiB". */
    public static String describeJvm(JvmFacts f) {
        List<String> parts = new ArrayList<>();
        parts.add(f.collector() == Collector.UNKNOWN ? "collector unknown" : f.collector().label());
        if (f.version() != null) {
            parts.add("JDK " + f.version());
        }
        if (f.cpusAvailable() > 0) {
            parts.add(f.cpusAvailable() + (f.cpusAvailable() == 1 ? " CPU" : " CPUs"));
        }
        if (f.heapMaxBytes() > 0) {
            parts.add("heap " + (f.heapInitialBytes() > 0 ? mb(f.heapInitialBytes()) + " initial, " : "")
                    + mb(f.heapMaxBytes()) + " max");
        }
        if (f.regionSizeBytes() > 0) {
            parts.add("regions " + mb(f.regionSizeBytes()));
        }
        return String.join(", ", parts);
    }

    /** NUMA as the log tells it: support, node count and G1's placement statistics; null if it says nothing. */
    private static String describeNuma(JvmFacts f) {
        if (f.numa() == null && f.numaStatistics().isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        if (f.numa() != null) {
            parts.add(f.numa() ? "enabled" + (f.numaNodes() > 0 ? ", " + f.numaNodes() + " nodes" : "")
                    : "disabled (a single-node host, or -XX:+UseNUMA not given)");
        }
        for (NumaStatistic s : f.numaStatistics()) {
            List<String> nodes = new ArrayList<>();
            s.byNode().forEach((node, c) -> nodes.add(f("node %d %s", node, pct(c.pct()))));
            parts.add(f("%s %s (%,d/%,d over %d GCs%s)", s.name().toLowerCase(Locale.ROOT), pct(s.pct()), s.hits(),
                    s.requests(), s.collections(), nodes.isEmpty() ? "" : "; " + String.join(", ", nodes)));
        }
        return String.join("; ", parts);
    }

    private static String plab(String name, PlabSizing.Destination d) {
        if (d == null) {
            return name + " not logged";
        }
        String waste = f("waste %.1f%% of %.0f MiB", d.wastePct(), d.allocatedBytes() / MIB);
        if (d.resized() == 0) {
            return f("%s not resized (-XX:-ResizePLAB), %s", name, waste);
        }
        return f("%s desired %.0f-%.0f KiB (median %.0f), %d swings of 2x+ in %d steps, %s", name,
                d.minDesiredBytes() / 1024.0, d.maxDesiredBytes() / 1024.0, d.p50DesiredBytes() / 1024.0, d.swings(),
                d.resized() - 1, waste);
    }

    /** Milliseconds in a pause table: 3 decimals below 100 ms, 1 above; "-" when unknown. */
    static String ms(double v) {
        return Double.isNaN(v) ? "-" : f(v >= 100 ? "%.1f" : "%.3f", v);
    }

    private static String shortMs(double v) {
        return v >= 100 ? f("%.0f", v) : v >= 10 ? f("%.1f", v) : f("%.2f", v);
    }

    static String pct(double v) {
        return Double.isNaN(v) ? "unknown" : f("%.2f %%", v);
    }

    private static String rate(double v) {
        return Double.isNaN(v) ? "unknown" : f("%.1f MiB/s", v);
    }

    static String seconds(double v) {
        if (Double.isNaN(v)) {
            return "unknown time";
        }
        if (v >= 3600) {
            return f("%.2f h", v / 3600);
        }
        return v >= 120 ? f("%.1f min", v / 60) : f("%.2f s", v);
    }

    /** Bytes as KiB, MiB or GiB with one decimal; "?" when unknown. */
    public static String mb(long bytes) {
        if (bytes < 0) {
            return "?";
        }
        if (bytes >= 1L << 30) {
            return f("%.1f GiB", bytes / (double) (1L << 30));
        }
        if (bytes >= 1L << 20) {
            return f("%.1f MiB", bytes / (double) (1L << 20));
        }
        return f("%.0f KiB", bytes / 1024.0);
    }

    static String f(String format, Object... args) {
        return Rounding.text(format, args);
    }
}
