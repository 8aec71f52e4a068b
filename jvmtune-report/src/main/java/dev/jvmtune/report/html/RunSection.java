package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.GcCpu;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.analysis.PoolPeak;
import dev.jvmtune.core.analysis.chart.ChartSeries;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.Severity;
import dev.jvmtune.core.rules.Verdict;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.report.Summary;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The HTML of one run above its charts, in the order of the text report - the JVM and the input, the verdict,
 * the findings with their evidence and the flags to copy, the pause table, every figure line of the text
 * ({@link Summary}), notes, warnings and skipped lines - each block marked {@code data-section} with the label the
 * text gives it; plus what people look at instead of reading: key figures as cards, the sizes of the generations,
 * GC CPU, the JVM's facts and flags, every cause. Every string from a log goes through {@link HtmlText#escape}.
 */
final class RunSection {

    private final StringBuilder b;

    RunSection(StringBuilder b) {
        this.b = b;
    }

    void write(Run run) {
        Analysis a = run.summary();
        b.append("<header class=\"run-head\"><h2>").append(escape(run.name())).append("</h2>");
        for (Summary.Line l : Summary.head(run)) {
            b.append("<p class=\"jvm\" data-section=\"").append(escape(l.label())).append("\"><b>")
                    .append(escape(l.label())).append("</b> ").append(escape(l.text())).append("</p>");
        }
        b.append("</header>\n");
        verdict(run.verdict(), run.findings());
        figures(a);
        findings(run.findings());
        pauseTable(a);
        summary(a);
        memory(a);
        gcCpu(a.gcCpu());
        causes(a);
        jvm(run.jvm());
        notes(run);
    }

    /**
     * The same verdict as the text and JSON reports, with the merged flag line to copy. The badge says why the
     * run is marked: the goal missed, else the most severe finding.
     */
    private void verdict(Verdict v, List<Finding> findings) {
        Severity worst = findings.isEmpty() ? null : findings.get(0).severity();
        boolean missed = Boolean.FALSE.equals(v.goalMet());
        boolean incomplete = !v.incomplete().isEmpty();
        String level = missed || worst == Severity.CRITICAL ? "critical"
                : worst != null ? worst.name().toLowerCase(Locale.ROOT) : incomplete ? "warning" : "ok";
        String badge = missed ? "GOAL MISSED" : worst != null ? worst.name() : incomplete ? "INCOMPLETE" : "OK";
        long critical = findings.stream().filter(f -> f.severity() == Severity.CRITICAL).count();
        long warnings = findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
        b.append("<div class=\"verdict ").append(level).append("\" data-section=\"Verdict\"><span class=\"badge\">")
                .append(badge).append("</span><span class=\"headline\">").append(escape(v.goal()))
                .append("</span><span class=\"tally\">").append(findings.size())
                .append(findings.size() == 1 ? " finding" : " findings");
        if (!findings.isEmpty()) {
            b.append(": ").append(critical).append(" critical, ").append(warnings).append(" warning")
                    .append(warnings == 1 ? "" : "s");
        }
        b.append("</span>");
        for (String gap : v.incomplete()) {
            b.append("<p class=\"note incomplete\" data-section=\"Incomplete\"><strong>Figures incomplete:</strong> ").append(escape(gap))
                    .append("</p>");
        }
        if (!v.top().isEmpty()) {
            b.append("<ol class=\"top\">");
            for (Finding f : v.top()) {
                b.append("<li>").append(escape(f.title())).append(" <span class=\"rule\">")
                        .append(f.severity()).append(", ").append(escape(f.ruleId()))
                        .append(f.unsure() == null ? "" : ", unsure").append("</span><div class=\"cost\">")
                        .append(escape(f.cost().describe())).append("</div></li>");
            }
            b.append("</ol>");
        }
        if (!v.flags().isEmpty()) {
            b.append("<div class=\"flags\" data-section=\"Flags\"><code>").append(escape(String.join(" ", v.flags())))
                    .append("</code><button type=\"button\" class=\"copy\">Copy</button></div>");
        }
        for (String c : v.conflicts()) {
            b.append("<p class=\"note\">").append(escape(c)).append("</p>");
        }
        if (!v.alternative().isEmpty()) {
            b.append("<p class=\"note\" data-section=\"Or\">Or another collector: <code>")
                    .append(escape(String.join(" ", v.alternative()))).append("</code></p>");
        }
        b.append("</div>\n");
    }

    private void figures(Analysis a) {
        PauseGoal goal = a.pauseGoal();
        double goalMs = goal == null ? Double.NaN : goal.goalMs();
        String vsGoal = goal == null ? "no goal known (--pause-goal MS)" : "goal " + Figures.ms(goalMs)
                + " (" + goal.source() + ")";
        b.append("<div class=\"figures\">");
        card("Pauses", Figures.count(a.pauses().count()), "total " + Figures.ms(a.pauses().totalMs())
                + " over " + Figures.seconds(a.durationSec()), false);
        card("p99 pause", Figures.ms(a.pauses().p99Ms()), vsGoal, a.pauses().p99Ms() > goalMs);
        card("Longest pause", Figures.ms(a.pauses().maxMs()), goal == null ? "p99.9 " + Figures.ms(a.pauses().p999Ms())
                : Figures.count(goal.overall().over()) + " pauses over the goal", a.pauses().maxMs() > goalMs);
        if (a.stalls() == null || a.stalls().count() == 0) {
            card("Throughput", Figures.pct(a.throughputPct()), "time not paused by GC", a.throughputPct() < 95);
        } else {
            card("Throughput", Figures.pct(a.throughputPct()), "time not held up by GC; pauses alone "
                    + Figures.pct(a.pauseThroughputPct()), a.throughputPct() < 95);
            card("Held up", Figures.seconds(a.heldUp().totalMs() / 1000), "pauses " + Figures.ms(a.heldUp().pausesMs())
                    + " + stalls " + Figures.ms(a.heldUp().stallsMs()), a.heldUp().stallsMs() > a.heldUp().pausesMs());
        }
        card("Full GCs", Figures.count(a.fullGcCount()), a.fullGcCount() == 0 ? "none" : "stop-the-world, whole heap",
                a.fullGcCount() > 0);
        card("Allocation", Figures.rate(a.allocationRateMBps()), "promotion " + Figures.rate(a.promotionRateMBps()),
                false);
        if (a.heap().reclaimedBytes() >= 0) {
            card("Reclaimed", Figures.bytes(a.heap().reclaimedBytes()), "freed by collections, of "
                    + Figures.bytes(a.heap().allocatedBytes()) + " allocated", false);
        }
        Analysis.SteadyState st = a.steadyState();
        if (!Double.isNaN(st.warmupEndSec())) {
            card("Steady-state p99", Figures.ms(st.pauses().p99Ms()), "after warm-up ends at "
                    + Figures.seconds(st.warmupEndSec()), st.pauses().p99Ms() > goalMs);
        }
        if (a.safepoints().count() > 0) {
            card("Safepoints", Figures.count(a.safepoints().count()), Figures.ms(a.safepoints().nonGcMs())
                    + " stopped not for GC", false);
        }
        b.append("</div>\n");
    }

    private void card(String label, String value, String note, boolean bad) {
        b.append("<div class=\"card").append(bad ? " bad" : "").append("\"><div class=\"label\">").append(escape(label))
                .append("</div><div class=\"value\">").append(escape(value)).append("</div><div class=\"note\">")
                .append(escape(note)).append("</div></div>");
    }

    private void findings(List<Finding> findings) {
        b.append("<section class=\"findings\" data-section=\"Findings\"><h3>Findings</h3>\n");
        if (findings.isEmpty()) {
            b.append("<p class=\"none\">None of the rules fired.</p>");
        }
        for (Finding f : findings) {
            String sev = f.severity().name().toLowerCase(Locale.ROOT);
            b.append("<article class=\"finding ").append(sev).append("\"><div class=\"finding-head\"><span class=\"badge\">")
                    .append(sev.toUpperCase(Locale.ROOT)).append("</span> <span class=\"title\">")
                    .append(escape(f.title())).append("</span> <span class=\"rule\">").append(escape(f.ruleId()))
                    .append(", score ").append(f.score()).append("</span></div>");
            if (f.unsure() != null) {
                b.append("<p class=\"unsure\"><strong>Unsure:</strong> ").append(escape(f.unsure())).append("</p>");
            }
            if (!f.evidence().isEmpty()) {
                b.append("<ul class=\"evidence\">");
                for (String e : f.evidence()) {
                    b.append("<li>").append(escape(e)).append("</li>");
                }
                b.append("</ul>");
            }
            b.append("<p class=\"cost\"><strong>Costs</strong> ").append(escape(f.cost().describe()))
                    .append(" <span class=\"figures\">= ").append(escape(String.join("; ", f.cost().figures())))
                    .append("; from ").append(escape(f.cost().basis().describe())).append("</span></p>");
            if (f.recommendation() != null && (!f.recommendation().options().isEmpty()
                    || !f.recommendation().arithmetic().isEmpty())) {
                if (f.recommendation().options().isEmpty()) {
                    b.append("<p class=\"no-flag\">No flag:</p>");
                } else {
                    b.append("<div class=\"flags\"><code>").append(escape(String.join(" ",
                            f.recommendation().options()))).append("</code><button type=\"button\" class=\"copy\">"
                            + "Copy</button></div>");
                }
                if (!f.recommendation().arithmetic().isEmpty()) {
                    b.append("<ol class=\"arithmetic\">");
                    for (String s : f.recommendation().arithmetic()) {
                        b.append("<li>").append(escape(s)).append("</li>");
                    }
                    b.append("</ol>");
                }
            }
            b.append("</article>\n");
        }
        b.append("</section>\n");
    }

    private void pauseTable(Analysis a) {
        b.append("<section data-section=\"Pauses (ms)\"><h3>Pauses by kind</h3><table class=\"num\"><thead><tr>"
                + "<th>kind</th><th>count</th><th>total</th><th>mean</th><th>p50</th><th>p90</th><th>p99</th>"
                + "<th>p99.9</th><th>max</th></tr></thead><tbody>");
        row("all", a.pauses());
        for (Map.Entry<GcKind, PauseStats> e : a.pausesByKind().entrySet()) {
            row(ChartSeries.label(e.getKey()), e.getValue());
        }
        if (!Double.isNaN(a.steadyState().warmupEndSec())) {
            row("steady state", a.steadyState().pauses());
        }
        b.append("</tbody></table></section>\n");
    }

    private void row(String label, PauseStats p) {
        b.append("<tr><td>").append(escape(label)).append("</td><td>").append(Figures.count(p.count())).append("</td>");
        for (double v : new double[] {p.totalMs(), p.meanMs(), p.p50Ms(), p.p90Ms(), p.p99Ms(), p.p999Ms(), p.maxMs()}) {
            b.append("<td>").append(Figures.ms(v)).append("</td>");
        }
        b.append("</tr>");
    }

    /** Every figure line of the text report, with its label, in its order. */
    private void summary(Analysis a) {
        b.append("<section><h3>Figures</h3><table class=\"summary\"><tbody>");
        for (Summary.Line l : Summary.figures(a)) {
            b.append("<tr data-section=\"").append(escape(l.label())).append("\"><th>").append(escape(l.label()))
                    .append("</th><td>").append(escape(l.text())).append("</td></tr>");
        }
        b.append("</tbody></table></section>\n");
    }

    /** Allocated (the largest capacity logged) against peak use, per pool and for the whole heap. */
    private void memory(Analysis a) {
        if (a.poolPeaks().isEmpty()) {
            return;
        }
        b.append("<section class=\"memory\"><h3>Generations and heap: allocated vs peak</h3><table class=\"num\">"
                + "<thead><tr><th>pool</th><th>role</th><th>allocated</th><th>peak used</th><th>peak / allocated</th>"
                + "<th>collections</th></tr></thead><tbody>");
        for (PoolPeak p : a.poolPeaks()) {
            b.append("<tr><td>").append(escape(p.name())).append("</td><td>")
                    .append(p.role().name().toLowerCase(Locale.ROOT)).append("</td><td>")
                    .append(Figures.bytes(p.maxCapacityBytes())).append("</td><td>")
                    .append(Figures.bytes(p.peakUsedBytes())).append("</td><td>")
                    .append(p.maxCapacityBytes() > 0 && p.peakUsedBytes() >= 0
                            ? Figures.pct(100.0 * p.peakUsedBytes() / p.maxCapacityBytes()) : Figures.UNKNOWN)
                    .append("</td><td>").append(Figures.count(p.collections())).append("</td></tr>");
        }
        Analysis.HeapSizes h = a.heap();
        b.append("</tbody></table><p class=\"note\">Allocated ").append(Figures.bytes(h.allocatedBytes()))
                .append(", reclaimed ").append(Figures.bytes(h.reclaimedBytes()))
                .append(" by collections over the run.</p></section>\n");
    }

    private void gcCpu(GcCpu c) {
        if (c == null) {
            return;
        }
        b.append("<section class=\"gc-cpu\"><h3>GC CPU</h3><table class=\"num\"><thead><tr><th>pauses</th><th>user</th>"
                + "<th>sys</th><th>real</th><th>parallelism</th><th>real &gt; 1.2 x (user + sys)</th>"
                + "<th>sys &gt; user</th></tr></thead><tbody><tr><td>").append(Figures.count(c.pauses()))
                .append("</td><td>").append(Figures.seconds(c.userSec())).append("</td><td>")
                .append(Figures.seconds(c.sysSec())).append("</td><td>").append(Figures.seconds(c.realSec()))
                .append("</td><td>").append(Double.isNaN(c.parallelism()) ? Figures.UNKNOWN
                        : Rounding.text("%.2f", c.parallelism()))
                .append("</td><td>").append(Figures.count(c.realOverCpuPauses())).append(" of ")
                .append(Figures.count(c.judgedPauses())).append("</td><td>").append(Figures.count(c.sysOverUserPauses()))
                .append(" of ").append(Figures.count(c.judgedPauses())).append("</td></tr></tbody></table></section>\n");
    }

    private void causes(Analysis a) {
        if (a.pausesByCause().isEmpty()) {
            return;
        }
        b.append("<section><h3>Causes</h3><table class=\"num causes\"><thead><tr><th>cause</th><th>pauses</th></tr>"
                + "</thead><tbody>");
        a.pausesByCause().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(20)
                .forEach(e -> b.append("<tr><td>").append(escape(e.getKey())).append("</td><td>")
                        .append(Figures.count(e.getValue())).append("</td></tr>"));
        b.append("</tbody></table></section>\n");
    }

    /** Everything the log tells about the JVM, flags included, as logged. */
    private void jvm(JvmFacts f) {
        if (f.raw().isEmpty()) {
            return;
        }
        b.append("<details class=\"facts\"><summary>JVM facts and flags (").append(f.raw().size())
                .append(")</summary><table><tbody>");
        f.raw().forEach((k, v) -> b.append("<tr><th>").append(escape(k)).append("</th><td><code>").append(escape(v))
                .append("</code></td></tr>"));
        b.append("</tbody></table></details>\n");
    }

    private void notes(Run run) {
        for (String n : Summary.notes(run)) {
            b.append("<p class=\"note\" data-section=\"note\">note: ").append(escape(n)).append("</p>\n");
        }
        List<String> lines = Summary.inputProblems(run);
        if (!lines.isEmpty()) {
            b.append("<details class=\"warnings\"><summary>").append(lines.size())
                    .append(" warning(s) and skipped line(s)</summary><pre>");
            for (String l : lines) {
                String section = l.substring(0, l.indexOf(':'));
                b.append("<span data-section=\"").append(section).append("\">").append(escape(l)).append("</span>\n");
            }
            b.append("</pre></details>\n");
        }
    }
}
