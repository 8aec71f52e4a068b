package dev.jvmtune.report;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.NumaStatistic;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.RuleContext;
import dev.jvmtune.core.rules.Rules;
import dev.jvmtune.core.rules.Verdict;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The human-readable summary of {@code analyze}: plain text that can be pasted into a bug report. */
public final class TextReport {

    private TextReport() {
    }

    /** The findings first: what a person reads before the figures that back them. */
    private static void findings(PrintStream out, List<Finding> findings) {
        if (findings.isEmpty()) {
            out.println("Findings  none of the rules fired");
            out.println();
            return;
        }
        out.println("Findings");
        for (Finding f : findings) {
            out.printf(Locale.ROOT, "  %-8s %s  [%s, score %d]%n", f.severity(), f.title(), f.ruleId(), f.score());
            for (String e : f.evidence()) {
                out.println("             " + e);
            }
            if (f.recommendation() != null && !f.recommendation().options().isEmpty()) {
                out.println("           try: " + String.join(" ", f.recommendation().options()));
                for (String step : f.recommendation().arithmetic()) {
                    out.println("             - " + step);
                }
            }
        }
        out.println();
    }

    public static void write(LogAnalysis run, PrintStream out) {
        JvmFacts jvm = run.jvm();
        Analysis a = run.summary();
        out.println("== " + run.name());
        out.println("JVM       " + describeJvm(jvm));
        String numa = describeNuma(jvm);
        if (numa != null) {
            out.println("NUMA      " + numa);
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
            out.printf(Locale.ROOT, "Recording %d file(s), %,d events, %s; covers %s%n",
                    run.inputs().size(), lines, mb(bytes), seconds(a.durationSec()));
        } else {
            out.printf(Locale.ROOT, "Log       %d file(s), %,d lines, %s, %,d unrecognized; covers %s%n",
                    run.inputs().size(), lines, mb(bytes), unrecognized, seconds(a.durationSec()));
        }
        out.println();
        RuleContext context = RuleContext.of(run);
        List<Finding> found = Rules.evaluate(context);
        VerdictText.write(out, Verdict.of(context, found));
        findings(out, found);

        PauseStats all = a.pauses();
        out.printf(Locale.ROOT, "%-18s %7s %11s %9s %9s %9s %9s %9s %9s%n", "Pauses (ms)", "count", "total",
                "mean", "p50", "p90", "p99", "p99.9", "max");
        row(out, "all", all);
        for (Map.Entry<GcKind, PauseStats> e : a.pausesByKind().entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).toList()) {
            row(out, "  " + e.getKey().name().toLowerCase(Locale.ROOT).replace('_', ' '), e.getValue());
        }
        Analysis.SteadyState st = a.steadyState();
        if (!Double.isNaN(st.warmupEndSec())) {
            row(out, "steady state", st.pauses());
        }
        out.println();
        if (!Double.isNaN(st.warmupEndSec())) {
            out.printf(Locale.ROOT, "Warm-up         ends at %.3f s, after %,d pauses%n", st.warmupEndSec(), st.warmupPauses());
        }
        if (a.pauseGoal() != null) {
            dev.jvmtune.core.analysis.PauseGoal goal = a.pauseGoal();
            out.printf(Locale.ROOT, "Pause goal      %s ms (%s): %,d of %,d pauses over it (%s), steady state %,d of %,d (%s)%n",
                    ms(goal.goalMs()), goal.source(), goal.overall().over(), goal.overall().pauses(),
                    pct(goal.overall().overPct()), goal.steady().over(), goal.steady().pauses(), pct(goal.steady().overPct()));
        }
        if (a.evacuation() != null) {
            dev.jvmtune.core.analysis.EvacuationSpeed ev = a.evacuation();
            String eden = Double.isNaN(ev.edenForGoalBytes()) ? ""
                    : String.format(Locale.ROOT, "; Eden cleared within the goal: %.0f MiB", ev.edenForGoalBytes() / 1048576.0);
            out.printf(Locale.ROOT, "Evacuation      %.1f MiB/ms median young (p10 %.1f, p90 %.1f)%s%n", ev.p50MBPerMs(),
                    ev.p10MBPerMs(), ev.p90MBPerMs(), eden);
        }
        out.printf(Locale.ROOT, "Throughput      %s of the time not paused by GC%n", pct(a.throughputPct()));
        out.printf(Locale.ROOT, "Full GCs        %d%n", a.fullGcCount());
        out.printf(Locale.ROOT, "Allocation      %s   promotion %s%n", rate(a.allocationRateMBps()),
                rate(a.promotionRateMBps()));
        if (a.concurrentCount() > 0) {
            out.printf(Locale.ROOT, "Concurrent      %,d phases, %.1f ms in total%n", a.concurrentCount(), a.concurrentMs());
        }
        if (a.safepoints().count() > 0) {
            // a JFR recording without jdk.SafepointStateSynchronization does not tell the time to reach them
            String reaching = Double.isNaN(a.safepoints().timeToSafepointMs()) ? ""
                    : String.format(Locale.ROOT, ", %.1f ms reaching them", a.safepoints().timeToSafepointMs());
            out.printf(Locale.ROOT, "Safepoints      %,d, stopped %.1f ms in total (%.1f ms not for GC%s), longest %.3f ms%n",
                    a.safepoints().count(), a.safepoints().totalMs(), a.safepoints().nonGcMs(), reaching,
                    a.safepoints().maxMs());
        }
        if (!a.incidents().isEmpty()) {
            List<String> incidents = new ArrayList<>();
            a.incidents().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> incidents.add(
                    e.getKey().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " " + e.getValue()));
            out.println("Incidents       " + String.join(", ", incidents));
        }
        jit(out, a);
        if (!a.pausesByCause().isEmpty()) {
            List<String> causes = new ArrayList<>();
            a.pausesByCause().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .limit(6).forEach(e -> causes.add(e.getKey() + " " + e.getValue()));
            out.println("Causes          " + String.join(", ", causes));
        }
        AnalysisText.write(out, a);
        List<String> notes = notes(run);
        if (!notes.isEmpty()) {
            out.println();
            for (String n : notes) {
                out.println("note: " + n);
            }
        }
        for (InputStats in : run.inputs()) {
            for (InputStats.LineSample w : in.warnings()) {
                out.println("warning: " + in.path() + (w.line() > 0 ? ":" + w.line() : "") + ": " + w.text());
            }
            for (InputStats.LineSample s : in.samples()) {
                out.println("skipped: " + in.path() + ":" + s.line() + ": " + s.text());
            }
        }
    }

    /** Code cache, compilation and CPU load lines, present for JFR recordings. */
    private static void jit(PrintStream out, Analysis a) {
        if (a.codeCache() != null) {
            List<String> heaps = new ArrayList<>();
            for (Analysis.CodeHeap h : a.codeCache().heaps()) {
                heaps.add(String.format(Locale.ROOT, "%s %s of %s", h.name(), mb(h.peakUsedBytes()),
                        mb(h.reservedBytes())));
            }
            out.printf(Locale.ROOT, "Code cache      peak %s; %d full event(s)%n", String.join(", ", heaps),
                    a.codeCache().fullEvents());
        }
        if (a.compilation() != null) {
            Analysis.Compilations c = a.compilation();
            out.printf(Locale.ROOT, "Compilation     %,d recorded, %.1f ms in total, longest %.3f ms, %d failed%n",
                    c.count(), c.totalMs(), c.maxMs(), c.failures());
        }
        if (a.cpuLoad() != null) {
            Analysis.CpuLoad c = a.cpuLoad();
            out.printf(Locale.ROOT, "CPU load        JVM mean %.1f %%, max %.1f %%; machine mean %.1f %%, max %.1f %%%n",
                    c.meanJvmPct(), c.maxJvmPct(), c.meanMachinePct(), c.maxMachinePct());
        }
    }

    /** What the log cannot tell, and the logging that would. */
    private static List<String> notes(LogAnalysis run) {
        List<String> notes = new ArrayList<>();
        Analysis a = run.summary();
        String collector = run.jvm().collector();
        if ("ZGC".equals(collector) && a.pauses().count() == 0) {
            notes.add("ZGC logs its pauses under gc+phases, which this log lacks: run with -Xlog:gc*");
        }
        if (Double.isNaN(a.durationSec())) {
            notes.add("the log has no time decorations, so rates and throughput are unknown: "
                    + "run with -Xlog:gc*:file=gc.log:time,uptime,level,tags");
        }
        if ("Epsilon".equals(collector)) {
            notes.add("Epsilon never collects: there are no pauses to analyze");
        }
        return notes;
    }

    /** "G1, JDK 17.0.15, 2 CPUs, heap 64 MiB initial, 256 MiB max, regions 1 MiB"; the HTML report's too. */
    public static String describeJvm(JvmFacts f) {
        List<String> parts = new ArrayList<>();
        parts.add(f.collector() == null ? "collector unknown" : f.collector());
        if (f.version() != null) {
            parts.add("JDK " + f.version());
        }
        if (f.cpusAvailable() > 0) {
            parts.add(f.cpusAvailable() + (f.cpusAvailable() == 1 ? " CPU" : " CPUs"));
        }
        if (f.heapMaxBytes() > 0) {
            String heap = "heap " + (f.heapInitialBytes() > 0 ? mb(f.heapInitialBytes()) + " initial, " : "")
                    + mb(f.heapMaxBytes()) + " max";
            parts.add(heap);
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
            s.byNode().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> nodes.add(String.format(
                    Locale.ROOT, "node %d %s", e.getKey(), pct(e.getValue().pct()))));
            parts.add(String.format(Locale.ROOT, "%s %s (%,d/%,d over %d GCs%s)", s.name().toLowerCase(Locale.ROOT),
                    pct(s.pct()), s.hits(), s.requests(), s.collections(),
                    nodes.isEmpty() ? "" : "; " + String.join(", ", nodes)));
        }
        return String.join("; ", parts);
    }

    private static void row(PrintStream out, String label, PauseStats p) {
        out.printf(Locale.ROOT, "%-18s %7d %11.1f %9s %9s %9s %9s %9s %9s%n", label, p.count(), p.totalMs(),
                ms(p.meanMs()), ms(p.p50Ms()), ms(p.p90Ms()), ms(p.p99Ms()), ms(p.p999Ms()), ms(p.maxMs()));
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, v >= 100 ? "%.1f" : "%.3f", v);
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "unknown" : String.format(Locale.ROOT, "%.2f %%", v);
    }

    private static String rate(double v) {
        return Double.isNaN(v) ? "unknown" : String.format(Locale.ROOT, "%.1f MiB/s", v);
    }

    private static String seconds(double v) {
        if (Double.isNaN(v)) {
            return "unknown time";
        }
        if (v >= 3600) {
            return String.format(Locale.ROOT, "%.2f h", v / 3600);
        }
        return v >= 120 ? String.format(Locale.ROOT, "%.1f min", v / 60) : String.format(Locale.ROOT, "%.2f s", v);
    }

    static String mb(long bytes) {
        if (bytes < 0) {
            return "?";
        }
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%.0f KiB", bytes / 1024.0);
    }
}
