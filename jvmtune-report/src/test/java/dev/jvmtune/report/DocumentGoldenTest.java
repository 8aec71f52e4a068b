package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.Json;
import dev.jvmtune.lab.experiment.ExperimentSpec;
import dev.jvmtune.lab.stats.ExperimentSummary;
import dev.jvmtune.lab.store.ExperimentRow;
import dev.jvmtune.lab.store.StoredTrial;
import dev.jvmtune.tune.Journal;
import dev.jvmtune.tune.TuneReport;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every format of the documents beside the analysis and the comparison ({@link GoldenFilesTest}): an experiment's
 * summary and its trials, a tuning session and the fleet report, each built from stored results (trial records, a
 * session's {@code tune.json}, journal and two GC logs, the views of a fleet run) and checked against
 * {@code golden/NAME.EXT} ({@link Golden#checkEvery}). No JVM is started and no Spark session.
 */
class DocumentGoldenTest {

    private static final Path GOLDEN = GoldenFilesTest.GOLDEN;
    private static final String REGENERATE = "./mvnw -o -pl jvmtune-report -am test -Dtest=DocumentGoldenTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Djvmtune.golden=update";

    @Test
    void anExperimentsSummaryInEveryFormatMatchesItsGoldenFiles() throws IOException {
        ExperimentSpec spec = ExperimentSpec.parse(StoredTrials.SPEC);
        List<StoredTrial> trials = StoredTrials.sizes("sizes-1", "OUT");
        ExperimentSummary s = ExperimentSummary.of("sizes-1", spec, trials, spec.metric(), null, 9);
        Experiment e = new Experiment(s, new ExperimentRow("sizes-1", "sizes", StoredTrials.SPEC, 9, 18, "2026-11-23T08:00:00Z",
                "OUT", 18), spec, trials);
        Golden.assertNone(Golden.checkEvery(GOLDEN, "experiment-sizes", Experiment.FORMATS, e, x -> x, REGENERATE));
    }

    @Test
    void anExperimentsTrialsInEveryFormatMatchTheirGoldenFiles() throws IOException {
        TrialRows rows = new TrialRows(StoredTrials.sizes("sizes-1", "OUT"), List.of("wallSec", "footprint.rssPeakBytes", "gc.fullCount"));
        Golden.assertNone(Golden.checkEvery(GOLDEN, "trials-sizes", TrialRows.FORMATS, rows, x -> x, REGENERATE));
    }

    /**
     * A session that met its goal ({@code tuning-session/}: its {@code tune.json} and journal, and the GC logs of the
     * typical baseline and final trials), its directories written {@code SESSION}.
     */
    @Test
    void aTuningSessionInEveryFormatMatchesItsGoldenFiles(@TempDir Path dir) throws IOException {
        Path stored = resource("tuning-session");
        for (String trial : List.of("002", "008")) {
            Path log = dir.resolve("trials").resolve(trial).resolve("gc.log");
            Files.createDirectories(log.getParent());
            Files.copy(stored.resolve("trials").resolve(trial).resolve("gc.log"), log);
        }
        Path result = dir.resolve("tune.json");
        Files.writeString(result, Files.readString(stored.resolve("tune.json"), StandardCharsets.UTF_8)
                .replace("SESSION", dir.toString()), StandardCharsets.UTF_8);
        TuningSession session = TuningSession.read(TuneReport.read(result), "timeseries --days 14",
                Journal.trials(stored.resolve("tune.jsonl")));
        assertTrue(session.beforeAfter() != null, "the final flags' trial is compared with the baseline's");
        String tmp = dir.toString();
        Golden.assertNone(Golden.checkEvery(GOLDEN, "tuning-timeseries", TuningSession.FORMATS, session,
                x -> x.replace(tmp, "SESSION"), REGENERATE));
    }

    /** The fleet report (its document and page) of a fleet run's views as stored ({@code fleet/views.json}: two JVMs, four files refused). */
    @Test
    void theFleetReportInEveryFormatMatchesItsGoldenFiles() throws IOException {
        JsonNode v = Json.mapper().readTree(resource("fleet/views.json").toFile());
        Map<String, String> figures = new LinkedHashMap<>();
        v.get("figures").fields().forEachRemaining(f -> figures.put(f.getKey(), f.getValue().asText()));
        Map<String, Fleet.Table> tables = new LinkedHashMap<>();
        v.get("tables").fields().forEachRemaining(t -> {
            List<String> columns = new ArrayList<>();
            t.getValue().get("columns").forEach(c -> columns.add(c.asText()));
            List<List<Object>> rows = new ArrayList<>();
            t.getValue().get("rows").forEach(r -> {
                List<Object> row = new ArrayList<>();
                r.forEach(c -> row.add(value(c)));
                rows.add(row);
            });
            tables.put(t.getKey(), new Fleet.Table(columns, rows));
        });
        Fleet fleet = new Fleet(v.get("title").asText(), figures, v.get("rollout").asText(),
                v.get("undatedRuns").asLong(), tables);
        Golden.assertNone(Golden.checkEvery(GOLDEN, "fleet-gc-logs", Fleet.FORMATS, fleet, x -> x, REGENERATE));
    }

    /** A cell as Spark's row gives it: a string, a long, a double, a list or null. */
    private static Object value(JsonNode c) {
        if (c.isNull()) {
            return null;
        }
        if (c.isArray()) {
            List<Object> l = new ArrayList<>();
            c.forEach(x -> l.add(value(x)));
            return l;
        }
        return c.isIntegralNumber() ? (Object) c.asLong() : c.isNumber() ? (Object) c.asDouble() : c.asText();
    }

    /** A format a document does not have is refused, naming those it has. */
    @Test
    void aFormatTheDocumentDoesNotHaveIsRefused() {
        Formats.UnknownFormatException e = assertThrows(Formats.UnknownFormatException.class,
                () -> Fleet.FORMATS.create(FormatType.CSV, "golden"));
        assertEquals("the fleet report has no csv format: it has json, html", e.getMessage());
        assertEquals(FormatType.CSV, RunComparison.FORMATS.type("CSV"));
        assertEquals("the tuning session has no xml format: it has text, json, html",
                assertThrows(Formats.UnknownFormatException.class, () -> TuningSession.FORMATS.type("xml")).getMessage());
    }

    /**
     * docs/json.md's table of documents says what is so: each document's formats are those of its format table, and
     * each format has the golden file the row names ({@code NAME.*}), here or among the live window's.
     */
    @Test
    void theDocsTableOfDocumentsNamesTheirFormatsAndGoldenFiles() throws IOException {
        Map<String, Formats<?>> tables = Map.of("the analysis", RunFormat.FORMATS, "the comparison", RunComparison.FORMATS,
                "an experiment's summary", Experiment.FORMATS, "an experiment's trials", TrialRows.FORMATS,
                "a tuning session", TuningSession.FORMATS, "the fleet", Fleet.FORMATS);
        List<Path> dirs = List.of(GOLDEN, Path.of("..", "jvmtune-live", "src", "test", "resources", "golden"));
        String doc = Files.readString(Path.of("..", "docs", "json.md"), StandardCharsets.UTF_8);
        String section = doc.substring(doc.indexOf("## Every document, every format"));
        section = section.substring(0, section.indexOf("\n## "));
        List<String> wrong = new ArrayList<>();
        Map<String, String> listed = new LinkedHashMap<>();
        for (String line : section.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| document")).toList()) {
            String[] cells = line.split(" \\| ");
            String document = cells[0].substring(2);
            listed.put(document, cells[3]);
            Matcher golden = Pattern.compile("`([\\w-]+)\\.\\*`").matcher(cells[4]);
            if (!golden.find()) {
                continue; // a document outside the format family: the row names the test of its shape
            }
            for (String format : cells[3].split(", ")) {
                FormatType type = FormatType.valueOf(format.toUpperCase(Locale.ROOT));
                if (dirs.stream().noneMatch(d -> Files.isRegularFile(Golden.file(d, golden.group(1), type)))) {
                    wrong.add(document + ": no golden file " + Golden.file(GOLDEN, golden.group(1), type).getFileName());
                }
            }
        }
        tables.forEach((document, formats) -> {
            String expected = String.join(", ", formats.types().stream().map(FormatType::option).toList());
            if (!expected.equals(listed.get(document))) {
                wrong.add(document + ": the table says " + listed.get(document) + ", the document has " + expected);
            }
        });
        assertTrue(wrong.isEmpty(), "docs/json.md's table of documents is wrong: " + String.join("; ", wrong));
    }

    private static Path resource(String name) {
        try {
            return Path.of(DocumentGoldenTest.class.getResource("/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
