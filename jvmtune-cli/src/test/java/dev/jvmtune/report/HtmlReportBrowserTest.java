package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.cli.Main;
import dev.jvmtune.cli.TuneProbe;
import dev.jvmtune.report.html.ChartLabels;
import dev.jvmtune.workloads.AllocationChurn;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * {@code analyze --html} reports opened in headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}; {@code .ci/run} installs them): a G1 log and a ZGC log written by real JVMs, a
 * ZGC JFR recording, a legacy CMS log of the corpus, a comparison, and the page of a real small experiment
 * ({@code experiment --html}). Each page must load without console
 * errors, every chart it draws must hold data (read back from ECharts' own state), text from the log must
 * stay text, and a screenshot of each goes to {@code target/html-report/} as a build artifact. One page of each type
 * (analysis, comparison, tuning, experiment) has its charts' labels checked too ({@link ChartLabels}).
 *
 * <p>The experiment and the tuning session, 15-25 s of child JVMs each, start with the class and run while the
 * pages of logs are checked: the browser waits for neither, and neither needs it. Their tests come last and wait for
 * them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HtmlReportBrowserTest {

    private static final Path CHROMIUM = Path.of(System.getProperty("jvmtune.chromium", "/usr/bin/chromium"));
    private static final Path DRIVER = Path.of(System.getProperty("jvmtune.chromedriver", "/usr/bin/chromedriver"));
    private static final Path JDK17 = Path.of(System.getProperty("jvmtune.jdk17", "/usr/lib/jvm/java-17-openjdk-amd64"));
    private static final Path JDK25 = Path.of(System.getProperty("jvmtune.jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64"));
    private static final Path ARTIFACTS = Path.of("target", "html-report");
    /** A cause no collector logs, carrying markup that would run if the page did not escape it. */
    private static final String XSS = "<script>window.xss=1</script><img src=x onerror=window.xss=2>";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The order of the tests of the experiment and the tuning session: after the others, which need no wait. */
    private static final int AFTER_THE_OTHERS = Order.DEFAULT + 1;

    /** Held: the logging framework keeps loggers weakly, and a collected one forgets its level. */
    private static final java.util.logging.Logger SELENIUM = java.util.logging.Logger.getLogger("org.openqa.selenium");

    private ChromeDriver browser;
    /** The experiment and the tuning session, started with the class; their tests come after the others. */
    private CompletableFuture<Run> experiment;
    private CompletableFuture<Run> tuning;
    /** Their directories: experiment/ and tune/. */
    private Path sessions;

    @BeforeAll
    void startBrowser(@TempDir Path dir) throws IOException {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
        if (!present && System.getenv("CI") != null) {
            fail("CI needs " + CHROMIUM + " and " + DRIVER + ": .ci/run installs chromium and chromium-driver");
        }
        assumeTrue(present, "no headless browser: apt-get install chromium chromium-driver");
        Files.createDirectories(ARTIFACTS);
        SELENIUM.setLevel(Level.SEVERE); // no warning that no DevTools (CDP) binding matches this Chromium: none is used
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        // after the browser: where it is missing, the class is skipped and nothing starts
        sessions = dir;
        experiment = background("experiment", () -> runExperiment(dir.resolve("experiment")));
        tuning = background("tune", () -> runTuning(dir.resolve("tune")));
    }

    @AfterAll
    void stopBrowser() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        // where their tests did not run (a method run alone) the sessions may still run: they end before their
        // directory is deleted
        for (CompletableFuture<Run> session : Arrays.asList(experiment, tuning)) {
            if (session != null) {
                session.handle((r, e) -> r).get(10, TimeUnit.MINUTES);
            }
        }
    }

    /** {@code work} in a thread of its own (the common pool may have fewer workers than blocking tasks). */
    private static CompletableFuture<Run> background(String name, Callable<Run> work) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return work.call();
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        }, r -> {
            Thread t = new Thread(r, "html-test-" + name);
            t.setDaemon(true);
            t.start();
        });
    }

    /** What a session started with the class gave; its own failure, first line first, where it threw. */
    private static Run await(CompletableFuture<Run> session) throws Exception {
        try {
            return session.get(10, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw (Exception) e.getCause();
        }
    }

    @Test
    void g1LogOfARealJvm(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("g1.log");
        runJvm(JDK17, List.of("-XX:+UseG1GC", "-Xlog:gc*,safepoint:file=" + log + ":time,uptime,level,tags"), null);
        // the young pauses' cause becomes markup: it must show as text in the causes table
        String text = Files.readString(log);
        assertTrue(text.contains("(G1 Evacuation Pause)"), "young pauses to rename");
        Files.writeString(log, text.replace("(G1 Evacuation Pause)", "(" + XSS + ")"));
        Page page = open(log, "g1", tmp, "--pause-goal", "10");
        page.assertCharts(Set.of("pauses", "histogram", "percentiles", "heap", "pools", "rates", "phases",
                "concurrent", "safepoints"));
        assertTrue(page.bodyText.contains(XSS), "the cause shows as text:\n" + page.bodyText);
        page.assertMaxPauseKept();
        // the goal line, the warm-up band where the analysis found one (this churn usually warms up for about
        // a second), and the log-scale toggle
        String pauses = "window.jvmtuneCharts['run0-pauses'].getOption()";
        assertEquals(10.0, ((Number) browser.executeScript("return " + pauses
                + ".series[0].markLine.data[0].yAxis")).doubleValue());
        Object warmupBand = browser.executeScript("var a = " + pauses + ".series[0].markArea;"
                + "return a && a.data && a.data.length ? a.data[0][1].xAxis : null");
        double offset = ((Number) browser.executeScript("return JSON.parse(document.getElementById('jvmtune-data')"
                + ".textContent).runs[0].series.wallOffsetSec")).doubleValue();
        if (Double.isNaN(page.warmupEndSec)) {
            assertEquals(null, warmupBand, "no warm-up, no band");
        } else {
            assertEquals((page.warmupEndSec + offset) * 1000, ((Number) warmupBand).doubleValue(), 1.1,
                    "the band ends where warm-up does, on the wall-clock axis");
        }
        browser.findElement(By.cssSelector("#run0-pauses")).findElement(By.xpath("..//label/input")).click();
        assertEquals("log", browser.executeScript("return " + pauses + ".yAxis[0].type"));
        assertWallClockAxis(log, offset);
        assertTooltipNamesThePause(log);
        assertEquals(Boolean.TRUE, browser.executeScript("return !!" + pauses.replace(".getOption()", "")
                + ".getOption().toolbox[0].feature.saveAsImage"), "the chart can be saved as PNG");
        ChartLabels.assertLegible(browser, "g1");
    }

    @Test
    void zgcLogAndRecordingOfARealJvm(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")), "JDK 25 not installed at " + JDK25);
        Path log = tmp.resolve("zgc.log");
        Path jfr = tmp.resolve("zgc.jfr");
        runJvm(JDK25, List.of("-XX:+UseZGC", "-Xlog:gc*,safepoint:file=" + log + ":time,uptime,level,tags"), jfr);
        Page fromLog = open(log, "zgc", tmp);
        fromLog.assertCharts(Set.of("pauses", "histogram", "percentiles", "heap", "rates", "concurrent",
                "safepoints"));
        fromLog.assertMaxPauseKept();
        Page fromJfr = open(jfr, "zgc-jfr", tmp);
        fromJfr.assertCharts(Set.of("pauses", "heap", "codecache"));
    }

    @Test
    void zgcLogOfOneCycleShowsItsLonePoints(@TempDir Path tmp) throws Exception {
        Path log = Path.of(System.getProperty("jvmtune.corpus", "../shared/corpus")).resolveSibling("corpus-wild")
                .resolve("eclipse+jifa/analysis_gc-log_src_test_resources_17ZGCParser.log");
        assumeTrue(Files.exists(log), "corpus file missing: " + log);
        Page page = open(log, "zgc-one-cycle", tmp);
        page.assertCharts(Set.of("pauses", "heap"));
        assertEquals(List.of(true, true), browser.executeScript("return window.jvmtuneCharts['run0-heap'].getOption()"
                + ".series.filter(function (s) { return s.data.length === 1; }).map(function (s) { return s.showSymbol; })"),
                "heap before and after GC, one point each, drawn as symbols");
    }

    @Test
    void legacyCmsLogOfTheCorpus(@TempDir Path tmp) throws Exception {
        Path log = corpus("preunified/cms/parnew/details/tenuring/860_gc.log");
        Page page = open(log, "cms", tmp);
        page.assertCharts(Set.of("pauses", "histogram", "percentiles", "heap", "pools", "rates", "phases",
                "concurrent"));
        page.assertMaxPauseKept();
        @SuppressWarnings("unchecked")
        List<String> bins = (List<String>) browser.executeScript(
                "return window.jvmtuneCharts['run0-histogram'].getOption().xAxis[0].data");
        assertFalse(bins.isEmpty(), "histogram bins");
        for (String bin : bins) { // round edges: "40-63 ms", not "39.811-63.096 ms"
            assertTrue(bin.replace(",", "").matches("(0\\.0*)?[1-9](\\.?\\d)?0*\u2013(0\\.0*)?[1-9](\\.?\\d)?0* ms"), "bin label " + bin
                    + " of " + bins);
        }
        // the findings carry flag lines to copy
        assertFalse(browser.findElements(By.cssSelector(".flags code")).isEmpty(), "a flag line to copy");
    }

    /**
     * Two CMS logs of the corpus of about four minutes each, whose overlaid charts once put the end of the longer log
     * 3 px from the last round tick ("4.2 min4.4 min"): every chart has points, no two labels of a chart overlap, and
     * the page's headline is the JSON's (the goal of one side judging the other: AnalyzeOutputsTest).
     */
    @Test
    void comparisonOfTwoRuns(@TempDir Path tmp) throws Exception {
        Path a = corpus("preunified/cms/parnew/details/tenuring/860_gc.log");
        Path b = corpus("preunified/cms/parnew/details/gccause/170/1.7.0_cms.log");
        Path html = tmp.resolve("compare.html");
        Path json = tmp.resolve("compare.json");
        Run r = cli("analyze", "-q", a.toString(), "--compare", b.toString(), "--html", html.toString(), "--json-out",
                json.toString());
        assertEquals(0, r.exit, r.err);
        Page page = load(html, "compare");
        for (String id : List.of("compare-pauses", "compare-percentiles", "compare-histogram", "compare-heap",
                "run0-pauses", "run1-pauses")) {
            assertTrue(page.charts.getOrDefault(id, 0L) > 0, id + " has data: " + page.charts);
        }
        page.charts.forEach((id, n) -> assertTrue(n > 0, "chart " + id + " drawn without data"));
        assertTrue(page.bodyText.contains("Differences"), page.bodyText);
        String headline = JSON.readTree(json.toFile()).path("headline").path("text").asText();
        assertTrue(headline.startsWith("B against A: "), headline);
        assertEquals(headline, browser.findElement(By.cssSelector("section.compare p.headline")).getText());
        ChartLabels.assertLegible(browser, "compare");
    }

    /**
     * {@code experiment --html} of a real small experiment: the timeseries workload at 1, 2 and 3 days under two
     * heaps (SerialGC, 256 MB and 96 MB; the small one runs out of memory at 3 days, ~31 MB a day being live),
     * 2 repeats, JDK 17, about 20 s. The chart holds one fitted line per configuration, every OK trial as a
     * point, the OOMs as failure markers at 3 days, and the small heap's capacity; markup in the spec stays text.
     */
    @Test
    @Order(AFTER_THE_OTHERS)
    void experimentReportOfARealSmallExperiment() throws Exception {
        Run r = await(experiment);
        assertEquals(0, r.exit, r.err);
        Page page = load(sessions.resolve("experiment/experiment.html"), "experiment");
        assertEquals(1, page.charts.size(), "one chart: " + page.charts);
        String chart = "window.jvmtuneCharts['experiment-sweep'].getOption().series";
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> series = (List<Map<String, Object>>) browser.executeScript(
                "return " + chart + ".map(function (s) { return {type: s.type, name: s.name, n: s.data.length,"
                        + " x: s.data.map(function (d) { return Array.isArray(d) ? d[0] : d.value[0]; }),"
                        + " marks: s.markPoint ? s.markPoint.data.map(function (m) { return m.name + '@' + m.coord[0]; })"
                        + " : [], knee: s.markLine ? s.markLine.data[0].xAxis : null}; })");
        List<Map<String, Object>> lines = series.stream().filter(s -> s.get("type").equals("line")).toList();
        assertEquals(2, lines.size(), "one line per configuration: " + series);
        for (Map<String, Object> l : lines) {
            assertEquals(2L, l.get("n"), "a fitted line: " + l);
            assertTrue(((String) l.get("name")).matches("jdk17/heap-(256|96)m  -?[0-9.]+ s/day"), "slope in the legend: " + l);
        }
        long okPoints = series.stream().filter(s -> s.get("type").equals("scatter") && !((String) s.get("name"))
                .startsWith("failed")).mapToLong(s -> (Long) s.get("n")).sum();
        assertTrue(okPoints >= 8, "the OK trials as points: " + series); // 10 unless a trial failed by chance
        Map<String, Object> oom = series.stream().filter(s -> s.get("name").equals("failed: OOM")).findFirst()
                .orElseThrow(() -> new AssertionError("no OOM markers: " + series));
        assertTrue((Long) oom.get("n") >= 1 && ((List<?>) oom.get("x")).stream()
                .allMatch(x -> ((Number) x).doubleValue() == 3), "OOMs at 3 days: " + oom);
        assertTrue(lines.stream().anyMatch(l -> l.get("name").toString().contains("heap-96m")
                && ((List<?>) l.get("marks")).contains("capacity@2") && ((Number) l.get("knee")).doubleValue() == 3),
                "the small heap's capacity at 2 days, its Full GCs from 3 (those of the OOMs): " + lines);
        assertTrue(page.bodyText.contains("OOM") && page.bodyText.contains("heap-96m vs jdk17/heap-256m"),
                "tables: " + page.bodyText);
        browser.findElement(By.cssSelector("details summary")).click();
        assertTrue(browser.findElement(By.cssSelector("details pre")).getText().contains(XSS), "the spec as text");
        assertEquals(null, browser.executeScript("return window.xss === undefined ? null : window.xss"));
        ChartLabels.assertLegible(browser, "experiment");
    }

    /** The experiment of {@link #experimentReportOfARealSmallExperiment}, run into {@code dir}. */
    private static Run runExperiment(Path dir) throws IOException {
        Path spec = Files.createDirectories(dir).resolve("tiny.yaml");
        Files.writeString(spec, """
                # %s
                name: tiny
                workload: timeseries
                jdks: [17]
                flags:
                  heap-256m: -XX:+UseSerialGC -Xmx256m
                  heap-96m: -XX:+UseSerialGC -Xmx96m
                params:
                  days: [1, 2, 3]
                repeats: 2
                warmup: 0
                timeout: 60s
                seed: 5
                metric: metrics.wallSec
                """.formatted(XSS));
        return cli("experiment", spec.toString(), "--db", dir.resolve("lab.db").toString(), "--out",
                dir.resolve("out").toString(), "--html", dir.resolve("experiment.html").toString());
    }

    /**
     * Whether {@code text} shows the interval [low, high] to 3 significant digits. tune.json holds its figures rounded
     * to 3 decimals and the page formats the unrounded ones, so the last digit may differ by one (0.97549 is 0.975 on
     * the page and 0.976 in the JSON).
     */
    private static boolean showsInterval(String text, double low, double high) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[([-+0-9.]+), ([-+0-9.]+)]").matcher(text);
        while (m.find()) {
            if (Math.abs(Double.parseDouble(m.group(1)) - low) <= 0.01 * Math.abs(low) + 1e-9
                    && Math.abs(Double.parseDouble(m.group(2)) - high) <= 0.01 * Math.abs(high) + 1e-9) {
                return true;
            }
        }
        return false;
    }

    /**
     * The tuning page of a session that accepts a change: the probe program runs twice as long under 128 MB of heap
     * ({@link TuneProbe}), so from {@code -Xmx64m} the search space's doubled heap is accepted and the goal met
     * (about 15 trials of 0.2-0.4 s). The page leads with the goal met and the flags to paste; the forest plot
     * holds every round of every candidate with the interval tune.json gives; the trials chart every trial; the
     * before/after charts and table are labelled baseline and final, with their flags.
     */
    @Test
    @Order(AFTER_THE_OTHERS)
    void tuningPageOfASessionThatAcceptsAChange() throws Exception {
        Run r = await(tuning);
        Path out = sessions.resolve("tune/tune");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("wrote " + out.resolve("report.html") + " (the tuning page)"), r.out);
        JsonNode result = JSON.readTree(out.resolve("tune.json").toFile());
        Page page = load(out.resolve("report.html"), "tune");
        assertEquals("true", browser.findElement(By.cssSelector("[data-goal-met]")).getAttribute("data-goal-met"));
        assertTrue(page.bodyText.contains("GOAL MET"), page.bodyText);
        assertEquals(result.path("finalFlags").asText(),
                browser.findElement(By.cssSelector("[data-section=Answer] .flags code")).getText());
        assertTrue(browser.findElement(By.cssSelector("[data-section=Answer] .flags button.copy")).isDisplayed());

        // every candidate, in order, with each round's interval in its table and in the forest plot
        List<double[]> intervals = new ArrayList<>();
        int steps = 0;
        for (JsonNode step : result.path("steps")) {
            String block = browser.findElement(By.cssSelector("[data-step='" + steps++ + "']")).getText();
            assertTrue(block.contains(step.path("source").asText()) && block.contains(step.path("reason").asText()),
                    block);
            assertTrue(block.startsWith(step.path("accepted").asBoolean() ? "ACCEPTED" : "REJECTED".toLowerCase()),
                    block);
            for (String round : List.of("firstRound", "pooled")) {
                JsonNode c = step.path(round);
                if (!c.isNull() && !c.isMissingNode()) {
                    intervals.add(new double[] {c.path("ciLow").asDouble(), c.path("ciHigh").asDouble()});
                    assertTrue(showsInterval(block, c.path("ciLow").asDouble(), c.path("ciHigh").asDouble()), block);
                }
            }
        }
        assertTrue(steps >= 1 && result.path("steps").get(steps - 1).path("accepted").asBoolean(), result.toString());
        @SuppressWarnings("unchecked")
        List<List<Number>> ci = (List<List<Number>>) browser.executeScript("return window.jvmtuneCharts['tune-forest']"
                + ".getOption().series.filter(function (s) { return s.name === '95% CI'; })[0].data");
        assertEquals(intervals.size(), ci.size(), "one interval per round: " + ci);
        for (int i = 0; i < ci.size(); i++) {
            assertEquals(intervals.get(i)[0], ci.get(i).get(0).doubleValue(), 1e-3, "round " + i + "'s CI low");
            assertEquals(intervals.get(i)[1], ci.get(i).get(1).doubleValue(), 1e-3, "round " + i + "'s CI high");
        }
        assertEquals(result.path("trialsRun").asLong(), page.charts.get("tune-trials"), "every trial: " + page.charts);

        // before and after, labelled with their flags
        @SuppressWarnings("unchecked")
        List<String> sides = (List<String>) browser.executeScript("return window.jvmtuneCharts['compare-pauses']"
                + ".getOption().series.map(function (s) { return s.name; })");
        assertEquals(List.of("baseline", "final"), sides);
        for (String id : List.of("compare-pauses", "compare-heap", "run0-pauses", "run1-pauses")) {
            assertTrue(page.charts.getOrDefault(id, 0L) > 0, id + " has data: " + page.charts);
        }
        String differences = browser.findElement(By.cssSelector("section.compare")).getText();
        assertTrue(differences.contains("baseline -Xmx64m") && differences.contains("final -Xmx128m")
                && differences.contains("final vs baseline"), differences);
        ChartLabels.assertLegible(browser, "tune");
    }

    /** The session of {@link #tuningPageOfASessionThatAcceptsAChange}, run into {@code dir}. */
    private static Run runTuning(Path dir) throws IOException {
        TuneProbe probe = TuneProbe.compile(Files.createDirectories(dir.resolve("probe")));
        Path out = dir.resolve("tune");
        // the probe sleeps: no GC or compiler time explains its slowness, so the goal's bound would stop the session
        // after the baseline; --beyond-bound goes on
        List<String> args = new ArrayList<>(List.of("tune", "--out", out.toString(), "--db",
                out.resolve("jvmtune.db").toString(), "--goal", "metrics.wallSec <= -30%", "--flags", "-Xmx64m",
                "--beyond-bound", "--"));
        args.addAll(probe.command("heap", "128", "200"));
        return cli(args.toArray(String[]::new));
    }

    /** {@code demo} with a budget that ends after the baseline: its page says nothing was accepted, and why. */
    @Test
    void demoWritesTheTuningPage(@TempDir Path tmp) throws Exception {
        Run r = cli("demo", "--days", "1", "--minutes", "0.01", "--jdk", "17", "--out", tmp.toString());
        assertEquals(Main.GOAL_NOT_MET, r.exit, r.out + r.err);
        Page page = load(tmp.resolve("report.html"), "demo");
        assertEquals("false", browser.findElement(By.cssSelector("[data-goal-met]")).getAttribute("data-goal-met"));
        assertTrue(page.bodyText.contains("No change was accepted: no candidate was tried"), page.bodyText);
        assertTrue(page.bodyText.contains("Nothing was accepted: the final flags are the starting ones"), page.bodyText);
        assertEquals(3L, page.charts.get("tune-trials"), "the baseline's trials: " + page.charts);
        assertEquals("baseline", browser.findElement(By.cssSelector("section.before-after p.side")).getText());
        assertTrue(browser.findElement(By.cssSelector("section.before-after")).getText()
                .contains(JSON.readTree(tmp.resolve("tune.json").toFile()).path("baselineDir").asText()),
                "the baseline trial's own GC report");
    }

    /**
     * A million pauses ({@code -Xlog:gc} lines, 28 h of pauses 100 ms apart, one of them 987.654 ms): the file
     * stays under 20 MB, the longest pause is drawn, and zooming redraws; times go to the test output
     * (docs/report.md quotes them).
     */
    @Test
    void aMillionPausesRenderAndZoom(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("million.log");
        java.util.Random random = new java.util.Random(11);
        try (java.io.BufferedWriter w = Files.newBufferedWriter(log)) {
            w.write("[0.010s][info][gc] Using G1\n");
            StringBuilder line = new StringBuilder(100);
            for (int i = 0; i < 1_000_000; i++) {
                long micros = i == 654_321 ? 987_654 : 1000 + random.nextInt(9000); // in us: 1-10 ms
                line.setLength(0);
                line.append('[').append(1 + i / 10).append('.').append(i % 10).append("00s][info][gc] GC(").append(i)
                        .append(") Pause Young (Normal) (G1 Evacuation Pause) ").append(200 + i % 50).append("M->")
                        .append(100 + i % 30).append("M(512M) ").append(micros / 1000).append('.')
                        .append(String.valueOf(1000 + micros % 1000).substring(1)).append("ms\n");
                w.append(line);
            }
        }
        Page page = open(log, "million", tmp);
        Path html = ARTIFACTS.resolve("million.html");
        assertTrue(Files.size(html) < 20L << 20, "file size " + Files.size(html));
        assertEquals(987.654, page.jsonMaxMs, 1e-9);
        page.assertMaxPauseKept();
        page.assertCharts(Set.of("pauses", "histogram", "percentiles", "heap", "rates"));
        // flush: ECharts redraws inside the call, so the time around it is the redraw
        Object zoomMs = browser.executeScript("var c = window.jvmtuneCharts['run0-pauses'];"
                + "var t0 = performance.now(); c.dispatchAction({type: 'dataZoom', start: 40, end: 60}, {flush: true});"
                + "return performance.now() - t0;");
        assertEquals(40.0, ((Number) browser.executeScript(
                "return window.jvmtuneCharts['run0-pauses'].getOption().dataZoom[0].start")).doubleValue());
        System.out.printf(java.util.Locale.ROOT, "HtmlReportBrowserTest: a million pauses -> %,d bytes, page ready in"
                + " %.0f ms, zoom redrawn in %.0f ms%n", Files.size(html), page.readyMs, ((Number) zoomMs).doubleValue());
    }

    /** The console check itself: a page whose script throws is caught (else "no errors" would mean nothing). */
    @Test
    void theConsoleCheckSeesAnError(@TempDir Path tmp) throws IOException {
        Path html = tmp.resolve("throws.html");
        Files.writeString(html, "<!DOCTYPE html><html><body><script>throw new Error('boom')</script></body></html>");
        browser.get(html.toUri().toString());
        AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> assertNoConsoleErrors("throws.html"));
        assertTrue(e.getMessage().contains("boom"), e.getMessage());
    }

    /** The label check itself: a label past the chart's edge and two on top of each other are caught. */
    @Test
    void theLabelCheckSeesACutAndAnOverlap(@TempDir Path tmp) throws IOException {
        Path html = Files.writeString(tmp.resolve("illegible.html"), ChartLabels.illegiblePage());
        browser.get(html.toUri().toString());
        AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> ChartLabels.assertLegible(browser, "illegible.html"));
        assertTrue(e.getMessage().contains("illegible: \"an axis name at its end\" cut at the right edge")
                && e.getMessage().contains("illegible: \"one\" and \"two\" overlap"), e.getMessage());
    }

    // ------------------------------------------------------------------------------------------ helpers

    /** What the loaded page showed: data points per chart id, its text. */
    private final class Page {
        final Map<String, Long> charts;
        final String bodyText;
        final double jsonMaxMs;
        final double warmupEndSec;
        /** From navigation start to the end of the page's script (every chart set up). */
        final double readyMs;

        Page(Map<String, Long> charts, String bodyText, double jsonMaxMs, double warmupEndSec, double readyMs) {
            this.charts = charts;
            this.bodyText = bodyText;
            this.jsonMaxMs = jsonMaxMs;
            this.warmupEndSec = warmupEndSec;
            this.readyMs = readyMs;
        }

        /** These charts of run 0 are drawn with data, and every chart drawn holds some. */
        void assertCharts(Set<String> expected) {
            for (String id : expected) {
                assertTrue(charts.getOrDefault("run0-" + id, 0L) > 0, "chart " + id + " has data: " + charts);
            }
            charts.forEach((id, n) -> assertTrue(n > 0, "chart " + id + " drawn without data"));
        }

        /** The longest pause of the log is a point of the pauses chart: downsampling keeps maxima. */
        void assertMaxPauseKept() {
            Object max = ((JavascriptExecutor) browser).executeScript(
                    "var m = 0; window.jvmtuneCharts['run0-pauses'].getOption().series.forEach(function (s) {"
                            + " s.data.forEach(function (p) { m = Math.max(m, p[1]); }); }); return m;");
            assertEquals(jsonMaxMs, ((Number) max).doubleValue(), 0.0011, "longest pause in the chart");
        }
    }

    /** The report of {@code log} ({@code analyze} with {@code options}) loaded, checked and photographed. */
    private Page open(Path log, String name, Path tmp, String... options) throws Exception {
        Path html = tmp.resolve(name + ".html");
        Path json = tmp.resolve(name + ".json");
        List<String> args = new ArrayList<>(List.of("analyze", "-q", log.toString(), "--html", html.toString(),
                "--json-out", json.toString()));
        args.addAll(List.of(options));
        Run r = cli(args.toArray(String[]::new));
        assertEquals(0, r.exit, r.err);
        Page p = load(html, name);
        JsonNode summary = JSON.readTree(json.toFile()).path("runs").path(0).path("summary");
        assertTextSectionsInOrder(log, name, options);
        return new Page(p.charts, p.bodyText, summary.path("pauses").path("maxMs").asDouble(),
                summary.path("steadyState").path("warmupEndSec").asDouble(Double.NaN), p.readyMs);
    }

    private Page load(Path html, String name) throws IOException {
        Files.copy(html, ARTIFACTS.resolve(name + ".html"), StandardCopyOption.REPLACE_EXISTING);
        browser.manage().window().setSize(new Dimension(1400, 900));
        browser.get(html.toUri().toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Boolean.TRUE.equals(browser.executeScript("return window.jvmtuneReady === true"))) {
            assertTrue(System.nanoTime() < deadline, name + ": the page's script did not finish in 60 s");
            sleep(50);
        }
        assertNoConsoleErrors(name);
        JavascriptExecutor js = browser;
        assertEquals(null, js.executeScript("return window.xss === undefined ? null : window.xss"),
                "markup from the log ran");
        @SuppressWarnings("unchecked")
        Map<String, Long> charts = (Map<String, Long>) js.executeScript(
                "var out = {}; Object.keys(window.jvmtuneCharts).forEach(function (id) {"
                        + " out[id] = window.jvmtuneCharts[id].getOption().series.reduce(function (n, s) {"
                        + " return n + (s.data ? s.data.length : 0); }, 0); }); return out;");
        assertNotNull(charts);
        assertFalse(charts.isEmpty(), name + ": no chart drawn");
        String body = browser.findElement(By.tagName("body")).getText();
        // every log-scale toggle, on and off again: zero-length pauses must not break a log axis
        for (int round = 0; round < 2; round++) {
            browser.executeScript("document.querySelectorAll('.chart-card label input').forEach(function (b) {"
                    + " b.click(); });");
        }
        assertNoConsoleErrors(name + " after the log-scale toggles");
        double ready = ((Number) js.executeScript("return window.jvmtuneReadyMs")).doubleValue();
        screenshot(name);
        return new Page(charts, body, Double.NaN, Double.NaN, ready);
    }

    /**
     * Every section of the text report ({@code analyze LOG}, the same options) has its counterpart in the HTML,
     * in the same order: each text line that opens a section (a label, or {@code note:}, {@code warning:},
     * {@code skipped:}) against the page's {@code data-section} blocks.
     */
    private void assertTextSectionsInOrder(Path log, String name, String... options) {
        List<String> args = new ArrayList<>(List.of("analyze", "-q", log.toString()));
        args.addAll(List.of(options));
        Run text = cli(args.toArray(String[]::new));
        assertEquals(0, text.exit, text.err);
        List<String> sections = new ArrayList<>();
        for (String line : text.out.split("\n")) {
            java.util.regex.Matcher m = java.util.regex.Pattern
                    .compile("^(note|warning|skipped):|^(Recording) |^([A-Z][A-Za-z0-9 .()-]*?)(\\s{2,}|$)").matcher(line);
            if (!line.startsWith("==") && !line.isBlank() && m.find()) {
                String label = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3).strip();
                if (sections.isEmpty() || !sections.get(sections.size() - 1).equals(label)) {
                    sections.add(label);
                }
            }
        }
        @SuppressWarnings("unchecked")
        List<String> html = (List<String>) browser.executeScript("return Array.from(document.querySelectorAll("
                + "'section.run [data-section]')).map(function (e) { return e.getAttribute('data-section'); })");
        int at = 0;
        for (String section : sections) {
            int found = html.subList(at, html.size()).indexOf(section);
            assertTrue(found >= 0, name + ": text section '" + section + "' has no counterpart after position " + at
                    + " in the HTML " + html + "\ntext sections " + sections);
            at += found;
        }
        assertTrue(sections.size() >= 8, name + ": sections of the text " + sections);
    }

    /**
     * A log with {@code time} decorations is drawn against wall-clock time: the pauses' x axis is a time axis whose
     * first point is the first pause's uptime plus the log's offset; the uptime choice turns it back.
     */
    private void assertWallClockAxis(Path log, double offset) throws IOException {
        String pauses = "window.jvmtuneCharts['run0-pauses'].getOption()";
        assertEquals("time", browser.executeScript("return " + pauses + ".xAxis[0].type"));
        double firstX = ((Number) browser.executeScript("var s = " + pauses + ".series; var m = Infinity;"
                + "s.forEach(function (x) { x.data.forEach(function (p) { m = Math.min(m, p[0]); }); }); return m;"))
                .doubleValue();
        String first = Files.readAllLines(log).stream().filter(l -> l.contains(" Pause ") && l.contains("ms"))
                .findFirst().orElseThrow();
        java.time.OffsetDateTime logged = java.time.OffsetDateTime.parse(first.substring(1, first.indexOf(']')),
                java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ"));
        assertEquals(logged.toInstant().toEpochMilli(), firstX, 1000.0,
                "the first pause at the wall-clock time its log line gives (the line ends it, the point starts it)");
        browser.findElement(By.cssSelector("input[name='run0-axis'][value='uptime']")).click();
        assertEquals("value", browser.executeScript("return " + pauses + ".xAxis[0].type"));
        browser.findElement(By.cssSelector("input[name='run0-axis'][value='wall']")).click();
        assertEquals("time", browser.executeScript("return " + pauses + ".xAxis[0].type"));
        assertTrue(offset > 1.5e9, "seconds since the epoch at uptime 0: " + offset);
    }

    /** Pointing at a pause shows which collection it was: its GC id, and the log file and line it ends on. */
    private void assertTooltipNamesThePause(Path log) throws IOException {
        @SuppressWarnings("unchecked")
        List<Object> point = (List<Object>) browser.executeScript("var c = window.jvmtuneCharts['run0-pauses'];"
                + "var d = c.getOption().series[0].data; var p = d[Math.floor(d.length / 2)];"
                + "c.dispatchAction({type: 'showTip', seriesIndex: 0, dataIndex: Math.floor(d.length / 2)});"
                + "return p;");
        long gcId = ((Number) point.get(2)).longValue();
        long line = ((Number) point.get(7)).longValue();
        String tip = (String) browser.executeScript("return document.querySelector('#run0-pauses').innerText");
        assertTrue(tip.contains("GC(" + gcId + ")"), "the tooltip names the GC id: " + tip);
        assertTrue(tip.contains(log.getFileName() + ":" + line),
                "the tooltip names the log file and line: " + tip);
        String logged = Files.readAllLines(log).get((int) line - 1);
        assertTrue(logged.contains("GC(" + gcId + ")"), "that line of the log is the pause's: " + logged);
    }

    private void assertNoConsoleErrors(String what) {
        List<String> errors = new ArrayList<>();
        for (LogEntry e : browser.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                errors.add(e.getMessage());
            }
        }
        assertTrue(errors.isEmpty(), what + ": console errors " + errors);
    }

    /** The whole page: the window is made as tall as the document first. */
    private void screenshot(String name) throws IOException {
        Number height = (Number) browser.executeScript("return document.documentElement.scrollHeight");
        browser.manage().window().setSize(new Dimension(1400, Math.min(16000, height.intValue() + 40)));
        browser.executeScript("Object.values(window.jvmtuneCharts).forEach(function (c) { c.resize(); })");
        File shot = browser.getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), ARTIFACTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private record Run(int exit, String out, String err) {
    }

    private static Run cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Path corpus(String relative) {
        Path p = Path.of(System.getProperty("jvmtune.corpus", "../shared/corpus"), "gctoolkit-testdata", relative);
        assumeTrue(Files.exists(p), "corpus file missing: " + p);
        return p;
    }

    /** The bundled churn for 3 s with a 64 MB live set, so that old regions fill and concurrent cycles run. */
    private static void runJvm(Path jdk, List<String> flags, Path jfr) throws Exception {
        Path classes = Path.of(AllocationChurn.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/java").toString(), "-Xmx256m"));
        cmd.addAll(flags);
        if (jfr != null) {
            cmd.add("-XX:StartFlightRecording=filename=" + jfr + ",settings=default");
        }
        cmd.addAll(List.of("-cp", classes.toString(), AllocationChurn.class.getName(), "--seconds", "3"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("child JVM did not finish: " + cmd);
        }
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + new String(out, StandardCharsets.UTF_8));
    }
}
