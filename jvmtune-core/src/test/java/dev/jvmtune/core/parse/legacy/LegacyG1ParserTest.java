package dev.jvmtune.core.parse.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.model.SafepointEvent;
import dev.jvmtune.core.parse.CollectingListener;
import dev.jvmtune.core.parse.LineReader;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.parse.Pools;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link LegacyG1Parser} on the JDK 7/8 G1 logs of the shared corpus. Expected figures are read off the
 * log lines quoted next to them; event counts per kind agree with GCViewer 1.36 where GCViewer reads the
 * file (see docs/gcviewer-comparison.md) and with {@code grep} counts of the record lines.
 */
class LegacyG1ParserTest {

    private static final double EPS = 1e-9;

    private static Path corpus(String rel) {
        Path p = Path.of(System.getProperty("jvmtune.corpus", "../shared/corpus"), "gctoolkit-testdata", rel);
        assumeTrue(Files.exists(p), "corpus file missing: " + p);
        return p;
    }

    /** What the parser reported for one file, fed line by line as {@code GcLogStream} does. */
    record Parsed(List<GcEvent> events, List<SafepointEvent> safepoints, List<String> warnings,
                  List<Long> unrecognized, LegacyG1Parser parser) {

        Map<GcKind, Integer> countByKind() {
            Map<GcKind, Integer> m = new EnumMap<>(GcKind.class);
            events.forEach(e -> m.merge(e.kind(), 1, Integer::sum));
            return m;
        }

        List<GcEvent> pauses() {
            return events.stream().filter(GcEvent::isPause).toList();
        }

        GcEvent at(GcKind kind, double uptime) {
            return events.stream().filter(e -> e.kind() == kind && Math.abs(e.uptimeSec() - uptime) < 1e-6)
                    .findFirst().orElseThrow(() -> new AssertionError("no " + kind + " at " + uptime));
        }
    }

    static Parsed parse(Path file) throws IOException {
        CollectingListener c = new CollectingListener();
        LegacyG1Parser parser = new LegacyG1Parser(c);
        try (InputStream in = Files.newInputStream(file)) {
            LineReader lines = new LineReader(in, 1 << 20);
            while (lines.next()) {
                parser.line(lines.buffer(), lines.start(), lines.end(), lines.lineNumber());
            }
        }
        parser.finish();
        return new Parsed(c.events, c.safepoints, c.warnings, c.unrecognizedLines, parser);
    }

    static Stream<Arguments> corpusFiles() {
        // file, YOUNG, CONCURRENT_START, MIXED, FULL, REMARK, CLEANUP, CONCURRENT, evacuation failures
        return Stream.of(
                Arguments.of("preunified/g1gc/details/170_51mastermind.log", 480, 0, 0, 0, 0, 0, 0),
                Arguments.of("preunified/g1gc/details/g1.details.cause.log", 130, 33, 2, 22, 17, 17, 71),
                Arguments.of("preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log",
                        1315, 10, 49, 7, 7, 7, 27),
                Arguments.of("preunified/g1gc/details/reference/post17040/gc_with_overflow.log", 158, 40, 0, 402, 3, 3,
                        80),
                Arguments.of("preunified/g1gc/details/tenuring/180/g1gc.log", 65, 18, 16, 0, 18, 18, 43),
                Arguments.of("preunified/g1gc/fine/gc_finest.log", 131, 5, 2, 0, 5, 5, 12),
                Arguments.of("streaming/rotating_directory/gc.log.0", 1867, 73, 287, 0, 73, 73, 219),
                Arguments.of("streaming/rotating_directory/gc.log.1.current", 803, 13, 55, 0, 13, 13, 39));
    }

    /**
     * Every record of every G1 corpus log, by kind; every line understood. Independent checks: the
     * concurrent phases equal the "concurrent-...-end, " and "concurrent-mark-abort" occurrences, the
     * evacuation failures the lines saying "to-space exhausted".
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("corpusFiles")
    void countsByKindAndNothingUnrecognized(String rel, int young, int concurrentStart, int mixed, int full,
                                            int remark, int cleanup, int concurrent) throws IOException {
        Path file = corpus(rel);
        Parsed p = parse(file);
        Map<GcKind, Integer> kinds = p.countByKind();
        assertEquals(young, kinds.getOrDefault(GcKind.YOUNG, 0), "YOUNG");
        assertEquals(concurrentStart, kinds.getOrDefault(GcKind.CONCURRENT_START, 0), "CONCURRENT_START");
        assertEquals(mixed, kinds.getOrDefault(GcKind.MIXED, 0), "MIXED");
        assertEquals(full, kinds.getOrDefault(GcKind.FULL, 0), "FULL");
        assertEquals(remark, kinds.getOrDefault(GcKind.REMARK, 0), "REMARK");
        assertEquals(cleanup, kinds.getOrDefault(GcKind.CLEANUP, 0), "CLEANUP");
        assertEquals(concurrent, kinds.getOrDefault(GcKind.CONCURRENT, 0), "CONCURRENT");
        assertEquals(List.of(), p.unrecognized(), "unrecognized lines");
        assertEquals(List.of(), p.warnings(), "warnings");

        List<String> lines;
        try (Stream<String> s = Files.lines(file, StandardCharsets.ISO_8859_1)) {
            lines = s.toList();
        }
        long concurrentInLog = lines.stream().mapToLong(l -> count(l, "-end, ") + count(l, "concurrent-mark-abort")).sum();
        assertEquals(concurrentInLog, concurrent);
        long toSpace = lines.stream().filter(l -> l.contains("to-space exhausted")).count();
        assertEquals(toSpace, p.events().stream().filter(e -> e.incidents().contains(GcIncident.EVACUATION_FAILURE))
                .count(), "pauses with (to-space exhausted)");
        for (GcEvent e : p.pauses()) {
            assertTrue(e.pauseMs() >= 0 && e.pauseMs() == e.durationMs(), "pause time of " + e);
            assertEquals("G1", e.collector().label());
            assertEquals(-1, e.gcId());
            assertTrue(!Double.isNaN(e.uptimeSec()), "uptime of the pause at line " + e.line());
        }
    }

    private static long count(String s, String what) {
        long n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /**
     * gc_finest.log lines 8-84 (G1LogLevel=finest: each worker's value, then Min/Avg/Max on the next line):
     * {@code 5.052: [GC pause (G1 Evacuation Pause) (young), 0.0069788 secs]} ...
     * {@code [Object Copy (ms):  3.2  3.9 ...} / {@code Min: 3.2, Avg: 4.0, Max: 4.2, Diff: 1.0, Sum: 31.8]} ...
     * {@code [Eden: 24.0M(24.0M)->0.0B(29.0M) Survivors: 0.0B->3072.0K Heap: 24.0M(256.0M)->7041.5K(256.0M)]}
     * {@code [Times: user=0.04 sys=0.01, real=0.01 secs]}.
     */
    @Test
    void finestPauseWithPhasesHeapAndCpu() throws IOException {
        Parsed p = parse(corpus("preunified/g1gc/fine/gc_finest.log"));
        GcEvent e = p.events().get(0);
        assertEquals(GcKind.YOUNG, e.kind());
        assertEquals("GC pause (young)", e.name());
        assertEquals("G1 Evacuation Pause", e.cause());
        assertEquals(5.052, e.uptimeSec(), EPS);
        assertNull(e.wallTime());
        assertEquals(6.9788, e.pauseMs(), EPS);
        assertEquals(84, e.line());
        assertEquals(MemoryUsage.bytes("Heap", 24L << 20, Math.round(7041.5 * 1024), 256L << 20), e.heap());
        assertEquals(MemoryUsage.bytes("Eden regions", 24L << 20, 0, 29L << 20), Pools.named(e, "Eden regions"));
        assertEquals(MemoryUsage.bytes("Survivor regions", 0, 3072L << 10, -1), Pools.named(e, "Survivor regions"));
        assertPhase(e, "Parallel Time", 5.0, 5.0);
        assertPhase(e, "Parallel Time/Object Copy", 4.0, 4.2);
        assertPhase(e, "Parallel Time/Ext Root Scanning/Thread Roots", 0.4, 0.8);
        assertPhase(e, "Other/Free CSet/Young Free CSet", 0.1, 0.1);
        assertEquals(1.2, e.phaseMs("Ref Proc"), EPS);
        // worker start/end are timestamps and "Processed Buffers", "Termination Attempts" are counts: no phases
        assertTrue(e.phases().stream().noneMatch(ph -> ph.name().startsWith("GC Worker Start")
                || ph.name().equals("Processed Buffers") || ph.name().equals("Termination Attempts")), e.phases().toString());
        assertEquals(0.04, e.cpu().userSec(), EPS);
        assertEquals(0.01, e.cpu().sysSec(), EPS);
        assertEquals(0.01, e.cpu().realSec(), EPS);
        assertEquals(8, p.parser().facts().parallelWorkers());
        // "[GC pause (G1 Humongous Allocation) (young) (initial-mark), ..." (3 in this log)
        assertEquals(3, p.pauses().stream().filter(x -> x.cause().equals("G1 Humongous Allocation")
                && x.kind() == GcKind.CONCURRENT_START).count());
        assertEquals("1.8.0_65-b17", p.parser().facts().version());
        assertEquals(4294967296L, p.parser().facts().heapMaxBytes());
    }

    /**
     * gc_finest.log line 10073: {@code 34.563: [GC remark 34.564: [Finalize Marking, 0.0004574 secs] 34.564:
     * [GC ref-proc, 0.0004055 secs] 34.565: [Unloading 34.565: [System Dictionary Unloading, 0.0002019 secs]
     * ... 0.0038935 secs], 0.0059585 secs]}, line 10075: {@code 34.570: [GC cleanup 87M->86M(256M), 0.0007347 secs]}.
     */
    @Test
    void remarkNestedPhasesAndCleanupHeap() throws IOException {
        Parsed p = parse(corpus("preunified/g1gc/fine/gc_finest.log"));
        GcEvent remark = p.at(GcKind.REMARK, 34.563);
        assertEquals(5.9585, remark.pauseMs(), EPS);
        assertPhase(remark, "Finalize Marking", 0.4574, 0.4574);
        assertPhase(remark, "GC ref-proc", 0.4055, 0.4055);
        assertPhase(remark, "Unloading/System Dictionary Unloading", 0.2019, 0.2019);
        assertPhase(remark, "Unloading", 3.8935, 3.8935);
        assertEquals(10074, remark.line()); // its [Times: ...] line
        GcEvent cleanup = p.at(GcKind.CLEANUP, 34.570);
        assertEquals(0.7347, cleanup.pauseMs(), EPS);
        assertEquals(MemoryUsage.bytes("Heap", 87L << 20, 86L << 20, 256L << 20), cleanup.heap());
    }

    /**
     * gc_with_overflow.log lines 5391-5396: a Full GC whose first line is cut by three concurrent-phase lines
     * and resumes with PrintReferenceGC records:
     * <pre>
     * 100081.540: [Full GC100081.540: [GC concurrent-root-region-scan-start]
     * 100081.540: [GC concurrent-root-region-scan-end, 0.0000080 secs]
     * 100081.540: [GC concurrent-mark-start]
     * 100084.860: [SoftReference, 22 refs, 0.0000340 secs]100084.860: [WeakReference, ...] 510M->510M(512M), 4.3335850 secs]
     *    [Eden: 0.0B(25.0M)->0.0B(25.0M) Survivors: 0.0B->0.0B Heap: 510.9M(512.0M)->510.9M(512.0M)]
     *  [Times: user=3.44 sys=1.62, real=4.34 secs]
     * </pre>
     */
    @Test
    void fullGcInterruptedByConcurrentPhasesIsReassembled() throws IOException {
        Parsed p = parse(corpus("preunified/g1gc/details/reference/post17040/gc_with_overflow.log"));
        GcEvent full = p.at(GcKind.FULL, 100081.540);
        assertEquals(4333.585, full.pauseMs(), EPS);
        assertEquals(5396, full.line());
        assertEquals(Math.round(510.9 * (1 << 20)), full.heap().beforeBytes());
        assertEquals(512L << 20, full.heap().capacityBytes());
        assertPhase(full, "SoftReference", 0.034, 0.034);
        assertPhase(full, "JNI Weak Reference", 0.004, 0.004);
        assertEquals(3.44, full.cpu().userSec(), EPS);
        assertEquals(1, p.events().stream().filter(e -> e.line() == 5396).count(), "counted once");
        GcEvent scan = p.events().stream().filter(e -> e.line() == 5392).findFirst().orElseThrow();
        assertEquals(GcKind.CONCURRENT, scan.kind());
        assertEquals("GC concurrent-root-region-scan", scan.name());
        assertEquals(0.008, scan.durationMs(), EPS);
        assertEquals(0.0, scan.pauseMs());
        // the Full GC aborts the marking started at 100081.540: "100087.705: [GC concurrent-mark-abort]"
        GcEvent abort = p.events().stream().filter(e -> e.line() == 5400).findFirst().orElseThrow();
        assertEquals(java.util.Set.of(GcIncident.CONCURRENT_MARK_ABORT), abort.incidents());
        assertEquals(100081.540, abort.uptimeSec(), 1e-6);
        assertEquals((100087.705 - 100081.540) * 1000, abort.durationMs(), 1e-6);

        // line 1: "0.844: [Full GC0.855: [SoftReference, 0 refs, 0.0000230 secs]... 17M->3756K(13M), 0.0236280 secs]"
        GcEvent first = p.events().get(0);
        assertEquals(GcKind.FULL, first.kind());
        assertEquals("", first.cause());
        assertEquals(23.628, first.pauseMs(), EPS);
        assertEquals(0.023, first.phaseMs("SoftReference"), EPS);
        assertEquals(0.21, first.phaseMs("FinalReference"), EPS);
    }

    /**
     * corrupted/full_concurrent_mark_failure.log: tenuring lines inside the initial-mark pause, a
     * {@code [Times: ...]} line continued by a concurrent record, and a Full GC split over four lines:
     * {@code 21306.670: [Full GC (Allocation Failure)21306.681: [GC concurrent-root-region-scan-end, 0.0136760 secs]},
     * {@code 21306.681: [GC concurrent-mark-start]}, {@code  9212M->4852M(27G), 18.1959410 secs]}.
     */
    @Test
    void interleavedTenuringAndConcurrentLines() throws IOException {
        Parsed p = parse(corpus("preunified/g1gc/corrupted/full_concurrent_mark_failure.log"));
        assertEquals(List.of(), p.unrecognized());
        List<GcEvent> pauses = p.pauses();
        assertEquals(2, pauses.size());
        GcEvent im = pauses.get(0);
        assertEquals(GcKind.CONCURRENT_START, im.kind());
        assertEquals("GC pause (young) (initial-mark)", im.name());
        assertEquals(223.725, im.pauseMs(), EPS);
        assertEquals(21306.443, im.uptimeSec(), EPS);
        assertEquals(1.70, im.cpu().userSec(), EPS);
        assertPhase(im, "Parallel Time/Code Root Marking", 63.5, 110.5);
        GcEvent full = pauses.get(1);
        assertEquals(GcKind.FULL, full.kind());
        assertEquals("Allocation Failure", full.cause());
        assertEquals(21306.670, full.uptimeSec(), EPS);
        assertEquals(18195.941, full.pauseMs(), EPS);
        assertEquals(Math.round(9212.3 * (1 << 20)), full.heap().beforeBytes());
        assertEquals(25.37, full.cpu().userSec(), EPS);
        GcEvent scan = p.events().stream().filter(e -> e.name().equals("GC concurrent-root-region-scan"))
                .findFirst().orElseThrow();
        assertEquals(13.676, scan.durationMs(), EPS);
        GcEvent abort = p.events().get(p.events().size() - 1);
        assertEquals(GcKind.CONCURRENT, abort.kind());
        assertEquals(java.util.Set.of(GcIncident.CONCURRENT_MARK_ABORT), abort.incidents());
        assertEquals((21324.870 - 21306.681) * 1000, abort.durationMs(), 1e-6);
    }

    /**
     * tenuring/180/g1gc.log lines 24-27: {@code 24.263: [GC pause (young)}, {@code Desired survivor size
     * 1572864 bytes, new threshold 15 (max 15)}, {@code , 0.0052520 secs]}; and safepoint lines garbled by a
     * concurrent thread: line 4432 {@code 652.538: 652.538Total time for which application threads were
     * stopped: 0.0061060 seconds} followed by {@code : [GC concurrent-root-region-scan-start]}.
     */
    @Test
    void tenuringInsideThePauseAndGarbledSafepointLines() throws IOException {
        Parsed p = parse(corpus("preunified/g1gc/details/tenuring/180/g1gc.log"));
        GcEvent first = p.pauses().get(0);
        assertEquals(24.263, first.uptimeSec(), EPS);
        assertEquals(5.252, first.pauseMs(), EPS);
        assertEquals("", first.cause());
        assertEquals(46, first.line());
        long stoppedLines;
        try (Stream<String> s = Files.lines(corpus("preunified/g1gc/details/tenuring/180/g1gc.log"))) {
            stoppedLines = s.filter(l -> l.contains("Total time for which application threads were stopped")).count();
        }
        assertEquals(stoppedLines, p.safepoints().size());
        SafepointEvent garbled = p.safepoints().stream().filter(s -> s.line() == 4432).findFirst().orElseThrow();
        assertEquals(6.106, garbled.totalMs(), EPS);
        assertEquals(652.538, garbled.uptimeSec(), EPS);
        assertTrue(p.events().stream().anyMatch(e -> e.line() == 1557 && e.kind() == GcKind.CONCURRENT
                && Math.abs(e.durationMs() - 4.033) < EPS), "line 1557: [GC concurrent-root-region-scan-end, 0.0040330 secs]");
    }

    /**
     * gc1gc_details_adaptivesizing_rset.log lines 2-5: G1Ergonomics records inside the pause's first line and
     * between it and its end; G1SummarizeRSetStats blocks between pauses:
     * {@code 2014-08-01T09:04:46.201-0500: 506.644: [GC pause (young) 506.645: [G1Ergonomics (CSet Construction)
     * start choosing CSet, _pending_cards: 15995, ..., target pause time: 100.00 ms]} ... {@code , 0.1549750 secs]}.
     */
    @Test
    void ergonomicsInsideThePauseAndTargetPauseTimeFact() throws IOException {
        Parsed p = parse(corpus("preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log"));
        GcEvent first = p.pauses().get(0);
        assertEquals(GcKind.YOUNG, first.kind());
        assertEquals(506.644, first.uptimeSec(), EPS);
        assertEquals(154.975, first.pauseMs(), EPS);
        assertEquals(java.time.Instant.parse("2014-08-01T14:04:46.201Z"), first.wallTime());
        assertEquals(Math.round(129.4 * (1 << 20)), first.heap().afterBytes());
        assertEquals(130L << 20, Pools.named(first, "Survivor regions").afterBytes());
        assertEquals("100.00 ms", p.parser().facts().raw().get("G1 target pause time"));
        assertEquals(18, p.parser().facts().parallelWorkers());
        // line 5121: " (to-space exhausted), 0.4483810 secs]" ends the young pause opened on line 5114
        GcEvent exhausted = p.events().stream().filter(e -> e.incidents().contains(GcIncident.EVACUATION_FAILURE))
                .findFirst().orElseThrow();
        assertEquals(448.381, exhausted.pauseMs(), EPS);
        assertEquals(1529.174, exhausted.uptimeSec(), EPS);
        assertEquals(GcKind.YOUNG, exhausted.kind());
    }

    /**
     * corrupted/no_young_intro.log starts inside a pause ({@code 17464 total}, tenuring lines,
     * {@code , 0,0854230 secs]}) with comma decimals; its last line jumps back in time.
     */
    @Test
    void logStartingMidRecordCountsThePauseAndWarns() throws IOException {
        Parsed p = parse(corpus("preunified/g1gc/corrupted/no_young_intro.log"));
        assertEquals(List.of(2L), p.unrecognized(), "only the cut line '17464 total'");
        List<GcEvent> pauses = p.pauses();
        assertEquals(1, pauses.size());
        GcEvent e = pauses.get(0);
        assertEquals(GcKind.PAUSE, e.kind());
        assertEquals(85.423, e.pauseMs(), EPS);
        assertTrue(Double.isNaN(e.uptimeSec()));
        assertEquals(Math.round(4982.3 * (1 << 20)), e.heap().beforeBytes());
        assertEquals(Math.round(2486.0 * (1 << 20)), Pools.named(e, "Eden regions").beforeBytes());
        assertPhase(e, "Parallel Time/Object Copy", 14.9, 16.2);
        assertEquals(0.87, e.cpu().userSec(), EPS);
        assertTrue(p.warnings().stream().anyMatch(w -> w.startsWith("15: end of a pause record whose first line is missing")),
                p.warnings().toString());
        assertTrue(p.warnings().stream().anyMatch(w -> w.startsWith("36: clock went back")), p.warnings().toString());
        assertEquals(1, p.safepoints().size());
        assertEquals(90.53, p.safepoints().get(0).totalMs(), EPS);
    }

    /** rollsbackclock.log line 5: the date stamp goes back a minute ({@code 07:57:15.207} to {@code 07:56:15.085}). */
    @Test
    void dateStampGoingBackIsWarnedAbout() throws IOException {
        Parsed p = parse(corpus("preunified/g1gc/corrupted/rollsbackclock.log"));
        assertEquals(List.of(4L), p.unrecognized(), "line 4 is cut: '...: 30285,518: cation threads were stopped'");
        assertEquals(2, p.safepoints().size());
        assertEquals(1.021, p.safepoints().get(0).totalMs(), EPS);
        assertTrue(p.warnings().stream().anyMatch(w -> w.startsWith("5: clock went back") && w.contains("wall clock")),
                p.warnings().toString());
    }

    /** broken_datetimestamp.log: {@code 2014-06-16T0,959: Application time: 0,0004470 seconds}. */
    @Test
    void malformedDateStampIsWarnedAbout() throws IOException {
        Parsed p = parse(corpus("preunified/g1gc/corrupted/broken_datetimestamp.log"));
        assertEquals(List.of(), p.unrecognized());
        assertEquals(List.of(), p.events());
        assertTrue(p.warnings().stream().anyMatch(w -> w.startsWith("1: malformed date stamp")), p.warnings().toString());
    }

    /** The public entry point picks this parser for a G1 legacy log and reads a rotated pair as one timeline. */
    @Test
    void gcLogStreamReadsG1LegacyLogs() throws IOException {
        Path dir = corpus("streaming/rotating_directory");
        List<GcEvent> events = new ArrayList<>();
        try (GcLogStream s = GcLogStream.openFile(dir)) {
            s.start(JvmEvent.only(GcEvent.class, events::add));
            for (InputStats in : s.inputs()) {
                assertEquals(LogFormat.LEGACY, in.format());
                assertEquals(0, in.unrecognizedLines(), in.path());
                assertEquals(List.of(), in.warnings(), in.path());
            }
            assertEquals("G1", s.facts().collector().label());
            assertEquals(2L << 20, s.facts().regionSizeBytes());
            assertEquals(7.748, s.firstTimestampSec(), EPS);
            assertEquals(71649.121, s.lastTimestampSec(), EPS);
        }
        assertEquals(2373 + 897, events.stream().filter(GcEvent::isPause).count());
        GcEvent first = events.get(0);
        assertEquals(java.time.Instant.parse("2016-08-30T11:35:57.614Z"), first.wallTime());
        assertEquals(76.02, first.pauseMs(), EPS);
    }

    /**
     * Two real logs in one file, as when a JVM's stdout is appended to on every start: uptime falls from
     * 1398.470 s (last line of g1.details.cause.log) to 0.079 s (first pause of 170_51mastermind.log), and
     * each run is analysed on its own with its own pause figures (221 and 480 pauses, as read from each file
     * alone).
     */
    @Test
    void uptimeFallingInOneFileStartsANewRun(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        Path first = corpus("preunified/g1gc/details/g1.details.cause.log");
        Path second = corpus("preunified/g1gc/details/170_51mastermind.log");
        Path both = tmp.resolve("appended.log");
        Files.write(both, Files.readAllBytes(first));
        Files.write(both, Files.readAllBytes(second), java.nio.file.StandardOpenOption.APPEND);
        long firstLines;
        try (Stream<String> s = Files.lines(first)) {
            firstLines = s.count();
        }

        List<dev.jvmtune.core.run.Run> runs = dev.jvmtune.core.run.RunReader.read(
                dev.jvmtune.core.input.LogInputs.resolve(List.of(both)).get(0), dev.jvmtune.core.run.RunReader.Options.DEFAULT);

        assertEquals(2, runs.size());
        assertEquals(221, runs.get(0).summary().pauses().count());
        assertEquals(480, runs.get(1).summary().pauses().count());
        assertEquals(parse(first).events().stream().filter(GcEvent::isPause).mapToDouble(GcEvent::pauseMs).sum(),
                runs.get(0).summary().pauses().totalMs(), 1e-6);
        assertEquals(parse(second).events().stream().filter(GcEvent::isPause).mapToDouble(GcEvent::pauseMs).sum(),
                runs.get(1).summary().pauses().totalMs(), 1e-6);
        assertTrue(runs.get(1).name().endsWith("(run 2 from line " + (firstLines + 1) + ")"), runs.get(1).name());
    }

    private static void assertPhase(GcEvent e, String path, double ms, double maxMs) {
        Phase p = phase(e, path);
        assertEquals(ms, p.ms(), EPS, path);
        assertEquals(maxMs, p.maxMs(), EPS, path);
    }

    /**
     * Every prefix of every line of a log with interleaved records, fed as lines of their own (what a cut or
     * overwritten log looks like), never throws; the parser then reads the whole log as if nothing happened.
     */
    @Test
    void cutLinesNeverThrowAndTheParserRecovers() throws IOException {
        Path file = corpus("preunified/g1gc/corrupted/full_concurrent_mark_failure.log");
        Parsed clean = parse(file);
        CollectingListener c = new CollectingListener();
        LegacyG1Parser parser = new LegacyG1Parser(c);
        byte[] all = Files.readAllBytes(file);
        long n = 0;
        for (String l : new String(all, StandardCharsets.ISO_8859_1).split("\n")) {
            byte[] b = l.getBytes(StandardCharsets.ISO_8859_1);
            for (int cut = 0; cut <= b.length; cut++) {
                parser.line(b, 0, cut, ++n);
            }
        }
        parser.fileBoundary();
        c.events.clear();
        try (InputStream in = Files.newInputStream(file)) {
            LineReader lines = new LineReader(in, 1 << 20);
            while (lines.next()) {
                parser.line(lines.buffer(), lines.start(), lines.end(), lines.lineNumber());
            }
        }
        parser.finish();
        assertTrue(!c.warnings.isEmpty(), "cut records are warned about");
        assertEquals(clean.pauses().stream().map(GcEvent::pauseMs).toList(),
                c.events.stream().filter(GcEvent::isPause).map(GcEvent::pauseMs).toList());
    }

    private static Phase phase(GcEvent e, String path) {
        return e.phases().stream().filter(p -> p.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError("no phase " + path + " in " + e.phases()));
    }

    @Test
    void pausesHaveTheirOwnTimeNotAnInterleavedOne() throws IOException {
        // g1.details.cause.log line 1: "0.777: [Full GC (System.gc()) 17M->3758K(13M), 0.0233460 secs]" followed by
        // "   [Eden: 18.0M(24.0M)->0.0B(5120.0K) Survivors: 0.0B->0.0B Heap: 17.2M(256.0M)->3758.6K(13.0M)]"
        Parsed p = parse(corpus("preunified/g1gc/details/g1.details.cause.log"));
        GcEvent full = p.events().get(0);
        assertEquals(GcKind.FULL, full.kind());
        assertEquals("System.gc()", full.cause());
        assertEquals(23.346, full.pauseMs(), EPS);
        assertEquals(Math.round(17.2 * (1 << 20)), full.heap().beforeBytes(), "the detail line's finer figure wins");
        assertEquals(13L << 20, full.heap().capacityBytes());
        assertEquals(5120L << 10, Pools.named(full, "Eden regions").capacityBytes());
        assertNotNull(full.cpu());
    }
}
