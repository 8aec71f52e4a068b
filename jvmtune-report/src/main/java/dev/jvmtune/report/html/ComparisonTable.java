package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.report.Differences;

/** The differences between two runs ({@link Differences}), one row per key figure, coloured better or worse. */
final class ComparisonTable {

    private ComparisonTable() {
    }

    /** The table, titled with each side's label and what it is; the change column reads "B vs A". */
    static void write(StringBuilder b, HtmlFormat.Side sideA, HtmlFormat.Side sideB) {
        b.append("<section class=\"compare\"><h3>Differences</h3><p class=\"sides\"><b>").append(escape(sideA.label()))
                .append("</b> ").append(escape(sideA.what())).append("<br><b>").append(escape(sideB.label()))
                .append("</b> ").append(escape(sideB.what()))
                .append("</p><table class=\"num\"><thead><tr><th></th><th>").append(escape(sideA.label()))
                .append("</th><th>").append(escape(sideB.label())).append("</th><th>").append(escape(sideB.label()))
                .append(" vs ").append(escape(sideA.label())).append("</th></tr></thead><tbody>");
        for (Differences.Row r : Differences.of(sideA.run().summary(), sideB.run().summary())) {
            b.append("<tr data-key=\"").append(r.key()).append("\"><td>").append(r.label()).append("</td><td>")
                    .append(r.aText()).append("</td><td>").append(r.bText()).append("</td><td class=\"")
                    .append(r.verdict()).append("\">").append(r.change()).append("</td></tr>");
        }
        b.append("</tbody></table></section>\n");
    }
}
