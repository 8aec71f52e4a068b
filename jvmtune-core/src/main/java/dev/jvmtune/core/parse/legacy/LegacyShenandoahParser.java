package dev.jvmtune.core.parse.legacy;

import static dev.jvmtune.core.parse.Bytes.ascii;
import static dev.jvmtune.core.parse.Bytes.indexOf;
import static dev.jvmtune.core.parse.Bytes.lastIndexOf;
import static dev.jvmtune.core.parse.Bytes.skipSpaces;
import static dev.jvmtune.core.parse.Bytes.startsWith;
import static dev.jvmtune.core.parse.Bytes.trimEnd;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.parse.LogParser;
import dev.jvmtune.core.parse.ParseListener;
import dev.jvmtune.core.parse.ShenandoahTrigger;
import dev.jvmtune.core.parse.StringCache;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * JDK 8 Shenandoah, the backport in Red Hat's OpenJDK 8 builds, with {@code -XX:+PrintGCDetails}: one record
 * per pause or concurrent phase, stamped at its start and closed by its duration in milliseconds,
 *
 * <pre>
 * 2020-03-10T08:03:29.365-0400: 0.427: [Pause Init Mark (process weakrefs), 0.419 ms]
 * 2020-03-10T08:03:29.366-0400: 0.428: [Concurrent marking 92M-&gt;93M(256M), 12.802 ms]
 * 2022-08-09T16:05:31.240-0400: [Concurrent reset
 *     Failed to allocate Shared, 288B
 *     Cancelling GC: Allocation Failure
 * , 13.279 ms]
 * [Pause Full 1589M-&gt;1002M(1690M), 4077.274 ms], [Metaspace: 282195K-&gt;281648K(1314816K)]
 * </pre>
 *
 * with the heuristics' lines between them ({@code Trigger: ...}, which becomes the cause of the cycle's events,
 * {@code Free: ...}, {@code Adaptive CSet Selection...}) and the statistics table at exit. Pauses are kinds as
 * in unified logs: {@code Pause Degenerated GC} DEGENERATED, {@code Pause Full} FULL, the others PAUSE.
 */
public final class LegacyShenandoahParser extends LegacyLogParser {

    private static final byte[] PAUSE = ascii("Pause ");
    private static final byte[] CONCURRENT = ascii("Concurrent ");
    private static final byte[] DEGENERATED = ascii("Pause Degenerated GC");
    private static final byte[] FULL = ascii("Pause Full");
    private static final byte[] TRIGGER = ascii("Trigger: ");
    private static final byte[] METASPACE = ascii("[Metaspace: ");
    private static final byte[] MS = ascii(" ms");
    private static final byte[] ARROW = ascii("->");
    /** Statistics at exit: {@code Pause Init Mark (G) = 0.011 s (a = 435 us) (n = 25) (lvls, us = ...)}. */
    private static final byte[] STATS = ascii(" (a = ");
    private static final byte[][] INFO = {ascii("Free: "), ascii("Adaptive CSet Selection"), ascii("Collectable Garbage: "),
            ascii("Immediate Garbage: "), ascii("Pacer for "), ascii("Cancelling GC: "), ascii("Failed to allocate "),
            ascii("Uncommitted "), ascii("GC STATISTICS"), ascii("Using ")};

    private final StringCache strings = new StringCache();
    private final RecordAssembler assembler = new RecordAssembler((b, from, to, line) -> { });
    private final LegacyText.Stamp stamp = new LegacyText.Stamp();
    private final long[] sizes = new long[4];
    /** The heuristics' reason for the cycle under way, from its {@code Trigger:} line. */
    private String cycleCause = "";

    public LegacyShenandoahParser(ParseListener out) {
        super(out);
    }

    private LegacyShenandoahParser(ParseListener out, State state) {
        super(out, state.shared);
        cycleCause = state.cycleCause;
    }

    /** Between records: the shared state and the cause of the cycle under way. */
    private record State(Shared shared, String cycleCause) implements Context {
        @Override
        public LogParser resume(ParseListener out) {
            return new LegacyShenandoahParser(out, this);
        }
    }

    @Override
    public Context context() {
        return assembler.isOpen() ? null : new State(shared(), cycleCause);
    }

    @Override
    protected void newFacts() {
        super.newFacts();
        facts.collector = Collector.SHENANDOAH;
    }

    @Override
    public void fileBoundary() {
        dropOpen("the file ends inside a record that starts here; it is left out");
        clock.fileBoundary();
    }

    @Override
    public void finish() {
        dropOpen("the log ends inside a record that starts here; it is left out");
    }

    @Override
    protected void endRun(long line) {
        dropOpen("a JVM restart cuts short the record that starts here; it is left out");
        cycleCause = "";
    }

    private void dropOpen(String why) {
        if (assembler.isOpen()) {
            out.onWarning(assembler.firstLine(), why);
            out.onUnrecognized(assembler.firstLine(), assembler.buffer(), 0, assembler.length());
            assembler.clear();
        }
    }

    @Override
    public void line(byte[] b, int from, int to, long line) {
        int end = trimEnd(b, from, to);
        if (from == end) {
            header.headerLine(b, from, end);
            return;
        }
        int q = skipSpaces(b, from, end);
        if (assembler.isOpen()) {
            // inside a record its own notes are indented: "    Cancelling GC: Allocation Failure"
            if (q > from && b[q] != ',' && b[q] != '[') {
                return;
            }
        } else {
            vmLine(b, from, end, line);
            if (header.headerLine(b, from, end) || rotation(b, from, end) || info(b, q, end, line)) {
                return;
            }
        }
        int p = LegacyText.stamps(b, q, end, stamp);
        if (!stampsOfARecord(b, q, p, end)) {
            stamp.clear();
        }
        if (safepointLine(b, p, end, observe(stamp, b, line), line)) {
            return;
        }
        if (!assembler.isOpen() && (p >= end || b[p] != '[')) {
            out.onUnrecognized(line, b, from, to);
            return;
        }
        if (!assembler.append(b, from, end, line)) {
            if (assembler.tooLong()) {
                dropOpen("a record that starts here never ends; it is left out");
            }
            return;
        }
        record(line, assembler.buffer(), assembler.length());
    }

    /** The heuristics' and statistics' lines; a {@code Trigger:} line names the cause of the next cycle. */
    private boolean info(byte[] b, int q, int end, long line) {
        if (startsWith(b, q, end, TRIGGER)) {
            cycleCause = ShenandoahTrigger.cause(strings.get(b, q + TRIGGER.length, Math.min(end,
                    q + TRIGGER.length + 200)));
            return true;
        }
        for (byte[] prefix : INFO) {
            if (startsWith(b, q, end, prefix)) {
                return true;
            }
        }
        return indexOf(b, q, end, STATS) >= 0;
    }

    /** A whole record: {@code stamps [Label [A->B(C)], N ms]} and perhaps {@code , [Metaspace: ...]}. */
    private void record(long line, byte[] r, int n) {
        int open = indexOf(r, 0, n, (byte) '[');
        int close = matchingBracket(r, open, n);
        int comma = close < 0 ? -1 : lastIndexOf(r, open, close, (byte) ',');
        double ms = Double.NaN;
        if (comma > 0) {
            int s = skipSpaces(r, comma + 1, close);
            int e = LegacyText.numberEnd(r, s, close);
            if (e > s && startsWith(r, e, close, MS) && trimEnd(r, e + MS.length, close) == e + MS.length) {
                ms = LegacyText.number(r, s, e);
            }
        }
        int label = open + 1;
        boolean pause = startsWith(r, label, n, PAUSE);
        if (Double.isNaN(ms) || !(pause || startsWith(r, label, n, CONCURRENT))) {
            out.onUnrecognized(assembler.firstLine(), r, 0, n);
            return;
        }
        int labelEnd = trimEnd(r, label, comma);
        MemoryUsage heap = null;
        int sp = lastIndexOf(r, label, labelEnd, (byte) ' ');
        if (sp > label && indexOf(r, sp, labelEnd, ARROW) >= 0 && LegacyText.transition(r, sp + 1, labelEnd, sizes) == labelEnd) {
            heap = MemoryUsage.bytes("Heap", sizes[0], sizes[2], sizes[3]);
            labelEnd = trimEnd(r, label, sp);
        }
        String name = strings.get(r, label, labelEnd);
        GcKind kind = !pause ? GcKind.CONCURRENT : startsWith(r, label, labelEnd, DEGENERATED) ? GcKind.DEGENERATED
                : startsWith(r, label, labelEnd, FULL) ? GcKind.FULL : GcKind.PAUSE;
        List<MemoryUsage> pools = new ArrayList<>(1);
        int meta = indexOf(r, close, n, METASPACE);
        if (meta > 0 && LegacyText.transition(r, meta + METASPACE.length, n, sizes) > 0) {
            pools.add(MemoryUsage.bytes("Metaspace", sizes[0], sizes[2], sizes[3]));
        }
        LegacyText.stamps(r, skipSpaces(r, 0, open), open, stamp);
        Instant wall = stamp.date(r);
        double up = clock.axis(stamp.uptimeSec, wall);
        out.onEvent(new GcEvent(-1, up, wall, Collector.SHENANDOAH, kind, name, kind == GcKind.CONCURRENT ? "" : cycleCause,
                pause ? ms : 0.0, ms, heap, pools, List.of(), null, Set.of(), line));
    }

    private static int matchingBracket(byte[] b, int open, int end) {
        int depth = 0;
        for (int i = open; i >= 0 && i < end; i++) {
            if (b[i] == '[') {
                depth++;
            } else if (b[i] == ']' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }
}
