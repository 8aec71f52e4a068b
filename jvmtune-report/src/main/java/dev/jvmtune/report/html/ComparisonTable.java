package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.report.RunComparison;
import dev.jvmtune.report.Differences;

/**
 * A comparison's headline and its differences ({@link RunComparison}), one row per key figure, coloured better or
 * worse.
 */
final class ComparisonTable {

    private ComparisonTable() {
    }

    /**
     * The headline, then the table titled with each side's label and what it is ({@code whatA}, {@code whatB}); the
     * change column reads "B vs A".
     */
    static void write(StringBuilder b, RunComparison c, String whatA, String whatB) {
        String a = escape(c.labelA());
        String bl = escape(c.labelB());
        b.append("<section class=\"compare\"><p class=\"headline\">")
                .append(escape(c.headline().text())).append("</p><h3>Differences</h3><p class=\"sides\"><b>").append(a)
                .append("</b> ").append(escape(whatA)).append("<br><b>").append(bl).append("</b> ")
                .append(escape(whatB)).append("</p><table class=\"num\"><thead><tr><th></th><th>").append(a)
                .append("</th><th>").append(bl).append("</th><th>").append(bl).append(" vs ").append(a)
                .append("</th></tr></thead><tbody>");
        for (Differences.Row r : c.differences()) {
            b.append("<tr data-key=\"").append(r.key()).append("\"><td>").append(r.label()).append("</td><td>")
                    .append(r.aText()).append("</td><td>").append(r.bText()).append("</td><td class=\"")
                    .append(r.verdict()).append("\">").append(r.change()).append("</td></tr>");
        }
        b.append("</tbody></table></section>\n");
    }
}
