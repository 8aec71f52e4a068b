package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.core.analysis.Analysis;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

/** The differences between two runs, one row per key figure, coloured by whether B is better than A. */
final class ComparisonTable {

    private ComparisonTable() {
    }

    private record Row(String label, ToDoubleFunction<Analysis> value, DoubleFunction<String> format,
                       boolean lowerIsBetter) {
    }

    private static final Row[] ROWS = {
        new Row("pauses", a -> a.pauses().count(), v -> Figures.count((long) v), true),
        new Row("total pause time", a -> a.pauses().totalMs(), Figures::ms, true),
        new Row("mean pause", a -> a.pauses().meanMs(), Figures::ms, true),
        new Row("p50 pause", a -> a.pauses().p50Ms(), Figures::ms, true),
        new Row("p90 pause", a -> a.pauses().p90Ms(), Figures::ms, true),
        new Row("p99 pause", a -> a.pauses().p99Ms(), Figures::ms, true),
        new Row("p99.9 pause", a -> a.pauses().p999Ms(), Figures::ms, true),
        new Row("longest pause", a -> a.pauses().maxMs(), Figures::ms, true),
        new Row("steady-state p99", a -> a.steadyState().pauses().p99Ms(), Figures::ms, true),
        new Row("pauses over the goal", a -> a.pauseGoal() == null ? Double.NaN : a.pauseGoal().overall().over(),
                v -> Double.isNaN(v) ? Figures.UNKNOWN : Figures.count((long) v), true),
        new Row("throughput", Analysis::throughputPct, Figures::pct, false),
        new Row("Full GCs", a -> a.fullGcCount(), v -> Figures.count((long) v), true),
        new Row("allocation rate", Analysis::allocationRateMBps, Figures::rate, false),
        new Row("promotion rate", Analysis::promotionRateMBps, Figures::rate, true),
        new Row("concurrent GC time", a -> a.concurrent().totalMs(), Figures::ms, true),
        new Row("stopped not for GC", a -> a.safepoints().nonGcMs(), Figures::ms, true),
        new Row("log covers", Analysis::durationSec, Figures::seconds, false),
    };

    static void write(StringBuilder b, String nameA, Analysis a, String nameB, Analysis bb) {
        b.append("<section class=\"compare\"><h3>Differences</h3><p class=\"sides\"><b>A</b> ").append(escape(nameA))
                .append("<br><b>B</b> ").append(escape(nameB)).append("</p><table class=\"num\"><thead><tr><th></th>"
                        + "<th>A</th><th>B</th><th>B vs A</th></tr></thead><tbody>");
        for (Row r : ROWS) {
            double va = r.value.applyAsDouble(a);
            double vb = r.value.applyAsDouble(bb);
            String change = Figures.change(va, vb);
            String cls = change.isEmpty() || va == vb ? "" : (vb < va) == r.lowerIsBetter ? "better" : "worse";
            if (r.label.equals("allocation rate") || r.label.equals("log covers")) {
                cls = ""; // a property of the workload, neither better nor worse
            }
            b.append("<tr><td>").append(r.label).append("</td><td>").append(r.format.apply(va)).append("</td><td>")
                    .append(r.format.apply(vb)).append("</td><td class=\"").append(cls).append("\">").append(change)
                    .append("</td></tr>");
        }
        b.append("</tbody></table></section>\n");
    }
}
