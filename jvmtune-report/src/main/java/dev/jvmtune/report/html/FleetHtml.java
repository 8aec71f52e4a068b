package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.report.Fleet;
import dev.jvmtune.report.Fleet.Table;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * A fleet of JVMs ({@link Fleet}) as a single-file HTML page in the style of the GC report (same template, escaping and
 * inlined chart library): the fleet views' results as tables, with charts of the rankings, the p99 of each
 * service as a box and the days as lines. The tables are the page's content (readable without scripts, in
 * rank order); the charts only draw them.
 */
public final class FleetHtml {

    /** The sections in order: view, heading, what it shows. */
    private static final String[][] SECTIONS = {
        {"pause_goal_misses", "Services by pause-goal misses",
            "Services ranked by runs that missed their pause goal (more than 1% of the steady-state pauses over it), "
                + "then by pauses over the goal. Runs without a known goal count in runs only."},
        {"findings_by_rule", "Findings",
            "How often each rule fired (runs, services), and the time lost: the pause time the rule's cost is made "
                + "of (its pauses, or the part of pause time it weighs), over the runs it fired in; unknown (\u2013) "
                + "for a rule whose time is no pause time (stalls, concurrent CPU) or memory."},
        {"collectors_in_use", "Collectors in use", "Runs per collector."},
        {"jdks_in_use", "JDKs in use", "Runs per JDK feature release (from the log's version line; 8 for a JDK 6-8 "
                + "log without one, 9 for a unified log without one)."},
        {"p99_by_service", "p99 by service", "Steady-state p99 pause of each run: minimum, quartiles and maximum per "
                + "service."},
        {"by_date", "Day by day", "Per day (the path's date from --pattern, else the run's first wall-clock line): the "
                + "median and p90 of the runs' p99, goal misses, and the JDKs and collectors seen. A run whose log has "
                + "uptimes only is undated: it is in no day, no trend and neither side of the split."},
        {"jdks_by_date", "JDKs by day", "Runs per JDK and day: a JDK rollout shows as one colour replacing another."},
        {"before_after", "Before and after", "Per service with runs on both sides of the split day: runs, median "
                + "steady-state p99 and goal misses before it and from it on."},
        {"errors_by_message", "Inputs that could not be analyzed", "Files in the errors table, by message."},
    };

    private FleetHtml() {
    }

    /**
     * The page of {@code fleet}, naming {@code version} as the jvmtune that wrote it; its data is the fleet's
     * document ({@link Fleet#document}).
     */
    public static void write(Fleet fleet, String version, OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder(1 << 15);
        HtmlFormat.head(b, "Fleet", fleet.title(), version);
        b.append("<section class=\"run\"><div class=\"figures\">");
        fleet.figures().forEach((label, value) -> b.append("<div class=\"card\"><div class=\"label\">")
                .append(escape(label)).append("</div><div class=\"value\">").append(escape(value))
                .append("</div></div>"));
        b.append("</div>\n<div class=\"charts\" data-fleet=\"1\"></div></section>\n");
        for (String[] s : SECTIONS) {
            Table t = fleet.tables().get(s[0]);
            if (t == null) {
                continue;
            }
            String title = s[0].equals("before_after") && fleet.rollout() != null
                    ? s[1] + " " + fleet.rollout() : s[1];
            table(b, s[0], title, s[2], t);
        }
        HtmlFormat.tail(b, HtmlFormat.json(fleet.document()), out);
    }

    private static void table(StringBuilder b, String id, String title, String help, Table t) {
        b.append("<section class=\"compare fleet\" id=\"").append(id).append("\"><h3>").append(escape(title))
                .append("</h3><p class=\"help\">").append(escape(help)).append("</p>");
        if (t.rows().isEmpty()) {
            b.append("<p class=\"missing\">None.</p></section>\n");
            return;
        }
        b.append("<table class=\"num\"><thead><tr>");
        t.columns().forEach(c -> b.append("<th>").append(escape(c)).append("</th>"));
        b.append("</tr></thead><tbody>");
        for (List<Object> row : t.rows()) {
            b.append("<tr>");
            row.forEach(v -> b.append("<td>").append(escape(cell(v))).append("</td>"));
            b.append("</tr>");
        }
        b.append("</tbody></table></section>\n");
    }

    private static String cell(Object v) {
        if (v == null) {
            return "\u2013";
        }
        if (v instanceof Double d) {
            return d.isNaN() ? "\u2013" : Math.abs(d) >= 100 ? String.format("%,.0f", d) : String.format("%.3g", d);
        }
        if (v instanceof Number n) {
            return String.format("%,d", n.longValue());
        }
        if (v instanceof List<?> l) {
            return String.join(", ", l.stream().map(FleetHtml::cell).toList());
        }
        return v.toString();
    }
}
