package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.RuleContext;
import dev.jvmtune.core.rules.Rules;
import dev.jvmtune.core.rules.Severity;
import dev.jvmtune.core.rules.Verdict;
import dev.jvmtune.report.TextReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The HTML of one run above its charts: the verdict, the key figures against the goal, the findings with
 * their evidence and the flags to copy, the pause table, causes, and the inputs with their warnings. Every
 * string from a log goes through {@link HtmlText#escape}.
 */
final class RunSection {

    private final StringBuilder b;

    RunSection(StringBuilder b) {
        this.b = b;
    }

    void write(LogAnalysis run, RuleContext context) {
        Analysis a = run.summary();
        List<Finding> findings = Rules.evaluate(context);
        b.append("<header class=\"run-head\"><h2>").append(escape(run.name())).append("</h2><p class=\"jvm\">")
                .append(escape(TextReport.describeJvm(run.jvm()))).append(" &middot; ").append(escape(describeInputs(run)))
                .append("</p></header>\n");
        verdict(Verdict.of(context, findings), findings);
        figures(a);
        findings(findings);
        pauseTable(a);
        causes(a);
        inputs(run);
    }

    /** The same verdict as the text and JSON reports ({@link Verdict}), with the merged flag line to copy. */
    private void verdict(Verdict v, List<Finding> findings) {
        String level = Boolean.FALSE.equals(v.goalMet()) ? "critical"
                : findings.isEmpty() ? (v.incomplete().isEmpty() ? "ok" : "warning")
                : findings.get(0).severity().name().toLowerCase(Locale.ROOT);
        long critical = findings.stream().filter(f -> f.severity() == Severity.CRITICAL).count();
        long warnings = findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
        b.append("<div class=\"verdict ").append(level).append("\"><span class=\"badge\">")
                .append(level.toUpperCase(Locale.ROOT)).append("</span><span class=\"headline\">")
                .append(escape(v.goal())).append("</span><span class=\"tally\">")
                .append(findings.size()).append(findings.size() == 1 ? " finding" : " findings");
        if (!findings.isEmpty()) {
            b.append(": ").append(critical).append(" critical, ").append(warnings).append(" warning")
                    .append(warnings == 1 ? "" : "s");
        }
        b.append("</span>");
        for (String gap : v.incomplete()) {
            b.append("<p class=\"note incomplete\"><strong>Figures incomplete:</strong> ").append(escape(gap))
                    .append("</p>");
        }
        if (!v.top().isEmpty()) {
            b.append("<ol class=\"top\">");
            for (Finding f : v.top()) {
                b.append("<li>").append(escape(f.title())).append(" <span class=\"rule\">")
                        .append(escape(f.ruleId())).append("</span></li>");
            }
            b.append("</ol>");
        }
        if (!v.flags().isEmpty()) {
            b.append("<div class=\"flags\"><code>").append(escape(String.join(" ", v.flags())))
                    .append("</code><button type=\"button\" class=\"copy\">Copy</button></div>");
        }
        for (String c : v.conflicts()) {
            b.append("<p class=\"note\">").append(escape(c)).append("</p>");
        }
        if (!v.alternative().isEmpty()) {
            b.append("<p class=\"note\">Or another collector: <code>").append(escape(String.join(" ", v.alternative())))
                    .append("</code></p>");
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
        card("Throughput", Figures.pct(a.throughputPct()), "time not paused by GC", a.throughputPct() < 95);
        card("Full GCs", Figures.count(a.fullGcCount()), a.fullGcCount() == 0 ? "none" : "stop-the-world, whole heap",
                a.fullGcCount() > 0);
        card("Allocation", Figures.rate(a.allocationRateMBps()), "promotion " + Figures.rate(a.promotionRateMBps()),
                false);
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
        b.append("<section class=\"findings\"><h3>Findings</h3>\n");
        if (findings.isEmpty()) {
            b.append("<p class=\"none\">None of the rules fired.</p>");
        }
        for (Finding f : findings) {
            String sev = f.severity().name().toLowerCase(Locale.ROOT);
            b.append("<article class=\"finding ").append(sev).append("\"><div class=\"finding-head\"><span class=\"badge\">")
                    .append(sev.toUpperCase(Locale.ROOT)).append("</span> <span class=\"title\">")
                    .append(escape(f.title())).append("</span> <span class=\"rule\">").append(escape(f.ruleId()))
                    .append(", score ").append(f.score()).append("</span></div>");
            if (!f.evidence().isEmpty()) {
                b.append("<ul class=\"evidence\">");
                for (String e : f.evidence()) {
                    b.append("<li>").append(escape(e)).append("</li>");
                }
                b.append("</ul>");
            }
            if (f.recommendation() != null && !f.recommendation().options().isEmpty()) {
                b.append("<div class=\"flags\"><code>").append(escape(String.join(" ", f.recommendation().options())))
                        .append("</code><button type=\"button\" class=\"copy\">Copy</button></div>");
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
        b.append("<section><h3>Pauses by kind</h3><table class=\"num\"><thead><tr><th>kind</th><th>count</th>"
                + "<th>total</th><th>mean</th><th>p50</th><th>p90</th><th>p99</th><th>p99.9</th><th>max</th></tr>"
                + "</thead><tbody>");
        row("all", a.pauses());
        for (Map.Entry<GcKind, PauseStats> e : a.pausesByKind().entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).toList()) {
            row(ChartData.label(e.getKey()), e.getValue());
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

    private void inputs(LogAnalysis run) {
        List<String> lines = new ArrayList<>();
        for (InputStats in : run.inputs()) {
            for (InputStats.LineSample w : in.warnings()) {
                lines.add("warning: " + in.path() + (w.line() > 0 ? ":" + w.line() : "") + ": " + w.text());
            }
            for (InputStats.LineSample s : in.samples()) {
                lines.add("skipped: " + in.path() + ":" + s.line() + ": " + s.text());
            }
        }
        if (!lines.isEmpty()) {
            b.append("<details class=\"warnings\"><summary>").append(lines.size())
                    .append(" warning(s) and skipped line(s)</summary><pre>");
            for (String l : lines) {
                b.append(escape(l)).append('\n');
            }
            b.append("</pre></details>\n");
        }
    }

    private static String describeInputs(LogAnalysis run) {
        long lines = 0;
        long bytes = 0;
        long unrecognized = 0;
        for (InputStats in : run.inputs()) {
            lines += in.lines();
            bytes += in.bytes();
            unrecognized += in.unrecognizedLines();
        }
        return String.format(Locale.ROOT, "%d file(s), %,d lines, %s, %,d unrecognized; covers %s",
                run.inputs().size(), lines, Figures.mib(bytes), unrecognized,
                Figures.seconds(run.summary().durationSec()));
    }
}
