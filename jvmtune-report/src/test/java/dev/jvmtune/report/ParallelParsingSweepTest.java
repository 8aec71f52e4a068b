package dev.jvmtune.report;

import static dev.jvmtune.report.ParallelParsingTest.CORPUS;
import static dev.jvmtune.report.ParallelParsingTest.WILD;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exhaustive sweep behind {@link ParallelParsingTest}: every log of both corpora read in blocks, and small logs of
 * each dialect split before each of their lines, each giving the documents of a read in order byte for byte. About two
 * minutes on a loaded 2-core machine, so tagged {@code ab} and left out of CI (pom.xml's
 * {@code jvmtune.test.excludedGroups}); run it after a change to a parser's state or to the reading in blocks:
 * {@code ./mvnw -pl jvmtune-report -am test -Dtest=ParallelParsingSweepTest -Djvmtune.test.excludedGroups=none
 * -Dsurefire.failIfNoSpecifiedTests=false}, or {@code bench/ab-tests.sh}.
 */
@Tag("ab")
class ParallelParsingSweepTest {

    /** Every log of both corpora, each with a block size: 1 KiB, 8 KiB and 64 KiB in turn. */
    static Stream<Arguments> corpusLogs() throws IOException {
        List<Path> logs = new ArrayList<>();
        for (Path root : List.of(CORPUS, WILD)) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(Files::isRegularFile)
                        .filter(p -> !p.getFileName().toString().matches("(?i).*\\.(json|md|jfr|jfr\\.gz)|LICENSE.*"))
                        .sorted().forEach(logs::add);
            }
        }
        int[] sizes = {1 << 10, 8 << 10, 64 << 10};
        return IntStream.range(0, logs.size()).mapToObj(i -> Arguments.of(logs.get(i), sizes[i % 3]));
    }

    /**
     * Every log of both corpora on two threads, in small blocks: many edges in every log (inside collections, JDK 8
     * records over several lines, headers, restarts), and at 64 KiB blocks long enough to be joined far from an edge.
     */
    @ParameterizedTest(name = "{0} in blocks of {1} bytes")
    @MethodSource("corpusLogs")
    void everyCorpusLogReadsAlikeInBlocks(Path log, int blockBytes) throws IOException {
        ParallelParsingTest.assertReadsAlike(log, blockBytes);
    }

    /** Small logs of each dialect. */
    static Stream<Arguments> smallLogs() {
        return Stream.of(
                Arguments.of("unified G1 JDK 17, a concurrent cycle", WILD.resolve("chewiebug+GCViewer/src_test_resources_"
                        + "openjdk_unified-jvm-logging_sample-ujl-jdk17-full-concurrent-cycle-g1-gc-all-safepont,os-cpu.txt")),
                Arguments.of("unified G1, two runs", GoldenFilesTest.resource("g1-evacuation-failure-two-runs.log")),
                Arguments.of("unified ZGC JDK 17", WILD.resolve("eclipse+jifa/analysis_gc-log_src_test_resources_17ZGCParser.log")),
                Arguments.of("unified Shenandoah JDK 17", WILD.resolve("chewiebug+GCViewer/src_test_resources_openjdk_"
                        + "unified-jvm-logging_Sample-ujl-shenandoah-jdk17.txt")),
                Arguments.of("JDK 8 G1", WILD.resolve("wankunde+gclog_helper/samples_jdk8_G1GC_timestamp.log")),
                Arguments.of("JDK 8 CMS", CORPUS.resolve("gctoolkit-testdata/preunified/cms/parnew/details/tenuring/180/"
                        + "scavangeBeforeRemarkWithReference.log")),
                Arguments.of("JDK 8 Parallel", CORPUS.resolve("gctoolkit-testdata/preunified/ps/details/parallel_adaptive.log")));
    }

    /** Split before each line (and every so many bytes after). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("smallLogs")
    void smallLogSplitAtEveryLine(String dialect, Path log) throws IOException {
        assumeTrue(Files.exists(log), "no log " + log + " (the corpus lives in ../shared)");
        ParallelParsingTest.everyLineEnd(log);
    }

    @Test
    void jdk8ShenandoahSplitAtEveryLine(@TempDir Path dir) throws IOException {
        ParallelParsingTest.everyLineEnd(ParallelParsingTest.jdk8ShenandoahLog(dir));
    }

    /** Every line its own block. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("smallLogs")
    void everyLineItsOwnBlock(String dialect, Path log) throws IOException {
        ParallelParsingTest.Outputs blocks = ParallelParsingTest.assertReadsAlike(log, 1);
        assertTrue(blocks.blocks() > 10, () -> "only " + blocks.blocks() + " blocks");
    }
}
