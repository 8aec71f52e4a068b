package dev.jvmtune.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.report.html.FleetHtml;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fleet of JVMs as {@code jvmtune fleet} reports it ({@link #FORMATS}): the results of the fleet views, computed by
 * Spark and rendered here, as JSON ({@code report.json}) and as a page ({@code report.html}, whose data is the same
 * document).
 *
 * @param title       the report's title ({@code --title})
 * @param figures     headline figures in order (label to value)
 * @param rollout     the day {@code before_after} splits at; null when no run has a date
 * @param undatedRuns runs whose logs have uptimes only: no day to place them on, so in no view by day
 * @param tables      by view name, in the order of the page: {@code pause_goal_misses}, {@code findings_by_rule},
 *                    {@code collectors_in_use}, {@code jdks_in_use}, {@code p99_by_service}, {@code by_date},
 *                    {@code jdks_by_date}, {@code before_after}, {@code errors_by_message}; a missing one is left out
 */
public record Fleet(String title, Map<String, String> figures, String rollout, long undatedRuns,
                    Map<String, Table> tables) {

    public Fleet {
        figures = new LinkedHashMap<>(figures);
        tables = new LinkedHashMap<>(tables);
    }

    /** A view's result: column names and rows of strings, numbers, booleans, lists or nulls. */
    public record Table(List<String> columns, List<List<Object>> rows) {
        public Table {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
        }
    }

    /** The fleet document's shape: fields are added freely, never renamed or removed without a new version. */
    static final int SCHEMA_VERSION = 1;

    /** The formats of the fleet's report: {@code report.json} and {@code report.html}. */
    public static final Formats<Fleet> FORMATS = Formats.<Fleet>of("the fleet report")
            .with(FormatType.JSON, v -> (f, out) -> f.json(out))
            .with(FormatType.HTML, v -> (f, out) -> FleetHtml.write(f, v, out));

    /** The document (docs/json.md): its root, then the fleet; the page's script reads the same. */
    public record Document(int schemaVersion, String tool, String title, Map<String, String> figures, String rollout,
                           long undatedRuns, Map<String, Table> tables) {
    }

    public Document document() {
        DocumentRoot root = DocumentRoot.of(SCHEMA_VERSION);
        return new Document(root.schemaVersion(), root.tool(), title, figures, rollout, undatedRuns, tables);
    }

    private void json(OutputStream out) throws IOException {
        try (JsonGenerator g = RecordJson.FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            RecordJson.write(g, document());
            g.writeRaw('\n');
        }
        out.flush();
    }
}
