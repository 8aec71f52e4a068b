package dev.jvmtune.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jvmtune.cli.Main;
import dev.jvmtune.core.input.LogFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet job in local mode on 2,000+ JVM runs: every log of both corpora and the bundled workloads' logs
 * (test resources), each JVM copied (hard links) under several services and days. Every run's Parquet row must
 * equal what {@code jvmtune analyze --json} prints for the same files, and the errors table must hold exactly
 * the inputs {@code analyze} cannot read.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FleetJobTest {

    static final Path CORPUS = Path.of(System.getProperty("jvmtune.corpus", "../../shared/corpus")).toAbsolutePath().normalize();
    static final Path WILD = Path.of(System.getProperty("jvmtune.corpusWild", "../../shared/corpus-wild"))
            .toAbsolutePath().normalize();
    static final int MIN_RUNS = 2000;
    /** JVMs up to this size are copied to make up the fleet. */
    static final long SMALL = 128 << 10;
    static final ObjectMapper JSON = new ObjectMapper();

    /** One JVM of the sources: its files, and the runs analyze printed for its first copy (empty: not a GC log). */
    record Unit(int index, List<Path> files, List<JsonNode> runs) {
    }

    Path fleet;
    Path out;
    List<Unit> units = new ArrayList<>();
    List<Unit> small = new ArrayList<>();
    int copies;
    SparkSession spark;
    String fleetOutput;

    @BeforeAll
    void runTheFleet(@TempDir Path tmp) throws IOException {
        assertTrue(Files.isDirectory(CORPUS) && Files.isDirectory(WILD), "corpora at " + CORPUS + " and " + WILD);
        Path workloads = Path.of("src/test/resources/workload-logs");
        List<Path> sources = new ArrayList<>();
        for (Path dir : List.of(CORPUS, WILD, workloads)) {
            try (Stream<Path> s = Files.walk(dir)) {
                s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).sorted()
                        .forEach(sources::add);
            }
        }
        // a JVM is a rotated set, as analyze groups files
        Map<String, List<Path>> sets = new TreeMap<>();
        for (Path p : sources) {
            sets.computeIfAbsent(new LogFile(p, null, 0).rotationBase(), k -> new ArrayList<>()).add(p);
        }
        fleet = tmp.resolve("fleet");
        out = tmp.resolve("out");
        int totalRuns = 0;
        List<List<Path>> sourceSets = new ArrayList<>(sets.values());
        for (int u = 0; u < sourceSets.size(); u++) {
            List<Path> copy = place(sourceSets.get(u), u, 0);
            List<JsonNode> runs = analyze(copy);
            units.add(new Unit(u, sourceSets.get(u), runs));
            totalRuns += runs.size();
        }
        // more copies of the small JVMs (and of the small files that are no GC logs) up to MIN_RUNS runs: the
        // count of JVMs, tasks and rows is what a fleet adds; the bytes are the bench's business
        for (Unit unit : units) {
            if (size(unit) <= SMALL) {
                small.add(unit);
            }
        }
        int smallRuns = small.stream().mapToInt(u -> u.runs().size()).sum();
        copies = 1 + Math.max(0, (MIN_RUNS - totalRuns + smallRuns - 1) / smallRuns);
        for (int c = 1; c < copies; c++) {
            for (Unit unit : small) {
                place(unit.files(), unit.index(), c);
            }
        }
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int code = FleetMain.run(new String[] {fleet.toString(), "--out", out.toString(), "--master", "local[2]",
                "--pattern", "^(?<date>[^/]+)/(?<service>[^/]+)/", "--rollout", day(copies / 2), "--title", "test fleet"},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
        fleetOutput = stdout.toString(StandardCharsets.UTF_8) + stderr.toString(StandardCharsets.UTF_8);
        System.out.printf("fleet of %d JVMs (%d units, %d of them small, in up to %d copies): %.1f s%n%s",
                units.size() + small.size() * (copies - 1), units.size(), small.size(), copies,
                (System.nanoTime() - start) / 1e9, fleetOutput);
        assertEquals(0, code, fleetOutput);
        spark = FleetFaultsTest.session();
        FleetJob.registerViews(spark, out.toString(), day(copies / 2));
    }

    @AfterAll
    void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    static long size(Unit unit) {
        return unit.files().stream().mapToLong(f -> f.toFile().length()).sum();
    }

    /** The copies a unit has in the fleet. */
    int copiesOf(Unit unit) {
        return small.contains(unit) ? copies : 1;
    }

    /** Hard links (a copy where links fail) of a unit's files at {@code DAY/SERVICE/uN-cK/}. */
    private List<Path> place(List<Path> files, int unit, int copy) throws IOException {
        Path dir = fleet.resolve(day(copy)).resolve(service(unit, copy)).resolve("u" + unit + "-c" + copy);
        Files.createDirectories(dir);
        List<Path> placed = new ArrayList<>();
        for (Path f : files) {
            Path target = dir.resolve(f.getFileName());
            try {
                Files.createLink(target, f);
            } catch (IOException | UnsupportedOperationException e) {
                Files.copy(f, target);
            }
            placed.add(target);
        }
        return placed;
    }

    static String day(int copy) {
        return java.time.LocalDate.of(2026, 11, 1).plusDays(copy).toString();
    }

    static String service(int unit, int copy) {
        return String.format("svc-%02d", (unit * 7 + copy) % 23);
    }

    /**
     * The runs {@code jvmtune analyze --json} prints for these files, each with the document's
     * {@code schemaVersion} and {@code tool}; none when it prints no document.
     */
    static List<JsonNode> analyze(List<Path> files) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--json", "-q"));
        files.forEach(f -> args.add(f.toString()));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        Main.run(args.toArray(String[]::new), new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String text = stdout.toString(StandardCharsets.UTF_8);
        if (text.isBlank()) {
            return List.of();
        }
        // a runs row is the document of one run: its schemaVersion and tool, then the RUN's fields
        JsonNode doc = JSON.readTree(text);
        List<JsonNode> runs = new ArrayList<>();
        for (JsonNode run : doc.get("runs")) {
            ObjectNode row = JSON.createObjectNode().setAll(Map.of("schemaVersion", doc.get("schemaVersion"),
                    "tool", doc.get("tool")));
            runs.add(row.setAll((ObjectNode) run));
        }
        return runs;
    }

    /** Copy 0's document moved to copy {@code c}: only the files' paths differ (the same bytes, hard-linked). */
    private JsonNode expected(Unit unit, int run, int c) throws IOException {
        String from = fleet.resolve(day(0)).resolve(service(unit.index(), 0)).resolve("u" + unit.index() + "-c0") + "/";
        String to = fleet.resolve(day(c)).resolve(service(unit.index(), c)).resolve("u" + unit.index() + "-c" + c) + "/";
        // wherever a text names a file: inputs[].path, the verdict's notes on incomplete figures
        return JSON.readTree(JSON.writeValueAsString(unit.runs().get(run - 1)).replace(from, to));
    }

    @Test
    void everyRunsRowEqualsAnalyzeJsonOfTheSameFiles() throws IOException {
        List<String> docColumns = new ArrayList<>(List.of(spark.table("runs").columns()));
        docColumns.removeAll(List.of("service", "instance", "run", "date", "jdk"));
        List<Row> rows = spark.sql("SELECT service, instance, run, date, to_json(struct("
                + docColumns.stream().map(c -> "`" + c + "`").collect(Collectors.joining(", ")) + ")) FROM runs")
                .collectAsList();
        long expectedRuns = units.stream().mapToLong(u -> (long) copiesOf(u) * u.runs().size()).sum();
        assertTrue(rows.size() >= MIN_RUNS, rows.size() + " runs");
        assertEquals(expectedRuns, rows.size(), "one row per run of every JVM");
        Set<String> seen = new TreeSet<>();
        int compared = 0;
        for (Row r : rows) {
            String instance = r.getString(1); // DAY/SERVICE/uN-cK/file base
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("/u(\\d+)-c(\\d+)/").matcher(instance);
            assertTrue(m.find(), instance);
            int u = Integer.parseInt(m.group(1));
            int c = Integer.parseInt(m.group(2));
            Unit unit = units.get(u);
            assertEquals(service(u, c), r.getString(0), instance);
            assertEquals(day(c), r.getString(3), "the day from --pattern");
            assertTrue(seen.add(instance + "#" + r.getInt(2)), "one row per run: " + instance);
            JsonNode expected = expected(unit, r.getInt(2), c);
            JsonNode actual = JSON.readTree(r.getString(4));
            String diff = diff("", normalize(expected), normalize(actual));
            if (diff != null) {
                fail(instance + " run " + r.getInt(2) + " (" + unit.files() + "): Parquet row differs from analyze --json at "
                        + diff);
            }
            compared++;
        }
        System.out.printf("%d runs compared with analyze --json%n", compared);
    }

    @Test
    void errorsTableHoldsTheInputsAnalyzeCannotRead() {
        Set<String> expected = new TreeSet<>();
        for (Unit unit : units) {
            if (unit.runs().isEmpty()) {
                for (int c = 0; c < copiesOf(unit); c++) {
                    for (Path f : unit.files()) {
                        expected.add(fleet.resolve(day(c)).resolve(service(unit.index(), c))
                                .resolve("u" + unit.index() + "-c" + c).resolve(f.getFileName()).toString());
                    }
                }
            }
        }
        assertTrue(expected.size() >= copies, "the corpora hold files that are no GC logs (README.md, SOURCES.md)");
        Set<String> actual = new TreeSet<>();
        for (Row r : spark.sql("SELECT path, message FROM errors").collectAsList()) {
            actual.add(r.getString(0).replaceFirst("^file:", ""));
            assertFalse(r.getString(1).isBlank(), "a message for " + r.getString(0));
        }
        assertEquals(expected, actual);
        assertTrue(actual.stream().anyMatch(p -> p.endsWith("/README.md")), "README.md is an error row");
    }

    @Test
    void findingsAndEventsFollowTheRuns() {
        long findings = units.stream().mapToLong(u -> copiesOf(u) * u.runs().stream()
                .mapToLong(r -> r.get("findings").size()).sum()).sum();
        assertEquals(findings, spark.table("findings").count(), "one row per finding");
        // every pause of a run is an event row of that run, in the partition of its day
        List<Row> mismatches = spark.sql("SELECT r.service, r.instance, r.run, r.summary.pauses.count, e.pauses "
                + "FROM runs r LEFT JOIN (SELECT service, instance, run, date, count_if(pause) AS pauses FROM events "
                + "GROUP BY service, instance, run, date) e ON r.service = e.service AND r.instance = e.instance "
                + "AND r.run = e.run AND r.date = e.date WHERE coalesce(e.pauses, 0) <> r.summary.pauses.count").collectAsList();
        assertEquals(List.of(), mismatches);
        assertTrue(Files.isDirectory(out.resolve("events").resolve("date=" + day(0))), "events partitioned by date");
    }

    @Test
    void pauseGoalMissesRankServices() {
        Map<String, Integer> misses = new TreeMap<>();
        for (Unit unit : units) {
            for (int c = 0; c < copiesOf(unit); c++) {
                for (JsonNode run : unit.runs()) {
                    misses.merge(service(unit.index(), c), run.at("/verdict/goalMet").asBoolean(true) ? 0 : 1, Integer::sum);
                }
            }
        }
        List<Row> ranked = spark.table("pause_goal_misses").collectAsList();
        for (int i = 0; i < ranked.size(); i++) {
            Row r = ranked.get(i);
            assertEquals(misses.get(r.getString(0)).longValue(), r.getLong(r.fieldIndex("runsMissingGoal")), r.getString(0));
            if (i > 0) {
                assertTrue(ranked.get(i - 1).getLong(3) >= r.getLong(3), "ranked by runs missing the goal");
            }
        }
        assertTrue(ranked.get(0).getLong(3) > 0, "some service misses its goal");
    }

    /**
     * The fleet report opened offline in headless Chromium (Debian's chromium and chromium-driver): no request
     * leaves the file, no console error, every chart drawn holds data, and the services are ranked by their
     * runs that missed the pause goal, in the table and in the chart.
     */
    @Test
    void reportOpensOfflineAndRanksServicesByPauseGoalMisses() throws Exception {
        Path report = out.resolve("report.html");
        String html = Files.readString(report);
        assertFalse(html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "nothing to fetch");
        Map<String, Integer> misses = new TreeMap<>();
        for (Unit unit : units) {
            for (int c = 0; c < copiesOf(unit); c++) {
                for (JsonNode run : unit.runs()) {
                    misses.merge(service(unit.index(), c), run.at("/verdict/goalMet").asBoolean(true) ? 0 : 1, Integer::sum);
                }
            }
        }
        try (Browser browser = Browser.start()) {
            Browser.Page page = browser.open(report, Path.of("target", "fleet-report", "report.png"));
            List<List<String>> rows = page.tableRows("pause_goal_misses");
            assertEquals(misses.size(), rows.size(), "a row per service");
            int missesColumn = page.tableColumns("pause_goal_misses").indexOf("runsMissingGoal");
            int previous = Integer.MAX_VALUE;
            for (List<String> row : rows) {
                int shown = Integer.parseInt(row.get(missesColumn).replace(",", ""));
                assertEquals(misses.get(row.get(0)).intValue(), shown, row.get(0));
                assertTrue(shown <= previous, "ranked by runs missing the goal: " + rows);
                previous = shown;
            }
            assertEquals(rows.get(0).get(0), page.script("return window.jvmtuneCharts['fleet-misses'].getOption().yAxis[0].data[0]"),
                    "the chart's first bar is the table's first service");
            assertEquals(Set.of("fleet-misses", "fleet-findings", "fleet-collectors", "fleet-jdks", "fleet-p99",
                    "fleet-dates", "fleet-jdks-by-date"), page.chartsWithData());
            page.assertNoConsoleErrors();
        }
    }

    /** Without nulls (Spark leaves null fields out of to_json) and with numbers as decimals. */
    static JsonNode normalize(JsonNode n) {
        if (n.isObject()) {
            ObjectNode o = JSON.createObjectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isNull()) {
                    o.set(e.getKey(), normalize(e.getValue()));
                }
            }
            return o;
        }
        if (n.isArray()) {
            var a = JSON.createArrayNode();
            n.forEach(x -> a.add(normalize(x)));
            return a;
        }
        return n.isNumber() ? JSON.getNodeFactory().numberNode(n.decimalValue().stripTrailingZeros()) : n;
    }

    /** The first path where the two differ, or null. */
    static String diff(String at, JsonNode a, JsonNode b) {
        if (a.isObject() && b.isObject()) {
            Set<String> names = new TreeSet<>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                if (!a.has(name) || !b.has(name)) {
                    return at + "/" + name + ": " + a.get(name) + " vs " + b.get(name);
                }
                String d = diff(at + "/" + name, a.get(name), b.get(name));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                String d = diff(at + "/" + i, a.get(i), b.get(i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        boolean same = a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) == 0 : a.equals(b);
        return same ? null : at + ": " + a + " vs " + b;
    }
}
