package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jvmtune.core.Json;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.report.html.HtmlFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every format of {@code analyze} on logs of every dialect and the concurrent collectors, and of
 * {@code analyze --compare}, against golden files ({@code src/test/resources/golden/NAME.txt}, {@code .json},
 * {@code .jsonl}, {@code .csv}, {@code .html.json} - the HTML report's embedded chart data): text, the JSON document,
 * the events, the CSV row and what the page draws. A change of any figure, field or event shows in review as a diff
 * of these files ({@link Golden} says how to regenerate them).
 */
class GoldenFilesTest {

    static final Path GOLDEN = Path.of("src", "test", "resources", "golden");
    private static final String REGENERATE = "./mvnw -o -pl jvmtune-report -am test -Dtest=GoldenFilesTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Djvmtune.golden=update";
    private static final ObjectMapper PRETTY = Json.mapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The logs: a name for the golden files and where the log is (corpus, or this module's test resources). */
    static Stream<Arguments> logs() {
        return Stream.of(
                Arguments.of("g1-unified-jdk11", corpus("unified/g1gc/jvm-gc-10Nov2022.log")),
                Arguments.of("zgc-generational-jdk25", resource("zgc-jdk25.log")),
                Arguments.of("zgc-stalls-jdk17", resource("zgc-stalls-jdk17.log")),
                Arguments.of("shenandoah-unified", corpus("shenandoah/shenandoah.log.0")),
                Arguments.of("cms-parnew-jdk8",
                        corpus("preunified/cms/parnew/details/tenuring/180/scavangeBeforeRemarkWithReference.log")),
                Arguments.of("parallel-jdk8", corpus("preunified/ps/details/parallel_adaptive.log")),
                Arguments.of("jfr-g1-jdk17", resource("g1-jdk17.jfr.gz")),
                // two runs in one log (a restart), to-space exhausted; and G1's PLAB statistics
                Arguments.of("g1-restart-jdk17", resource("g1-evacuation-failure-two-runs.log")),
                Arguments.of("g1-plab-jdk17", resource("g1-plab-jdk17.log")));
    }

    static Path corpus(String relative) {
        return Path.of(System.getProperty("jvmtune.corpus", "../../shared/corpus"), "gctoolkit-testdata", relative);
    }

    static Path resource(String name) {
        try {
            return Path.of(GoldenFilesTest.class.getResource("/logs/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What {@code analyze LOG --json-out --events --html} writes for {@code log}, copied to {@code dir} first. */
    record Outputs(String text, String json, String events, String csv, String htmlData) {
    }

    static Outputs analyze(Path log, Path dir) throws IOException {
        assumeTrue(Files.exists(log), "no log " + log + " (the corpus lives in ../shared/corpus)");
        Path copy = dir.resolve(log.getFileName().toString());
        Files.copy(log, copy);
        ByteArrayOutputStream events = new ByteArrayOutputStream();
        RunFormat eventFormat = RunFormatType.EVENTS.create("golden");
        Consumer<JvmEvent> tap = eventFormat.attach(events, null);
        List<Run> runs = RunReader.read(copy, RunReader.Options.DEFAULT.withSeries().tap(tap));
        eventFormat.write(runs, events);
        String text = render(RunFormatType.TEXT, runs);
        String json = render(RunFormatType.JSON, runs);
        String csv = render(RunFormatType.CSV, runs);
        List<HtmlFormat.ChartRun> charts = new ArrayList<>();
        runs.forEach(r -> charts.add(new HtmlFormat.ChartRun(r.name(), r.series())));
        JsonNode data = PRETTY.readTree(HtmlFormat.data(new HtmlFormat.Data("runs", charts)));
        String dirName = dir.toString();
        return new Outputs(anonymous(text, dirName), anonymous(json, dirName),
                anonymous(events.toString(StandardCharsets.UTF_8), dirName), anonymous(csv, dirName),
                anonymous(PRETTY.writeValueAsString(data) + "\n", dirName));
    }

    private static String render(RunFormatType type, List<Run> runs) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        type.create("golden").write(runs, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The temporary directory out of the paths, so that the files do not depend on where the test ran. */
    private static String anonymous(String s, String dir) {
        return s.replace(dir, "LOGS");
    }

    /**
     * {@code analyze A --compare B --pause-goal 10} in every format of the comparison, against
     * {@code golden/compare-NAME.txt}, {@code .json}, {@code .csv} and {@code .html.json}: the comparison's own text
     * (the runs' reports that follow it are the analysis files'), its JSON document, its CSV and what its page draws.
     * G1 on JDK 17 against generational ZGC on JDK 25: logs of this module, so the test never skips.
     */
    @Test
    void theComparisonInEveryFormatMatchesItsGoldenFiles(@TempDir Path dir) throws IOException {
        RunReader.Options options = RunReader.Options.DEFAULT.pauseGoal(10).withSeries();
        Run a = one(resource("g1-plab-jdk17.log"), dir, options);
        Run b = one(resource("zgc-jdk25.log"), dir, options);
        RunComparison c = RunComparison.of("A", a, "B", b, RunComparison.goal("A", a, "B", b));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        c.text(text);
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        c.json("golden", json);
        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        c.csv(csv);
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        new HtmlFormat("golden").compare(c, page);
        String html = page.toString(StandardCharsets.UTF_8);
        String open = "<script type=\"application/json\" id=\"jvmtune-data\">";
        int start = html.indexOf(open) + open.length();
        String data = PRETTY.writeValueAsString(
                PRETTY.readTree(html.substring(start, html.indexOf("</script>", start))));
        String dirName = dir.toString();
        List<String> problems = new ArrayList<>();
        for (String[] f : new String[][] {{".txt", text.toString(StandardCharsets.UTF_8)},
            {".json", json.toString(StandardCharsets.UTF_8)}, {".csv", csv.toString(StandardCharsets.UTF_8)},
            {".html.json", data + "\n"}}) {
            String p = Golden.check(GOLDEN.resolve("compare-g1-jdk17-zgc-jdk25" + f[0]), anonymous(f[1], dirName),
                    REGENERATE);
            if (p != null) {
                problems.add(p);
            }
        }
        Golden.assertNone(problems);
    }

    /** The one run of {@code log}, read from a copy in {@code dir}. */
    private static Run one(Path log, Path dir, RunReader.Options options) throws IOException {
        Path copy = Files.copy(log, dir.resolve(log.getFileName().toString()));
        List<Run> runs = RunReader.read(copy, options);
        assertEquals(1, runs.size(), log + " holds one run");
        return runs.get(0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void everyFormatMatchesItsGoldenFile(String name, Path log, @TempDir Path dir) throws IOException {
        Outputs o = analyze(log, dir);
        List<String> problems = new ArrayList<>();
        for (String[] f : new String[][] {{".txt", o.text()}, {".json", o.json()}, {".jsonl", o.events()}, {".csv", o.csv()},
            {".html.json", o.htmlData()}}) {
            String p = Golden.check(GOLDEN.resolve(name + f[0]), f[1], REGENERATE);
            if (p != null) {
                problems.add(p);
            }
        }
        Golden.assertNone(problems);
    }
}
