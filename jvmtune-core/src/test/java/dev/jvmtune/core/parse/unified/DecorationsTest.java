package dev.jvmtune.core.parse.unified;

import dev.jvmtune.core.parse.CollectingListener;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.SafepointEvent;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Single lines with every decoration set {@code -Xlog} offers (the same sets the JFR accuracy test runs
 * real JVMs with), fed to {@link UnifiedLogParser}: the decorations must not change what is read.
 */
class DecorationsTest {

    private static final String PAUSE = "GC(7) Pause Young (Normal) (G1 Evacuation Pause) 120M->40M(256M) 12.500ms";
    private static final String START = "GC(7) Pause Young (Normal) (G1 Evacuation Pause)";
    private static final long MB = 1L << 20;
    /** 2024-03-01T09:15:30.250Z, the wall time of the summary lines below. */
    private static final Instant END_WALL = Instant.parse("2024-03-01T09:15:30.250Z");
    private static final Instant START_WALL = END_WALL.minusNanos(12_500_000);

    static CollectingListener parse(String... lines) {
        CollectingListener c = new CollectingListener();
        UnifiedLogParser p = new UnifiedLogParser(c);
        long n = 0;
        for (String line : lines) {
            byte[] b = ("xx" + line + "yy").getBytes(StandardCharsets.UTF_8); // offsets must be honoured
            p.line(b, 2, b.length - 2, ++n);
        }
        p.finish();
        assertEquals(List.of(), c.unrecognized, "unrecognized lines");
        return c;
    }

    private static GcEvent only(CollectingListener c) {
        assertEquals(1, c.events.size(), () -> "events: " + c.events);
        return c.events.get(0);
    }

    private static void assertPause(GcEvent e) {
        assertEquals(7, e.gcId());
        assertEquals(GcKind.YOUNG, e.kind());
        assertTrue(e.isPause());
        assertEquals("Pause Young (Normal)", e.name());
        assertEquals("G1 Evacuation Pause", e.cause());
        assertEquals(12.5, e.pauseMs(), 1e-9);
        assertEquals(12.5, e.durationMs(), 1e-9);
        MemoryUsage heap = e.heap();
        assertEquals(120 * MB, heap.beforeBytes());
        assertEquals(40 * MB, heap.afterBytes());
        assertEquals(256 * MB, heap.capacityBytes());
    }

    @Test
    void uptimeLevelTags() {
        GcEvent e = only(parse("[12.345s][info][gc] " + PAUSE));
        assertPause(e);
        assertEquals(12.3325, e.uptimeSec(), 1e-9); // the line is written at the end of the pause
        assertNull(e.wallTime());
    }

    @Test
    void paddedTagsAsHotSpotWritesThem() {
        GcEvent e = only(parse("[12.345s][info][gc          ] " + PAUSE));
        assertPause(e);
        assertEquals(12.3325, e.uptimeSec(), 1e-9);
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "debug", "trace"})
    void everyLevel(String level) {
        GcEvent e = only(parse("[12.345s][" + level + "][gc] " + PAUSE));
        assertPause(e);
        assertEquals(12.3325, e.uptimeSec(), 1e-9);
    }

    @Test
    void timeUptimeLevelTags() {
        GcEvent e = only(parse("[2024-03-01T10:15:30.250+0100][12.345s][info][gc] " + PAUSE));
        assertPause(e);
        assertEquals(12.3325, e.uptimeSec(), 1e-9);
        assertEquals(START_WALL, e.wallTime());
    }

    @Test
    void utctimeUptimemillisPidTidLevelTags() {
        GcEvent e = only(parse("[2024-03-01T09:15:30.250+0000][12345ms][4242][4243][info][gc] " + PAUSE));
        assertPause(e);
        assertEquals(12.3325, e.uptimeSec(), 1e-9);
        assertEquals(START_WALL, e.wallTime());
    }

    @Test
    void uptimenanos() {
        GcEvent e = only(parse("[12345000000ns] " + PAUSE));
        assertPause(e);
        assertEquals(12.3325, e.uptimeSec(), 1e-9);
        assertNull(e.wallTime());
    }

    /** Wall time only: uptime counts from the first line of the log (here the gc,start line). */
    @Test
    void timemillisLevelTags() {
        long endMillis = END_WALL.toEpochMilli();
        long startMillis = endMillis - 13; // the start line is logged just before the pause begins
        CollectingListener c = parse("[" + startMillis + "ms][info][gc,start] " + START,
                "[" + endMillis + "ms][info][gc] " + PAUSE);
        GcEvent e = only(c);
        assertPause(e);
        assertEquals(Instant.ofEpochMilli(startMillis), e.wallTime());
        assertEquals(0.0, e.uptimeSec(), 1e-9);
    }

    /**
     * {@code timenanos} is {@code System.nanoTime()}: its origin is arbitrary (host boot on Linux) and cannot be
     * told from {@code uptimenanos} by looking, so only intervals are meaningful; those must be exact.
     */
    @Test
    void timenanosHostnameTags() {
        CollectingListener c = parse("[1798796170142ns][buildhost][gc,start] " + START,
                "[1798808670142ns][buildhost][gc] " + PAUSE,
                "[1799796170142ns][buildhost][gc,start] GC(8) Pause Young (Normal) (G1 Evacuation Pause)",
                "[1799798170142ns][buildhost][gc] GC(8) Pause Young (Normal) (G1 Evacuation Pause) 130M->41M(256M) 2.000ms");
        assertEquals(2, c.events.size());
        GcEvent e = c.events.get(0);
        assertPause(e);
        assertNull(e.wallTime());
        assertEquals(1.0, c.events.get(1).uptimeSec() - e.uptimeSec(), 1e-9);
        assertEquals(8, c.events.get(1).gcId());
        assertEquals(2.0, c.events.get(1).pauseMs(), 1e-9);
    }

    @Test
    void timeOnly() {
        CollectingListener c = parse("[2024-03-01T10:15:30.2375+0100] " + START, "[2024-03-01T10:15:30.250+0100] " + PAUSE);
        GcEvent e = only(c);
        assertPause(e);
        assertEquals(START_WALL, e.wallTime());
        assertEquals(0.0, e.uptimeSec(), 1e-9);
    }

    @Test
    void timeOnlySummaryWithoutStartLine() {
        GcEvent e = only(parse("[2024-03-01T10:15:30.250+0100] " + PAUSE));
        assertPause(e);
        assertEquals(START_WALL, e.wallTime()); // wall time of the line minus the pause
    }

    @Test
    void none() {
        GcEvent e = only(parse(PAUSE));
        assertPause(e);
        assertTrue(Double.isNaN(e.uptimeSec()), "no time decoration: uptime is NaN");
        assertNull(e.wallTime());
    }

    @Test
    void startAndSummaryLinesMakeOneEventThatBeginsAtTheStartLine() {
        CollectingListener c = parse("[12.330s][info][gc,start] " + START, "[12.345s][info][gc] " + PAUSE,
                "[12.345s][info][gc,cpu] GC(7) User=0.02s Sys=0.00s Real=0.01s");
        GcEvent e = only(c);
        assertPause(e);
        assertEquals(12.330, e.uptimeSec(), 1e-9);
        assertEquals(0.02, e.cpu().userSec(), 1e-9);
    }

    /** JDK 21+ appends the evacuation failure as another group: it is not the cause. */
    @Test
    void jdk25EvacuationFailureGroupIsNotTheCause() {
        GcEvent e = only(parse("[40.100s][info][gc] GC(33) Pause Young (Normal) (G1 Evacuation Pause) "
                + "(Evacuation Failure: Allocation) 241M->105M(256M) 12.199ms"));
        assertEquals(33, e.gcId());
        assertEquals(GcKind.YOUNG, e.kind());
        assertEquals("G1 Evacuation Pause", e.cause());
        assertEquals(12.199, e.pauseMs(), 1e-9);
        assertEquals(40.100 - 0.012199, e.uptimeSec(), 1e-9);
        assertEquals(241 * MB, e.heap().beforeBytes());
        assertEquals(105 * MB, e.heap().afterBytes());
        assertEquals(256 * MB, e.heap().capacityBytes());
    }

    /**
     * Generational ZGC: minor collections prefix their lines with a lower-case "y: ", major ones with "Y: "
     * and "O: ". The prefix stays in the name (it tells the generation) but must not hide the pause.
     */
    @Test
    void generationalZgcMinorYoungPrefix() {
        CollectingListener c = parse("[1.434s][info][gc] GC(1) Minor Collection (Allocation Stall)",
                "[1.435s][info][gc,phases] GC(1) y: Pause Mark Start 0.017ms",
                "[1.440s][info][gc,phases] GC(1) y: Pause Mark End 0.021ms",
                "[1.442s][info][gc,phases] GC(1) Y: Pause Relocate Start 0.015ms",
                "[1.443s][info][gc,phases] GC(1) O: Pause Mark End 0.019ms");
        List<GcEvent> pauses = c.events.stream().filter(GcEvent::isPause).toList();
        assertEquals(List.of("y: Pause Mark Start", "y: Pause Mark End", "Y: Pause Relocate Start", "O: Pause Mark End"),
                pauses.stream().map(GcEvent::name).toList());
        assertEquals(0.072, pauses.stream().mapToDouble(GcEvent::pauseMs).sum(), 1e-9);
        assertTrue(pauses.stream().allMatch(p -> p.gcId() == 1));
    }

    /** JDK 9-16 -Xlog:safepoint. */
    @Test
    void jdk9To16SafepointLine() {
        CollectingListener c = parse("[3.210s][info][safepoint] Total time for which application threads were stopped: "
                + "0.0001234 seconds, Stopping threads took: 0.0000123 seconds");
        assertEquals(List.of(), c.events);
        assertEquals(1, c.safepoints.size());
        SafepointEvent s = c.safepoints.get(0);
        assertEquals(3.210, s.uptimeSec(), 1e-9);
        assertEquals(0.1234, s.totalMs(), 1e-9);
        assertEquals(0.0123, s.timeToSafepointMs(), 1e-9);
    }

    @Test
    void jdk17SafepointLine() {
        CollectingListener c = parse("[0.424s][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: "
                + "348804621 ns, Reaching safepoint: 4935 ns, At safepoint: 6723 ns, Total: 13205 ns");
        SafepointEvent s = c.safepoints.get(0);
        assertEquals("G1CollectForAllocation", s.operation());
        assertEquals(0.004935, s.timeToSafepointMs(), 1e-12);
        assertEquals(0.013205, s.totalMs(), 1e-12);
    }
    /** A line that begins with the previous line's decorations takes them over, moved to where it lies. */
    @Test
    void decorationsRepeatedFromThePreviousLineAreReadWhereTheLineLies() {
        Decorations d = new Decorations();
        String deco = "[2024-03-01T09:15:30.250+0000][1.250s][info ][gc,init      ] ";
        byte[] first = (deco + "CPUs: 2").getBytes(StandardCharsets.US_ASCII);
        byte[] second = ("...." + deco + "Memory: 4G").getBytes(StandardCharsets.US_ASCII);
        assertTrue(d.parse(first, 0, first.length));
        assertEquals(1.25, d.uptimeSec(), 1e-12);
        assertTrue(d.parse(second, 4, second.length));
        assertEquals(4 + deco.length(), d.messageStart);
        assertEquals(1.25, d.uptimeSec(), 1e-12);
        assertEquals(Instant.parse("2024-03-01T09:15:30.250Z"), d.wall());
        assertTrue(d.hasInitTag());
        assertFalse(d.ignorable || d.stats || d.invalid);

        byte[] third = "..[2024-03-01T09:15:30.251+0000][1.251s][debug][gc,heap      ] GC(7) Heap before".getBytes(
                StandardCharsets.US_ASCII);
        assertTrue(d.parse(third, 2, third.length));
        assertEquals(1.251, d.uptimeSec(), 1e-12);
        assertEquals(Instant.parse("2024-03-01T09:15:30.251Z"), d.wall());
        assertFalse(d.hasInitTag());
        assertTrue(d.ignorable, "gc,heap at debug level");

        // decorations not followed by a space are not taken over: the same bytes may begin more of them
        byte[] bare = "[1.300s]x".getBytes(StandardCharsets.US_ASCII);
        byte[] more = "[1.300s][info][gc] y".getBytes(StandardCharsets.US_ASCII);
        assertTrue(d.parse(bare, 0, bare.length));
        assertTrue(d.parse(more, 0, more.length));
        assertEquals(more.length - 1, d.messageStart);
        assertTrue(d.hasTags());
    }
}
