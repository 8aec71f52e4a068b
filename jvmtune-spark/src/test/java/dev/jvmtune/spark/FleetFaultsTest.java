package dev.jvmtune.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.input.LogInputs.NotRead;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jvmtune fleet} under the faults a user and a hostile input tree bring: an {@code --out} that overlaps an
 * input, is a file or holds other files (refused before any work, nothing touched); missing and empty inputs;
 * symbolic links out of the tree, a FIFO and a device in it (never followed, opened or hung on; the same tree's
 * logs without dates, its file in the root and its report's charts and their labels checked too); a fleet
 * without a single pause; no GC log at all; a full disk (a real small tmpfs). Each ends with exit 0 and whole
 * tables, or one line and the documented exit code, never an internal error; a failed job leaves the previous
 * output as it was. The fleets run in this JVM, one after the other, so that Spark warms up once.
 */
class FleetFaultsTest {

    static final Path LOG = Path.of("../examples/logs/g1-debug-jdk17.log.gz");

    @TempDir
    Path tmp;
    Path log;

    /** What a command printed and returned. */
    record Outcome(int code, String out, String err) {
        /** The one line on stderr, checked: no internal error, no stack trace. */
        String line() {
            assertFalse(err.contains("internal error"), err);
            assertEquals(1, err.lines().count(), "one line: " + err);
            return err.strip();
        }
    }

    @BeforeEach
    void unzip(@TempDir Path dir) throws IOException {
        log = dir.resolve("g1.log");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(LOG))) {
            Files.copy(in, log);
        }
    }

    static Outcome fleet(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--master", "local[2]", "-q"));
        int code = FleetMain.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Every file below a directory with its content, to show that nothing changed. */
    static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(p).toString(), Files.size(p) + ":" + Files.getLastModifiedTime(p).toMillis()
                        + ":" + java.util.Arrays.hashCode(Files.readAllBytes(p)));
            }
        }
        return files;
    }

    Path copyLog(Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        return Files.copy(log, dir.resolve(name));
    }

    Path head(Path dir, String name, int lines) throws IOException {
        Files.createDirectories(dir);
        try (Stream<String> s = Files.lines(log)) {
            return Files.write(dir.resolve(name), s.limit(lines).toList());
        }
    }

    /** The published output and nothing beside it: no staging directory left behind. */
    static void assertPublishedAlone(Path out) throws IOException {
        for (String table : FleetOutput.TABLES) {
            assertTrue(Files.exists(out.resolve(table).resolve("_SUCCESS")), out + "/" + table);
        }
        for (String file : FleetOutput.FILES) {
            assertTrue(Files.isRegularFile(out.resolve(file)), out + "/" + file);
        }
        try (Stream<Path> s = Files.list(out.getParent())) {
            List<String> left = s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("." + out.getFileName() + ".")).toList();
            assertEquals(List.of(), left, "staging left beside " + out);
        }
    }

    @Test
    void outOverlappingAnInputIsRefusedBeforeAnyWork() throws IOException {
        Path in = tmp.resolve("in2");
        copyLog(in.resolve("runs"), "gc.log");
        copyLog(in.resolve("svcA/h1"), "gc.log");
        Files.createSymbolicLink(tmp.resolve("alias"), in);
        Map<String, String> before = snapshot(tmp);
        for (String out : List.of(in.toString(), in.resolve("fleet-out").toString(), tmp.toString(),
                tmp.resolve("alias").toString(), tmp.resolve("alias/svcA").toString())) {
            Outcome o = fleet(in.toString(), "--out", out);
            assertEquals(2, o.code(), out + ": " + o.err());
            assertTrue(o.line().startsWith("jvmtune fleet: --out " + out + " "), o.err());
        }
        // a glob's input is the directory it starts from
        Outcome glob = fleet(in + "/*/gc.log", "--out", in.resolve("svcA/out").toString());
        assertEquals(2, glob.code(), glob.err());
        assertEquals(before, snapshot(tmp), "nothing written, nothing deleted");
    }

    @Test
    void outThatIsAFileOrHoldsOtherFilesIsRefused() throws IOException {
        Path in = tmp.resolve("in");
        copyLog(in.resolve("svcA"), "gc.log");
        Path file = Files.writeString(tmp.resolve("regfile"), "mine\n");
        Path notes = tmp.resolve("notes");
        Files.createDirectories(notes.resolve("runs"));
        Files.writeString(notes.resolve("runs/gc.log"), "mine\n");
        Path top = tmp.resolve("top");
        Files.createDirectories(top.resolve("events/date=2026-11-01"));
        Files.writeString(top.resolve("README"), "mine\n");
        Map<String, String> before = snapshot(tmp);
        for (Path out : List.of(file, notes, top)) {
            Outcome o = fleet(in.toString(), "--out", out.toString());
            assertEquals(3, o.code(), out + ": " + o.err());
            assertTrue(o.line().startsWith("jvmtune fleet: --out " + out + " "), o.err());
        }
        assertTrue(fleet(in.toString(), "--out", notes.toString()).line().contains(notes.resolve("runs/gc.log").toString()),
                "names the file it would lose");
        assertEquals(before, snapshot(tmp));
    }

    @Test
    void missingOrEmptyInputEndsWithExit3AndWritesNothing() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path fifoOnly = Files.createDirectories(tmp.resolve("fifo-only/svc"));
        mkfifo(fifoOnly.resolve("gc.log"));
        Path out = tmp.resolve("out");
        Outcome missing = fleet(tmp.resolve("nosuch").toString(), "--out", out.toString());
        assertEquals(3, missing.code(), missing.err());
        assertEquals("jvmtune fleet: no input found: " + tmp.resolve("nosuch") + ": no such file or directory", missing.line());
        for (Path in : List.of(empty, fifoOnly.getParent())) {
            Outcome o = fleet(in.toString(), "--out", out.toString());
            assertEquals(3, o.code(), o.err());
            assertTrue(o.line().startsWith("jvmtune fleet: no input found"), o.err());
        }
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void linksFifosAndDevicesAreErrorRowsNeverFollowedOrOpened() throws Exception {
        Path in = tmp.resolve("tree");
        Path real = copyLog(in.resolve("svcA"), "gc.log");
        Path quiet = head(in.resolve("svcC"), "gc.log", 60); // its first pause has no end line: a run without one
        Path stalls = Files.copy(Path.of("../jvmtune-report/src/test/resources/logs/zgc-stalls-jdk17.log"),
                in.resolve("zgc-stalls.log")); // a file in the root
        Files.createDirectories(in.resolve("svcD"));
        try (InputStream gz = new GZIPInputStream(Files.newInputStream(
                Path.of("src/test/resources/workload-logs/blockcache-jdk17-g1.log.gz")))) {
            Files.copy(gz, in.resolve("svcD/gc.log")); // the only log with dates
        }
        Files.createSymbolicLink(in.resolve("svcA/passwd.log"), Path.of("/etc/passwd"));
        Files.createSymbolicLink(in.resolve("svcB"), Path.of("/etc"));
        mkfifo(in.resolve("svcA/pipe.log"));
        boolean device = new ProcessBuilder("mknod", in.resolve("svcA/null.log").toString(), "c", "1", "3")
                .start().waitFor() == 0;
        Path out = tmp.resolve("out");
        long start = System.nanoTime();
        Outcome o = fleet(in.toString(), "--out", out.toString());
        System.out.printf("tree with links, a FIFO%s: %.1f s%n", device ? " and a device" : "", (System.nanoTime() - start) / 1e9);
        assertEquals(0, o.code(), o.err());
        assertEquals("", o.err());
        assertPublishedAlone(out);
        String passwd = Files.readAllLines(Path.of("/etc/passwd")).get(0);
        assertFalse(Files.readString(out.resolve("report.html")).contains(passwd), "nothing of /etc/passwd in the report");

        try (SparkSession spark = session()) {
            assertTablesAsAnalyzeSays(spark, in, out, real, quiet, device);
            assertUndatedRunsTimeLostAndCharts(spark, out, o, real, stalls);
        }
    }

    private static void assertTablesAsAnalyzeSays(SparkSession spark, Path in, Path out, Path real, Path quiet,
                                                  boolean device) throws IOException {
        Map<String, String> errors = new TreeMap<>();
        for (Row r : spark.read().parquet(out.resolve("errors").toString()).collectAsList()) {
            errors.put(r.getString(0).replaceFirst("^file:", ""), r.getString(3));
        }
        Map<String, String> expected = new TreeMap<>(Map.of(
                in.resolve("svcA/passwd.log").toString(), NotRead.SYMBOLIC_LINK.message,
                in.resolve("svcB").toString(), NotRead.SYMBOLIC_LINK.message,
                in.resolve("svcA/pipe.log").toString(), NotRead.SPECIAL_FILE.message));
        if (device) {
            expected.put(in.resolve("svcA/null.log").toString(), NotRead.SPECIAL_FILE.message);
        }
        assertEquals(expected, errors);

        // the two logs read as analyze reads them: each runs row equals analyze --json of the same file
        List<String> columns = new ArrayList<>(List.of(spark.read().parquet(out.resolve("runs").toString()).columns()));
        columns.removeAll(List.of("service", "instance", "run", "date", "jdk"));
        spark.read().parquet(out.resolve("runs").toString()).createOrReplaceTempView("tree_runs");
        Map<String, JsonNode> rows = new TreeMap<>();
        for (Row r : spark.sql("SELECT service, to_json(struct(" + columns.stream().map(c -> "`" + c + "`")
                .collect(Collectors.joining(", ")) + ")) FROM tree_runs").collectAsList()) {
            rows.put(r.getString(0), FleetJobTest.JSON.readTree(r.getString(1)));
        }
        assertEquals(List.of("svcA", "svcC", "svcD", "zgc-stalls"), List.copyOf(rows.keySet()));
        for (Map.Entry<String, Path> e : Map.of("svcA", real, "svcC", quiet).entrySet()) {
            JsonNode expectedRun = FleetJobTest.analyze(List.of(e.getValue())).get(0);
            assertNull(FleetJobTest.diff("", FleetJobTest.normalize(expectedRun), FleetJobTest.normalize(rows.get(e.getKey()))),
                    e.getKey() + " as analyze --json");
        }
    }

    @Test
    void aFleetWithoutAPauseHasWholeTablesAndWorkingViews() throws IOException {
        Path in = tmp.resolve("no-pause");
        head(in.resolve("svcA"), "gc.log", 60);
        Path out = tmp.resolve("out");
        Outcome o = fleet(in.toString(), "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().startsWith("1 JVMs, 1 runs, 0 pauses and phases"), o.out());
        assertPublishedAlone(out);
        // views.sql as spark-sql runs it, over the published directories: the empty events table has its columns
        try (SparkSession spark = session()) {
            for (String statement : Files.readString(out.resolve("views.sql")).split(";\\s*\\n")) {
                if (!statement.lines().allMatch(l -> l.isBlank() || l.startsWith("--"))) {
                    spark.sql(statement);
                }
            }
            assertEquals(0, spark.table("events").count());
            assertEquals(1, spark.table("fleet_runs").count());
            assertEquals(18, spark.table("events").columns().length);
        }
    }

    /**
     * The runs of a fleet of logs with uptimes only (svcA, svcC, the file in the root) and one with dates (svcD): the
     * undated runs are counted and in no view by day, never dated by their files' times; the file in the root is
     * service {@code zgc-stalls}, not {@code /zgc-stalls}; each rule's time lost is the pauses it is about (the pause
     * classes of {@code analyze --json}), unknown for a rule that rests on none; no chart of the report is drawn empty
     * (no run has a pause goal: the misses chart is a note); report.json is the document the page draws.
     */
    private static void assertUndatedRunsTimeLostAndCharts(SparkSession spark, Path out, Outcome o, Path g1, Path stalls)
            throws Exception {
        assertTrue(o.out().contains("\n3 of the runs undated"), o.out());
        FleetJob.registerViews(spark, out.toString(), null);
        Map<String, String> dates = new TreeMap<>();
        for (Row r : spark.sql("SELECT service, instance, date FROM runs").collectAsList()) {
            dates.put(r.getString(0) + " " + r.getString(1), r.getString(2));
        }
        Map<String, String> expectedDates = new TreeMap<>();
        expectedDates.put("svcA svcA/gc.log", null);
        expectedDates.put("svcC svcC/gc.log", null);
        expectedDates.put("svcD svcD/gc.log", "2026-11-24");
        expectedDates.put("zgc-stalls zgc-stalls.log", null); // the file in the root: its name, no "/"
        assertEquals(expectedDates, dates, "services as given, dates from the logs only");
        assertEquals(List.of("2026-11-24 1"), spark.sql("SELECT date, runs FROM by_date").collectAsList().stream()
                .map(r -> r.getString(0) + " " + r.getLong(1)).toList(), "the undated runs are on no day");
        assertEquals(1, spark.table("jdks_by_date").count(), "the undated runs are on no day");
        assertEquals(0, spark.sql("SELECT * FROM events WHERE date IS NOT NULL AND service <> 'svcD'").count(),
                "undated events");

        // time lost: the pauses of the classes each rule is about, never the run's whole pause time (to the 3
        // significant digits the document keeps of a cost)
        JsonNode g1Run = FleetJobTest.analyze(List.of(g1)).get(0);
        Map<String, Double> lost = new TreeMap<>();
        for (Row r : spark.sql("SELECT ruleId, timeLostMs FROM findings_by_rule").collectAsList()) {
            lost.put(r.getString(0), r.isNullAt(1) ? null : r.getDouble(1));
        }
        Map<String, Double> expected = new TreeMap<>();
        expected.put("humongous-allocation", pauseMs(g1Run, "HUMONGOUS"));
        expected.put("heap-too-small", g1Run.at("/summary/pauses/totalMs").asDouble()); // its evidence: every pause
        expected.put("explicit-gc", pauseMs(FleetJobTest.analyze(List.of(stalls)).get(0), "SYSTEM_GC"));
        expected.put("allocation-stall", null); // stalls outside pauses: no pause of its own
        assertTrue(lost.keySet().containsAll(expected.keySet()), "rules fired: " + lost.keySet());
        for (Map.Entry<String, Double> e : expected.entrySet()) {
            Double actual = lost.get(e.getKey());
            assertTrue(e.getValue() == null ? actual == null
                    : actual != null && Math.abs(actual - e.getValue()) <= e.getValue() / 100,
                    e.getKey() + ": time lost " + actual + " ms, its pauses " + e.getValue() + " ms");
        }
        assertTrue(lost.get("humongous-allocation") < g1Run.at("/summary/pauses/totalMs").asDouble() / 2,
                "humongous-allocation: " + lost + " against the run's pauses");

        String html = Files.readString(out.resolve("report.html"));
        int script = html.indexOf("id=\"jvmtune-data\"");
        JsonNode data = FleetJobTest.JSON.readTree(html.substring(html.indexOf('>', script) + 1,
                html.indexOf("</script>", script)));
        assertEquals(FleetJobTest.JSON.readTree(out.resolve("report.json").toFile()), data,
                "report.json is the page's data");
        assertEquals(1, data.get("schemaVersion").asInt(), "schemaVersion first: " + data.fieldNames().next());
        assertEquals(DocumentRoot.TOOL, data.get("tool").asText());
        assertEquals(3, data.get("undatedRuns").asInt());
        assertEquals("2026-11-24", data.get("rollout").asText(), "the split from the dated runs only");
        assertTrue(html.contains("undated runs (uptimes only)</div><div class=\"value\">3<"), "the figure");
        try (Browser browser = Browser.start()) {
            Browser.Page page = browser.open(out.resolve("report.html"), Path.of("target", "fleet-report", "undated.png"));
            assertEquals(Map.of("Services by pause-goal misses", "Not in these logs: a pause goal (no run states one; "
                    + "--pause-goal gives every run one)"), page.notes(), "no run has a pause goal");
            assertEquals(Set.of("fleet-findings", "fleet-collectors", "fleet-jdks", "fleet-p99", "fleet-dates",
                    "fleet-jdks-by-date"), page.chartsWithValues(), "every chart drawn holds a value");
            assertEquals(page.chartsWithValues(), page.charts(), "charts drawn");
            page.assertNoConsoleErrors();
            page.assertChartLabelsLegible("fleet");
        }
    }

    /** The time of a run's pauses of one trigger, from {@code analyze --json}'s pause classes. */
    private static double pauseMs(JsonNode run, String trigger) {
        double ms = 0;
        for (JsonNode c : run.at("/summary/pauseClasses")) {
            if (c.get("trigger").asText().equals(trigger)) {
                ms += c.get("totalMs").asDouble();
            }
        }
        assertTrue(ms > 0, "pauses started by " + trigger);
        return ms;
    }

    @Test
    void noGcLogAtAllEndsWithExit4AndTheErrorsTable() throws IOException {
        Path in = tmp.resolve("not-logs/svcA");
        Files.createDirectories(in);
        Files.writeString(in.resolve("gc.log"), "hello\n");
        Path out = tmp.resolve("out");
        Outcome o = fleet(in.getParent().toString(), "--out", out.toString());
        assertEquals(4, o.code(), o.err());
        assertTrue(o.line().startsWith("jvmtune fleet: no input holds a GC log this version can analyze"), o.err());
        assertPublishedAlone(out);
        try (SparkSession spark = session()) {
            assertEquals(1, spark.read().parquet(out.resolve("errors").toString()).count());
            assertEquals(0, spark.read().parquet(out.resolve("runs").toString()).count());
        }
    }

    @Test
    void aFullDiskLeavesThePreviousOutputAsItWas() throws Exception {
        Path in = tmp.resolve("disk");
        copyLog(in.resolve("svcA"), "gc.log");
        Path mount = tmp.resolve("small");
        Files.createDirectories(mount);
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1800k", "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0,
                "cannot mount a small tmpfs here (needs root and the mount capability): " + said.strip());
        try {
            Path out = mount.resolve("out");
            Outcome first = fleet(in.toString(), "--out", out.toString());
            assertEquals(0, first.code(), first.err());
            Map<String, String> before = snapshot(mount);
            // a second fleet does not fit beside the first: the report alone is most of a megabyte
            copyLog(in.resolve("svcB"), "gc.log");
            Outcome full = fleet(in.toString(), "--out", out.toString());
            assertEquals(3, full.code(), full.err());
            assertTrue(full.line().startsWith("jvmtune fleet: the job failed writing its output (--out " + out
                    + " is left as it was): "), full.err());
            assertTrue(full.err().contains("No space left on device"), full.err());
            assertEquals(1, full.err().strip().lines().count(), "one line: " + full.err());
            assertEquals(before, snapshot(mount), "the previous output whole, nothing of the failed job left");
        } finally {
            new ProcessBuilder("umount", "-l", mount.toString()).start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    static void mkfifo(Path p) throws Exception {
        assertEquals(0, new ProcessBuilder("mkfifo", p.toString()).start().waitFor(), "mkfifo " + p);
    }

    /**
     * A session to read the tables with, in the command's local mode ({@link FleetMain#local}), once the fleet (which
     * stops its own) has run; close it before the next.
     */
    static SparkSession session() {
        return SparkSession.builder().config(FleetMain.local(new SparkConf(), "local[2]")).getOrCreate();
    }
}
