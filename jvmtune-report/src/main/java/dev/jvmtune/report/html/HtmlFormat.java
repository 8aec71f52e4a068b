package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.jvmtune.core.analysis.chart.RunSeries;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.report.RunComparison;
import dev.jvmtune.report.RecordJson;
import dev.jvmtune.report.RunFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The single-file HTML report: each run's sections as HTML in the order of the text report ({@link RunSection}),
 * its chart series ({@link RunSeries}, gathered by core while the log was read) as JSON in a script element, and
 * the chart library and the page's script inlined, so the file opens in any browser offline. The page draws what
 * the runs hold; it computes nothing.
 */
public final class HtmlFormat implements RunFormat {

    private static final ScriptSafe SCRIPT_SAFE = new ScriptSafe();

    private final String version;

    public HtmlFormat(String toolVersion) {
        this.version = toolVersion;
    }

    /** One run's chart data: its name and its series (null when the read gathered none: no charts). */
    public record ChartRun(String name, RunSeries series) {
    }

    /** What the page's script reads: the runs' series, side by side when {@code mode} is {@code compare}. */
    public record Data(String mode, List<ChartRun> runs) {
    }

    @Override
    public void write(List<Run> runs, OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder(1 << 16);
        String title = runs.size() == 1 ? fileName(runs.get(0).name()) : runs.size() + " runs";
        head(b, "GC report", title, version);
        List<ChartRun> data = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            b.append("<section class=\"run\">\n");
            new RunSection(b).write(run);
            b.append("<div class=\"charts\" data-run=\"").append(i).append("\"></div></section>\n");
            data.add(new ChartRun(run.name(), run.series()));
        }
        tail(b, data(new Data("runs", data)), out);
    }

    /** Run B against run A: the headline and differences, their charts overlaid, then each run's own section. */
    public void compare(RunComparison c, OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder(1 << 16);
        head(b, "GC report", fileName(c.a().name()) + " vs " + fileName(c.b().name()), version);
        tail(b, data(new Data("compare", compared(b, c, c.a().name(), c.b().name()))), out);
    }

    /**
     * The body of a comparison: the headline and table of differences (each side titled with its label and
     * {@code whatA}, {@code whatB}: a file name, a flag line), the overlaid charts, each run's own section under its
     * label; returns the runs' chart data.
     */
    static List<ChartRun> compared(StringBuilder b, RunComparison c, String whatA, String whatB) {
        ComparisonTable.write(b, c, whatA, whatB);
        b.append("<section class=\"run\"><h3>Overlaid (time since each log's start)</h3>"
                + "<div class=\"charts\" data-compare=\"1\"></div></section>\n");
        String[] labels = {c.labelA(), c.labelB()};
        Run[] runs = {c.a(), c.b()};
        List<ChartRun> data = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            b.append("<section class=\"run side-").append(i == 0 ? "a" : "b").append("\"><p class=\"side\">")
                    .append(escape(labels[i])).append("</p>\n");
            new RunSection(b).write(runs[i]);
            b.append("<div class=\"charts\" data-run=\"").append(i).append("\"></div></section>\n");
            data.add(new ChartRun(runs[i].name(), runs[i].series()));
        }
        return data;
    }

    /** The page's data as JSON: what {@code jvmtune-data} holds, and what the golden files of the HTML keep. */
    public static String data(Data data) {
        return json(data);
    }

    /** Any page's data (records of plain values) as JSON safe inside a script element. */
    static String json(Object data) {
        StringWriter w = new StringWriter(1 << 16);
        try (JsonGenerator g = RecordJson.FACTORY.createGenerator(w)) {
            g.setCharacterEscapes(SCRIPT_SAFE);
            RecordJson.write(g, data);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
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

    /** The rest of the page: the chart data (JSON safe inside a script element), the chart library and the script. */
    static void tail(StringBuilder b, String data, OutputStream out) throws IOException {
        b.append("</main>\n<script type=\"application/json\" id=\"jvmtune-data\">");
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.append(b);
        w.append(data);
        w.append("</script>\n<script>");
        w.flush();
        out.write(ChartLibrary.script());
        w.append("</script>\n<script>\n");
        w.append(resource("report.js"));
        w.append("</script>\n</body></html>\n");
        w.flush();
    }

    private static String resource(String name) {
        try (InputStream in = HtmlFormat.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Strings from logs inside a script element: {@code <}, {@code >} and {@code &} as {@code \}u escapes (so
     * neither {@code </script>} nor {@code <!--} can appear), and U+2028/U+2029, which are line ends to older
     * JavaScript engines; control characters are escaped by JSON itself.
     */
    private static final class ScriptSafe extends CharacterEscapes {
        private final int[] escapes;

        ScriptSafe() {
            escapes = standardAsciiEscapesForJSON();
            escapes['<'] = ESCAPE_STANDARD;
            escapes['>'] = ESCAPE_STANDARD;
            escapes['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch == '\u2028' ? new SerializedString("\\u2028") : ch == '\u2029' ? new SerializedString("\\u2029")
                    : null;
        }
    }
}
