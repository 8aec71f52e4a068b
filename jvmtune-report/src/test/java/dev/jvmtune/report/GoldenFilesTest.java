package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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

    /**
     * What {@code analyze LOG} writes for {@code log} (copied to {@code dir} first) in every format, the events
     * attached to the read as {@code --events} attaches them.
     */
    static Map<FormatType, String> analyze(Path log, Path dir) throws IOException {
        assumeTrue(Files.exists(log), "no log " + log + " (the corpus lives in ../shared/corpus)");
        Path copy = dir.resolve(log.getFileName().toString());
        Files.copy(log, copy);
        ByteArrayOutputStream events = new ByteArrayOutputStream();
        RunFormat eventFormat = RunFormat.events("golden");
        Consumer<JvmEvent> tap = eventFormat.attach(events, null);
        List<Run> runs = RunReader.read(copy, RunReader.Options.DEFAULT.withSeries().tap(tap));
        eventFormat.write(runs, events);
        String dirName = dir.toString();
        Map<FormatType, String> outputs = new EnumMap<>(FormatType.class);
        for (FormatType type : RunFormat.FORMATS.types()) {
            outputs.put(type, anonymous(type == FormatType.EVENTS ? events.toString(StandardCharsets.UTF_8)
                    : Golden.render(RunFormat.FORMATS, type, runs), dirName));
        }
        return outputs;
    }

    /** The temporary directory out of the paths, so that the files do not depend on where the test ran. */
    private static String anonymous(String s, String dir) {
        return s.replace(dir, "LOGS");
    }

    /**
     * {@code analyze A --compare B --pause-goal 10} in every format of the comparison, against
     * {@code golden/compare-NAME.txt}, {@code .json}, {@code .csv} and {@code .html.json}: its text (the headline, the
     * differences, then both runs' reports), its JSON document, its CSV and what its page draws.
     * G1 on JDK 17 against generational ZGC on JDK 25: logs of this module, so the test never skips.
     */
    @Test
    void theComparisonInEveryFormatMatchesItsGoldenFiles(@TempDir Path dir) throws IOException {
        RunReader.Options options = RunReader.Options.DEFAULT.pauseGoal(10).withSeries();
        Run a = one(resource("g1-plab-jdk17.log"), dir, options);
        Run b = one(resource("zgc-jdk25.log"), dir, options);
        RunComparison c = RunComparison.of("A", a, "B", b, RunComparison.goal("A", a, "B", b));
        String dirName = dir.toString();
        Golden.assertNone(Golden.checkEvery(GOLDEN, "compare-g1-jdk17-zgc-jdk25", RunComparison.FORMATS, c,
                s -> anonymous(s, dirName), REGENERATE));
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
        List<String> problems = new ArrayList<>();
        for (Map.Entry<FormatType, String> o : analyze(log, dir).entrySet()) {
            String p = Golden.check(Golden.file(GOLDEN, name, o.getKey()), o.getValue(), REGENERATE);
            if (p != null) {
                problems.add(p);
            }
        }
        Golden.assertNone(problems);
    }
}
