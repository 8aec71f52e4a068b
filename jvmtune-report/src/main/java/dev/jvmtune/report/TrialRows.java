package dev.jvmtune.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.store.StoredTrial;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trials of an experiment as {@code results trials} lists them ({@link #FORMATS}): a table, CSV or JSON,
 * each with the metrics of {@code metrics} as metrics.
 *
 * @param metrics the metrics' stable names, in the order of their metrics
 */
public record TrialRows(List<StoredTrial> trials, List<String> metrics) {

    /** The formats of {@code results trials}: an experiment's stored trials, one row each. */
    public static final Formats<TrialRows> FORMATS = Formats.<TrialRows>of("the trial list")
            .with(FormatType.TEXT, v -> (t, out) -> t.table(out))
            .with(FormatType.JSON, v -> (t, out) -> t.json(out))
            .with(FormatType.CSV, v -> (t, out) -> t.csv(out));

    /** The trials document's shape: changes only when one of its fields is renamed or removed. */
    static final int SCHEMA_VERSION = 1;

    record Document(int schemaVersion, String tool, List<Trial> trials) {
    }

    /** A trial in the document: the stored trial's fields, its parameters and the metrics asked for. */
    record Trial(String experiment, int seq, String config, String jdk, String jdkVersion, String flagSet, String flags,
                 int repeat, boolean warmup, String outcome, int exitCode, double wallSec, long peakRssBytes,
                 String started, String outDir, String notes, Map<String, String> params, Map<String, Double> metrics) {
    }

    private void table(OutputStream out) {
        boolean[] right = new boolean[5 + metrics.size()];
        right[0] = true;
        java.util.Arrays.fill(right, 5, right.length, true);
        TextTable table = new TextTable(right);
        List<String> head = new ArrayList<>(List.of("seq", "config", "params", "rep", "outcome"));
        head.addAll(metrics);
        table.row(head.toArray(String[]::new));
        for (StoredTrial t : trials) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(t.seq()), t.config(), params(t),
                    t.warmup() ? "w" : Integer.toString(t.repeat()), t.outcome()));
            metrics.forEach(c -> row.add(Metrics.format(c, t.metric(c))));
            table.row(row.toArray(String[]::new));
        }
        PrintStream o = new PrintStream(out, false, StandardCharsets.UTF_8);
        table.print(o);
        o.flush();
    }

    private void csv(OutputStream out) throws IOException {
        List<String> params = new ArrayList<>(trials.stream().flatMap(t -> t.params().keySet().stream())
                .collect(java.util.stream.Collectors.toCollection(java.util.LinkedHashSet::new)));
        List<String> head = new ArrayList<>(List.of("experiment", "seq", "config", "jdk", "jdk_version", "flag_set",
                "flags", "repeat", "warmup", "outcome", "exit_code", "wall_sec", "peak_rss_bytes", "started", "out_dir"));
        head.addAll(params);
        head.addAll(metrics);
        CsvTable csv = new CsvTable(out);
        csv.row(head);
        for (StoredTrial t : trials) {
            List<String> row = new ArrayList<>(List.of(t.experimentId(), Integer.toString(t.seq()), t.config(), t.jdk(),
                    t.jdkVersion(), t.flagSet(), t.flags(), Integer.toString(t.repeat()), Boolean.toString(t.warmup()),
                    t.outcome(), Integer.toString(t.exitCode()), CsvTable.figure(t.wallSec()),
                    Long.toString(t.peakRssBytes()), t.started(), t.outDir()));
            params.forEach(p -> row.add(t.params().getOrDefault(p, "")));
            metrics.forEach(c -> row.add(CsvTable.figure(t.metric(c))));
            csv.row(row);
        }
        csv.flush();
    }

    /** The trials document: {@code {"schemaVersion", "tool", "trials": [...]}} (docs/json.md). */
    private void json(OutputStream out) throws IOException {
        List<Trial> rows = new ArrayList<>();
        for (StoredTrial t : trials) {
            Map<String, Double> figures = new LinkedHashMap<>();
            metrics.stream().filter(c -> !Double.isNaN(t.metric(c))).forEach(c -> figures.put(c, t.metric(c)));
            rows.add(new Trial(t.experimentId(), t.seq(), t.config(), t.jdk(), t.jdkVersion(), t.flagSet(), t.flags(),
                    t.repeat(), t.warmup(), t.outcome(), t.exitCode(), t.wallSec(), t.peakRssBytes(), t.started(),
                    t.outDir(), t.notes(), t.params(), figures));
        }
        try (JsonGenerator g = RecordJson.FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            DocumentRoot root = DocumentRoot.of(SCHEMA_VERSION);
            RecordJson.write(g, new Document(root.schemaVersion(), root.tool(), rows));
            g.writeRaw('\n');
        }
        out.flush();
    }

    private static String params(StoredTrial t) {
        return String.join(" ", t.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }
}
