package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.rules.RuleContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The single-file HTML report: figures and findings as HTML, the chart data as JSON in a script element,
 * and the chart library and the page's script inlined, so the file opens in any browser offline.
 */
public final class HtmlReport {

    private HtmlReport() {
    }

    /**
     * The report of {@code runs}, each with the chart series gathered while it was read ({@code charts}, in
     * the same order).
     */
    public static void write(List<LogAnalysis> runs, List<RunCharts> charts, String version, OutputStream out)
            throws IOException {
        if (runs.size() != charts.size()) {
            throw new IllegalArgumentException(runs.size() + " runs but " + charts.size() + " chart sets");
        }
        StringBuilder b = new StringBuilder(1 << 16);
        String title = runs.size() == 1 ? fileName(runs.get(0).name()) : runs.size() + " runs";
        head(b, "GC report", title, version);
        JsonText data = new JsonText().open().key("mode").string("runs").key("runs").openArray();
        for (int i = 0; i < runs.size(); i++) {
            LogAnalysis run = runs.get(i);
            b.append("<section class=\"run\">\n");
            new RunSection(b).write(run, RuleContext.of(run));
            b.append("<div class=\"charts\" data-run=\"").append(i).append("\"></div></section>\n");
            ChartData.write(data, run.name(), charts.get(i), run.summary());
        }
        data.closeArray().close();
        tail(b, data, out);
    }

    /** Run B against run A: the differences, their charts overlaid, then each run's own section. */
    public static void compare(LogAnalysis a, RunCharts chartsA, LogAnalysis bRun, RunCharts chartsB, String version,
                               OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder(1 << 16);
        head(b, "GC report", fileName(a.name()) + " vs " + fileName(bRun.name()), version);
        ComparisonTable.write(b, a.name(), a.summary(), bRun.name(), bRun.summary());
        b.append("<section class=\"run\"><h3>Overlaid (time since each log's start)</h3>"
                + "<div class=\"charts\" data-compare=\"1\"></div></section>\n");
        JsonText data = new JsonText().open().key("mode").string("compare").key("runs").openArray();
        LogAnalysis[] runs = {a, bRun};
        RunCharts[] charts = {chartsA, chartsB};
        for (int i = 0; i < 2; i++) {
            b.append("<section class=\"run side-").append(i == 0 ? "a" : "b").append("\"><p class=\"side\">")
                    .append(i == 0 ? "A" : "B").append("</p>\n");
            new RunSection(b).write(runs[i], RuleContext.of(runs[i]));
            b.append("<div class=\"charts\" data-run=\"").append(i).append("\"></div></section>\n");
            ChartData.write(data, runs[i].name(), charts[i], runs[i].summary());
        }
        data.closeArray().close();
        tail(b, data, out);
    }

    /** "/var/log/gc.log (run 2 from line 9)" -> "gc.log (run 2 from line 9)": the title, not the path. */
    static String fileName(String runName) {
        int paren = runName.indexOf(" (");
        String path = paren < 0 ? runName : runName.substring(0, paren);
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return runName.substring(slash + 1);
    }

    /** The page up to its main content: {@code "<kind>: <title>"} as heading, the style sheet, the provenance line. */
    static void head(StringBuilder b, String kind, String title, String version) {
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>jvmtune: ").append(escape(title)).append("</title><style>\n")
                .append(resource("report.css")).append("</style></head><body>\n<header class=\"top\"><h1>")
                .append(escape(kind)).append(": ").append(escape(title)).append("</h1><p>jvmtune ")
                .append(escape(version)).append(" &middot; ")
                .append(Instant.now().truncatedTo(ChronoUnit.MINUTES).toString().replace('T', ' ').replace("Z", " UTC"))
                .append(" &middot; charts by Apache ECharts ").append(escape(ChartLibrary.version()))
                .append("</p></header>\n<main>\n");
    }

    /** The rest of the page: the chart data, the chart library and the page's script. */
    static void tail(StringBuilder b, JsonText data, OutputStream out) throws IOException {
        b.append("</main>\n<script type=\"application/json\" id=\"jvmtune-data\">");
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.append(b);
        data.writeTo(w);
        w.append("</script>\n<script>");
        w.flush();
        out.write(ChartLibrary.script());
        w.append("</script>\n<script>\n");
        w.append(resource("report.js"));
        w.append("</script>\n</body></html>\n");
        w.flush();
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
