package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.StoredTrial;
import dev.jvmtune.report.StoredTrials;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code results} over a store filled with known trials: listing, exports, filters and the summary's figures. */
class ResultsCommandTest {

    @TempDir
    Path tmp;
    String db;

    @BeforeEach
    void fill() throws Exception {
        db = tmp.resolve("jvmtune.db").toString();
        try (ResultStore s = ResultStore.open(db)) {
            String id = s.createExperiment("sizes", StoredTrials.SPEC, 9, 18, "2026-11-23T08:00:00Z", tmp.toString());
            for (StoredTrial t : StoredTrials.sizes(id, tmp.toString())) {
                s.save(t);
            }
        }
    }

    @Test
    void listsExperiments() {
        CliRun r = CliRun.of("results", "list", "--db", db);
        assertEquals(Main.OK, r.exit(), r.err());
        assertTrue(r.out().contains("sizes-1") && r.out().contains("18/18"), r.out());
    }

    /** Tables a person reads: columns as wide as their cells, figures with their units, the database named. */
    @Test
    void tablesAreAlignedWithUnits() {
        CliRun list = CliRun.of("results", "list", "--db", db);
        List<String> rows = list.out().lines().toList();
        assertTrue(rows.get(1).contains("  2026-11-23 08:00:00 UTC  "), list.out());
        assertTrue(rows.stream().allMatch(l -> l.length() == rows.get(0).length()), "aligned:\n" + list.out());
        assertEquals("results database jdbc:sqlite:" + db, list.err().strip());

        CliRun trials = CliRun.of("results", "trials", "sizes-1", "--db", db);
        List<String> lines = trials.out().lines().toList();
        assertEquals(19, lines.size(), trials.out());
        assertTrue(lines.stream().allMatch(l -> l.length() == lines.get(0).length()), "aligned:\n" + trials.out());
        assertTrue(lines.get(1).matches(" *1  jdk17/a  days=1 +1 +OK +3\\.01 s +- +- +0"), lines.get(1));
    }

    /** Without --db the database does not depend on the current directory: XDG_DATA_HOME (the build sets it). */
    @Test
    void theDefaultDatabaseIsTheUsersNotTheCurrentDirectorys() {
        String data = System.getenv("XDG_DATA_HOME");
        org.junit.jupiter.api.Assumptions.assumeTrue(data != null, "the build sets XDG_DATA_HOME for the tests");
        CliRun r = CliRun.of("results", "list");
        assertTrue(r.err().contains(Path.of(data, "jvmtune", "jvmtune.db").toAbsolutePath().toString()), r.err());
    }

    @Test
    void exportsCsvAndJsonWithFilters() throws Exception {
        CliRun csv = CliRun.of("results", "trials", "sizes-1", "--db", db, "--format", "csv");
        assertEquals(Main.OK, csv.exit(), csv.err());
        List<String> lines = csv.out().lines().toList();
        assertEquals(19, lines.size());
        // stored as "wall" (the name of earlier versions): read back as wallSec
        assertTrue(lines.get(0).replace("\"", "").endsWith(",days,footprint.heapResidentBytes,"
                + "footprint.metaspaceBytes,footprint.rssPeakBytes,gc.fullCount,wallSec"), lines.get(0));
        assertFalse(csv.out().matches("(?s).*\\d\\.\\d{9,}.*"), "a figure with float noise: " + csv.out());
        CliRun oom = CliRun.of("results", "trials", "sizes-1", "--db", db, "--format", "json", "--where", "outcome=OOM");
        JsonNode doc = oom.json();
        assertEquals(1, doc.path("schemaVersion").asInt(), "the document's schema version: " + doc.path("schemaVersion"));
        assertTrue(doc.path("tool").asText().startsWith("jvmtune "), doc.path("tool").toString());
        JsonNode j = doc.path("trials");
        assertEquals(1, j.size(), doc.toString());
        assertEquals("3", j.get(0).path("params").path("days").asText());
        assertEquals("jdk17/a", j.get(0).path("config").asText());
    }

    /**
     * The trials document against its golden file, the tool's version written as {@code jvmtune VERSION} and the
     * temporary directory as {@code TMP}; {@code -Djvmtune.golden=update} writes the file instead:
     * <pre>./mvnw -o -pl jvmtune-cli -am test -Dtest=ResultsCommandTest -Dsurefire.failIfNoSpecifiedTests=false
     *     -Djvmtune.golden=update</pre>
     */
    @Test
    void theTrialsDocumentIsAsTheGoldenFileHasIt() throws Exception {
        CliRun r = CliRun.of("results", "trials", "sizes-1", "--db", db, "--format", "json", "--where", "config=jdk17/a",
                "--where", "days=3");
        assertEquals(Main.OK, r.exit(), r.err());
        String actual = r.out().replace(DocumentRoot.TOOL, "jvmtune VERSION").replace(tmp.toString(), "TMP");
        Path golden = Path.of("src/test/resources/golden/results-trials.json");
        if ("update".equals(System.getProperty("jvmtune.golden"))) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual,
                golden + " differs; if the change is meant, regenerate with -Djvmtune.golden=update and review the diff");
    }

    /** A format the trial list does not have is a wrong command line, said by the document's table. */
    @Test
    void aFormatTheTrialsDoNotHaveIsAUsageError() {
        CliRun r = CliRun.of("results", "trials", "sizes-1", "--db", db, "--format", "html");
        assertEquals(Main.USAGE, r.exit(), r.err());
        assertTrue(r.err().startsWith("jvmtune: the trial list has no html format: it has text, json, csv"), r.err());
        assertEquals("", r.out());
    }

    /** The summary as CSV: RFC 4180 rows, each median's unit in its column's name; a page is --html's. */
    @Test
    void summaryAsCsvNamesEachMediansUnit() {
        CliRun r = CliRun.of("results", "summary", "sizes-1", "--db", db, "--format", "csv");
        assertEquals(Main.OK, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(7, lines.size(), r.out());
        assertTrue(r.out().endsWith("\r\n") && lines.get(0).replace("\"", "").startsWith(
                "config,days,trials,ok,outcomes,median_wallSec,median_gc.fullCount,median_footprint.rssPeakBytes,"),
                lines.get(0));
        assertTrue(lines.get(3).startsWith("jdk17/a,3,3,2,\"OK=2 OOM=1\",7.02,1,"), lines.get(3));
        CliRun page = CliRun.of("results", "summary", "sizes-1", "--db", db, "--format", "html");
        assertEquals(Main.USAGE, page.exit(), page.err());
        assertTrue(page.err().startsWith("jvmtune: --format html: for HTML use --html FILE"), page.err());
    }

    @Test
    void summaryHasLinesCapacityKneeAndVerdicts() throws Exception {
        CliRun r = CliRun.of("results", "summary", "sizes-1", "--db", db, "--json");
        assertEquals(Main.OK, r.exit(), r.err());
        JsonNode s = r.json();
        assertEquals(1, s.path("schemaVersion").asInt(), "the document's schema version: " + s.path("schemaVersion"));
        assertTrue(s.path("tool").asText().startsWith("jvmtune "), s.path("tool").toString());
        assertEquals("sizes-1", s.path("experimentId").asText(), "the summary's fields at the root");
        assertEquals("days", s.path("param").asText());
        JsonNode jdk17 = s.path("sweeps").get(0);
        assertEquals("jdk17/a", jdk17.path("config").asText());
        assertEquals(2.0, jdk17.path("slope").asDouble(), 1e-9);
        assertEquals(2.0, jdk17.path("capacity").asDouble());
        assertEquals(2.0, jdk17.path("fullGcKnee").asDouble());
        assertEquals("3: OOM", jdk17.path("firstFailure").asText());
        JsonNode jdk25 = s.path("sweeps").get(1);
        assertEquals(1.6, jdk25.path("slope").asDouble(), 1e-9);
        assertEquals(3.0, jdk25.path("capacity").asDouble());
        for (JsonNode c : s.path("comparisons")) {
            assertEquals("jdk17/a", c.path("baseline").asText());
            assertEquals("BETTER", c.path("comparison").path("verdict").asText(), c.toString());
        }
        JsonNode fp = s.path("footprints").get(0);
        assertEquals(202.0 * (1 << 20), fp.path("rssPeakBytes").asDouble(), "the median of 201, 202, 203 MiB: " + fp);
        assertEquals(40.0 * (1 << 20), fp.path("partsBytes").path("metaspace").asDouble(), fp.toString());
        CliRun text = CliRun.of("results", "summary", "sizes-1", "--db", db);
        assertTrue(text.out().contains("jdk25/a vs jdk17/a"), text.out());
        assertTrue(text.out().contains("better"), text.out());
        assertTrue(text.out().contains("footprint at the JVM's resident peak, MiB"), text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.matches("config +params +RSS +heap res +heap .* threads .* "
                + "thread count")), "the stacks' MiB and the thread count under two names: " + text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.matches("jdk17/a +3\\.02 s +5\\.02 s\\* .*")),
                "the medians with their unit: " + text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.matches(" *jdk17/a +days=1 +202\\.0 +128\\.0 +- +40\\.0 .*")),
                text.out());
    }

    /** The page's data: per configuration its OK trials, its line and the failed trials with their outcome. */
    @Test
    void summaryAsHtmlPage() throws Exception {
        Path html = tmp.resolve("sizes.html");
        CliRun r = CliRun.of("results", "summary", "sizes-1", "--db", db, "--html", html.toString());
        assertEquals(Main.OK, r.exit(), r.err());
        assertTrue(r.out().contains("jdk25/a vs jdk17/a"), "the text summary as usual: " + r.out());
        assertTrue(r.err().startsWith("wrote " + html + " (the experiment's page, "), "where it went: " + r.err());
        String page = java.nio.file.Files.readString(html);
        assertTrue(page.contains("<h1>Experiment: sizes-1</h1>"), "heading");
        assertTrue(page.contains("<th>slope (s/day)</th>"), "the slope's unit from wall and days");
        assertTrue(page.contains("Footprint at the JVM") && page.contains("<th>RSS MiB</th>")
                && page.contains("<th>metaspace MiB</th>"), "the footprint table with its units");
        int data = page.indexOf("<script type=\"application/json\" id=\"jvmtune-data\">");
        JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(page.substring(
                page.indexOf('>', data) + 1, page.indexOf("</script>", data)));
        assertEquals("experiment", j.path("mode").asText());
        JsonNode jdk17 = j.path("configs").get(0);
        assertEquals("jdk17/a", jdk17.path("name").asText());
        assertEquals(2.0, jdk17.path("slope").asDouble(), 1e-6);
        assertEquals(8, jdk17.path("points").size(), "9 trials, one OOM");
        assertEquals("[3,0,8,\"OOM\"]", jdk17.path("failures").get(0).toString(), "at 3 days, no wall, trial 8");
        assertEquals(2.0, jdk17.path("knee").asDouble());
        assertEquals(0, j.path("configs").get(1).path("failures").size());

        CliRun unwritable = CliRun.of("results", "summary", "sizes-1", "--db", db, "--html",
                tmp.resolve("no/such/dir.html").toString());
        assertEquals(Main.INPUT_ERROR, unwritable.exit());
        assertEquals("jvmtune: cannot write " + tmp.resolve("no/such/dir.html") + ": no such directory",
                unwritable.err().strip());
        assertTrue(unwritable.out().contains("jdk25/a vs jdk17/a"), "the summary still printed");
    }

    @Test
    void missingThingsAreOneLineErrors() {
        CliRun noDb = CliRun.of("results", "list", "--db", tmp.resolve("none.db").toString());
        assertEquals(Main.INPUT_ERROR, noDb.exit());
        assertTrue(noDb.err().contains("no such results database"), noDb.err());
        CliRun noId = CliRun.of("results", "summary", "nope-1", "--db", db);
        assertEquals(Main.INPUT_ERROR, noId.exit());
        assertTrue(noId.err().startsWith("jvmtune: no experiment nope-1"), noId.err());
    }
}
