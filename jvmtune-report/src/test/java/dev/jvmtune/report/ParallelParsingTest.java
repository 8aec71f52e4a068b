package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.input.Parallelism;
import dev.jvmtune.core.input.UnsupportedLogException;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
 * A log read in blocks on several threads gives the documents of reading it in order, byte for byte: the JSON
 * document, the events and the text. This class is CI's share, a few seconds: one or two small logs of every kind of
 * record edge, in blocks of 1 KiB (an edge inside nearly every record) - JDK 8 records over several lines (G1, CMS,
 * Parallel, Serial, Shenandoah), unified GC ids whose lines straddle an edge (G1, ZGC, Shenandoah), a clock going
 * back and a second JVM's header (restarts, with each run's part of the file), a gzip file and a rotated set - and
 * two small logs with every line its own block. Pipes, rotated gzip sets with a damaged and an unreadable file, and
 * over-long lines are {@code ParallelTextTest}'s (jvmtune-core).
 *
 * <p>The exhaustive sweep is {@link ParallelParsingSweepTest}, tagged {@code ab} and so left out of CI (about two
 * minutes on a loaded 2-core machine): every log of both corpora in blocks of 1, 8 and 64 KiB in turn, and small logs
 * of each dialect split before each of their lines. Run it after a change to a parser's state or to the reading in
 * blocks: {@code ./mvnw -pl jvmtune-report -am test -Dtest=ParallelParsingSweepTest -Djvmtune.test.excludedGroups=none
 * -Dsurefire.failIfNoSpecifiedTests=false} (or {@code bench/ab-tests.sh}, which runs every {@code ab} test).
 */
class ParallelParsingTest {

    static final Path CORPUS = Path.of(System.getProperty("jvmtune.corpus", "../../shared/corpus"));
    static final Path WILD = Path.of(System.getProperty("jvmtune.corpusWild", "../../shared/corpus-wild"));

    /** What {@code analyze --json --events} and the text summary write, and how the blocks went. */
    record Outputs(String json, String events, String text, long blocks, long joined) {
    }

    static Outputs analyze(Path log, Parallelism parsing) throws IOException {
        ByteArrayOutputStream events = new ByteArrayOutputStream();
        RunFormat eventFormat = RunFormat.events("golden");
        List<Run> runs = new ArrayList<>();
        StringBuilder refused = new StringBuilder();
        long blocks = 0;
        long joined = 0;
        List<LogInputs.Timeline> timelines = LogInputs.resolve(List.of(log));
        for (LogInputs.Timeline t : timelines) {
            Consumer<JvmEvent> tap = eventFormat.attach(events, timelines.size() > 1 ? t.name() : null);
            GcLogStream stream = GcLogStream.open(t).parallelism(parsing);
            try {
                runs.addAll(RunReader.read(stream, RunReader.Options.DEFAULT.tap(tap)));
            } catch (UnsupportedLogException e) {
                refused.append(e.getMessage()).append('\n');
            }
            blocks += stream.blockCounts().blocks();
            joined += stream.blockCounts().joined();
        }
        eventFormat.write(runs, events);
        return new Outputs(render(FormatType.JSON, runs), events.toString(StandardCharsets.UTF_8),
                render(FormatType.TEXT, runs) + refused, blocks, joined);
    }

    private static String render(FormatType type, List<Run> runs) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RunFormat.FORMATS.create(type, "test").write(runs, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    static void assertSame(Outputs inOrder, Outputs blocks, String what) {
        assertEquals(inOrder.json, blocks.json, () -> "JSON document differs: " + what);
        assertEquals(inOrder.events, blocks.events, () -> "events differ: " + what);
        assertEquals(inOrder.text, blocks.text, () -> "text differs: " + what);
    }

    /** Reads {@code log} in order and in blocks of {@code blockBytes} on two threads; returns the read in blocks. */
    static Outputs assertReadsAlike(Path log, int blockBytes) throws IOException {
        assumeTrue(Files.exists(log), () -> "no log " + log + " (the corpus lives in ../shared)");
        Outputs blocks = analyze(log, new Parallelism(2, blockBytes));
        assertSame(analyze(log, Parallelism.SEQUENTIAL), blocks, log + " in blocks of " + blockBytes);
        return blocks;
    }

    /**
     * One or two small logs of each kind of record edge (see the class comment), each with a block size that puts an
     * edge inside nearly every record: 1 KiB, 128 bytes for a log of a few hundred, 8 KiB for the files of a rotated
     * set (their edges are the files').
     */
    static Stream<Arguments> edgeKinds() {
        return Stream.of(
                Arguments.of("JDK 8 G1, records over several lines", WILD.resolve("wankunde+gclog_helper/samples_jdk8_G1GC_timestamp.log"), 1 << 10),
                Arguments.of("JDK 8 CMS", CORPUS.resolve("gctoolkit-testdata/preunified/cms/parnew/details/tenuring/180/"
                        + "scavangeBeforeRemarkWithReference.log"), 1 << 10),
                Arguments.of("JDK 8 Parallel", CORPUS.resolve("gctoolkit-testdata/preunified/ps/details/parallel_adaptive.log"), 1 << 10),
                Arguments.of("JDK 8 Serial", CORPUS.resolve("gctoolkit-testdata/preunified/serial/defnew/details/tenuring/180/serial180.log"), 1 << 10),
                Arguments.of("JDK 8 G1, a clock going back", CORPUS.resolve("gctoolkit-testdata/preunified/g1gc/corrupted/rollsbackclock.log"), 128),
                Arguments.of("JDK 6, gzip", WILD.resolve("chewiebug+GCViewer/src_test_resources_openjdk_SampleSun1_6_0PrintHeapAtGC.txt.gz"), 128),
                Arguments.of("unified G1 JDK 17, GC ids over edges", WILD.resolve("chewiebug+GCViewer/src_test_resources_"
                        + "openjdk_unified-jvm-logging_sample-ujl-jdk17-full-concurrent-cycle-g1-gc-all-safepont,os-cpu.txt"), 1 << 10),
                Arguments.of("unified G1, two runs", GoldenFilesTest.resource("g1-evacuation-failure-two-runs.log"), 1 << 10),
                Arguments.of("unified ZGC JDK 17", WILD.resolve("eclipse+jifa/analysis_gc-log_src_test_resources_17ZGCParser.log"), 1 << 10),
                Arguments.of("unified Shenandoah JDK 17", WILD.resolve("chewiebug+GCViewer/src_test_resources_openjdk_"
                        + "unified-jvm-logging_Sample-ujl-shenandoah-jdk17.txt"), 1 << 10),
                Arguments.of("a rotated set", WILD.resolve("dsgrieve+mastermind"), 8 << 10));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edgeKinds")
    void everyKindOfEdgeReadsAlikeInBlocks(String kind, Path log, int blockBytes) throws IOException {
        Outputs blocks = assertReadsAlike(log, blockBytes);
        assertTrue(blocks.blocks > 1, () -> kind + ": read in " + blocks.blocks + " block(s), no edge");
    }

    /**
     * Every line its own block: each edge at once, the true parser going on from block to block, and joins at each.
     * Whether a block is parsed ahead (and so joined) or in order depends on when the pool's threads start it, so the
     * logs are read again, alike each time, until a join has been seen, a bounded number of times.
     */
    @Test
    void everyLineItsOwnBlock(@TempDir Path dir) throws IOException {
        List<Path> logs = List.of(GoldenFilesTest.resource("g1-evacuation-failure-two-runs.log"), jdk8ShenandoahLog(dir));
        long joined = 0;
        int reads = 0;
        for (; reads < MAX_READS_FOR_A_JOIN && joined == 0; reads++) {
            for (Path log : logs) {
                Outputs blocks = assertReadsAlike(log, 1);
                assertTrue(blocks.blocks > 10, () -> log + ": only " + blocks.blocks + " blocks");
                joined += blocks.joined;
            }
        }
        int tries = reads;
        assertTrue(joined > 0, () -> "no block was joined at a checkpoint in " + tries
                + " reads of each log: only the fallback was tested");
    }

    /** Reads of {@link #everyLineItsOwnBlock} before no join counts as a failure (each read is a few milliseconds). */
    private static final int MAX_READS_FOR_A_JOIN = 50;

    /** A JDK 8 Shenandoah log of three cycles: triggers, degenerated and Full GCs, a concurrent phase cancelled. */
    static Path jdk8ShenandoahLog(Path dir) throws IOException {
        Path log = dir.resolve("shenandoah-jdk8.log");
        StringBuilder s = new StringBuilder("""
                OpenJDK 64-Bit Server VM (25.242-b08) for linux-amd64 JRE (1.8.0_242-b08), built on Jan 17 2020 09:36:23 by "mockbuild" with gcc 4.8.5 20150623 (Red Hat 4.8.5-39)
                CommandLine flags: -XX:MaxHeapSize=268435456 -XX:+PrintGC -XX:+PrintGCDateStamps -XX:+PrintGCDetails -XX:+PrintGCTimeStamps -XX:+UseShenandoahGC
                """);
        for (int i = 0; i < 3; i++) {
            String t = "2020-03-10T08:0" + (3 + i) + ":29.365-0400: " + (i * 60) + ".";
            s.append("Trigger: Learning ").append(i + 1).append(" of 5. Free (181M) is below initial threshold (181M)\n")
                    .append("Free: 181M, Max: 1024K regular, 181M humongous, Frag: 0% external, 0% internal\n")
                    .append(t).append("427: [Pause Init Mark (process weakrefs), 0.419 ms]\n")
                    .append(t).append("428: [Concurrent marking (process weakrefs) 92M->93M(256M), 12.802 ms]\n")
                    .append(t).append("441: [Pause Final Mark (process weakrefs), 0.664 ms]\n")
                    .append(t).append("449: [Pause Degenerated GC (Mark) 250M->120M(256M), 55.337 ms]\n")
                    .append(t).append("549: [Pause Full 250M->20M(256M), 101.102 ms], [Metaspace: 28195K->28164K(1073152K)]\n")
                    .append(t).append("662: [Concurrent reset\n")
                    .append("    Failed to allocate Shared, 288B\n")
                    .append("    Cancelling GC: Allocation Failure\n")
                    .append(", 13.279 ms]\n");
        }
        Files.writeString(log, s.toString());
        return log;
    }

    /**
     * For each line, blocks of as many bytes as come before it: the first edge falls right before that line, later
     * ones every so many bytes; together the runs put an edge at every line end.
     */
    static void everyLineEnd(Path log) throws IOException {
        Outputs inOrder = analyze(log, Parallelism.SEQUENTIAL);
        byte[] bytes = Files.readAllBytes(log);
        long joined = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' && i + 1 < bytes.length) {
                Outputs blocks = analyze(log, new Parallelism(2, i + 1));
                assertSame(inOrder, blocks, log + " split after byte " + (i + 1));
                joined += blocks.joined;
            }
        }
        assertTrue(joined > 0, "no block was ever joined at a checkpoint: only the fallback was tested");
    }
}
