package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.report.FormatType;
import dev.jvmtune.report.Formats;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fleet of JVMs as a single-file HTML page in the style of the GC report (same template, escaping and
 * inlined chart library): the fleet views' results as tables, with charts of the rankings, the p99 of each
 * service as a box and the days as lines. The tables are the page's content (readable without scripts, in
 * rank order); the charts only draw them.
 */
public final class FleetHtml {

    /** A query's result: column names and rows of strings, numbers, booleans, lists or nulls. */
    public record Table(List<String> columns, List<List<Object>> rows) {
        public Table {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
        }
    }

    /**
     * What the page shows. {@code tables} by view name: {@code pause_goal_misses}, {@code findings_by_rule},
     * {@code collectors_in_use}, {@code jdks_in_use}, {@code p99_by_service}, {@code by_date}, {@code jdks_by_date},
     * {@code before_after}, {@code errors_by_message}; a missing one is left out.
     *
     * @param figures     headline figures in order (label to value)
     * @param rollout     the day {@code before_after} splits at; null when no run has a date
     * @param undatedRuns runs whose logs have uptimes only: no day to place them on, so in no view by day
     */
    public record Page(String title, Map<String, String> figures, String rollout, long undatedRuns,
                       Map<String, Table> tables) {
        public Page {
            figures = new LinkedHashMap<>(figures);
            tables = new LinkedHashMap<>(tables);
        }
    }

    /**
     * The version of the page's data ({@code {"schemaVersion", "tool", "rollout", "undatedRuns", "tables"}}, in
     * docs/json.md): fields are added freely, never renamed or removed without a new version.
     */
    static final int SCHEMA_VERSION = 1;

    /** The formats of the fleet's report: its page ({@code report.html}). */
    public static final Formats<Page> FORMATS = Formats.<Page>of("the fleet report")
            .with(FormatType.HTML, v -> (p, out) -> write(p, v, out));

    /** What the page's script reads: the tables shown, in the order of the page. */
    record Data(int schemaVersion, String tool, String rollout, long undatedRuns, Map<String, Table> tables) {
    }

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

    /** The page of {@code page}, naming {@code version} as the jvmtune that wrote it. */
    public static void write(Page page, String version, OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder(1 << 15);
        HtmlFormat.head(b, "Fleet", page.title(), version);
        b.append("<section class=\"run\"><div class=\"figures\">");
        page.figures().forEach((label, value) -> b.append("<div class=\"card\"><div class=\"label\">")
                .append(escape(label)).append("</div><div class=\"value\">").append(escape(value))
                .append("</div></div>"));
        b.append("</div>\n<div class=\"charts\" data-fleet=\"1\"></div></section>\n");
        Map<String, Table> shown = new LinkedHashMap<>();
        for (String[] s : SECTIONS) {
            Table t = page.tables().get(s[0]);
            if (t == null) {
                continue;
            }
            String title = s[0].equals("before_after") && page.rollout() != null
                    ? s[1] + " " + page.rollout() : s[1];
            table(b, s[0], title, s[2], t);
            shown.put(s[0], t);
        }
        DocumentRoot root = DocumentRoot.of(SCHEMA_VERSION);
        HtmlFormat.tail(b, HtmlFormat.json(new Data(root.schemaVersion(), root.tool(), page.rollout(),
                page.undatedRuns(), shown)), out);
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
