package dev.jvmtune.core.parse.legacy;

import static dev.jvmtune.core.parse.legacy.RecordDecoder.startsWith;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.CpuTimes;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.parse.Bytes;
import dev.jvmtune.core.parse.LogParser;
import dev.jvmtune.core.parse.ParseListener;
import dev.jvmtune.core.parse.StringCache;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * JDK 6-8 logs of the generational collectors: Serial (DefNew/Tenured), ParNew+CMS (incremental CMS
 * included) and Parallel (PSYoungGen/ParOldGen/PSOldGen), with {@code -XX:+PrintGCDetails} and the
 * flags that add to it, or plain {@code -verbose:gc}.
 *
 * <p>Each line is sorted on its first bytes: header lines, lines other options print inside or around a
 * record (tenuring distribution, adaptive size policy, free-list statistics, {@code PrintHeapAtGC}
 * blocks), stopped-time lines, and the rest, which belongs to collection records.
 * {@link RecordAssembler} joins a record's lines and cuts out the concurrent-phase records printed into it;
 * {@link RecordDecoder} reads the joined record. Only the record being joined is held.
 */
public final class LegacyGenerationalParser extends LegacyLogParser {

    private final StringCache strings = new StringCache();
    private final RecordDecoder decoder = new RecordDecoder(strings);
    private final RecordAssembler assembler = new RecordAssembler(this::concurrent);
    private final LegacyText.Stamp stamp = new LegacyText.Stamp();
    private final LegacyText.Stamp scratch = new LegacyText.Stamp();

    private boolean heapBlock;
    /** Collector named by the generations seen so far, for records that name none (-verbose:gc). */
    private Collector inferredCollector;
    /**
     * -verbose:gc prints CMS initial mark and remark alike ({@code [GC 29798K(58752K), 0.0031310 secs]});
     * they alternate, and a full collection ends a cycle.
     */
    private boolean nextIsRemark;
    /** The old generation's name as the log gives it ("CMS", "Tenured", "ParOldGen", "PSOldGen"). */
    private String oldName;

    public LegacyGenerationalParser(ParseListener out) {
        super(out);
    }

    private LegacyGenerationalParser(ParseListener out, State state) {
        super(out, state.shared);
        heapBlock = state.heapBlock;
        inferredCollector = state.inferredCollector;
        nextIsRemark = state.nextIsRemark;
        oldName = state.oldName;
    }

    /** Between records: the shared state, whether a heap print is open, what the records so far told of the collector. */
    private record State(Shared shared, boolean heapBlock, Collector inferredCollector, boolean nextIsRemark,
                         String oldName) implements Context {
        @Override
        public LogParser resume(ParseListener out) {
            return new LegacyGenerationalParser(out, this);
        }
    }

    @Override
    public Context context() {
        return assembler.isOpen() ? null : new State(shared(), heapBlock, inferredCollector, nextIsRemark, oldName);
    }

    @Override
    public void fileBoundary() {
        dropOpenRecord("the file ends inside a collection record that starts here; it is left out", -1);
        clock.fileBoundary();
        heapBlock = false;
    }

    @Override
    public void finish() {
        dropOpenRecord("the log ends inside a collection record that starts here; it is left out", -1);
    }

    /**
     * Gives up the record being joined: a complete record that follows the cut one in its text is still read
     * ({@code 831626.089: [ParNew831628.158: [ParNew2016-...: [GC (Allocation Failure) ... secs]}: two records
     * cut off, then a whole one); what is left is counted as a skipped line, with a warning saying why.
     */
    private void dropOpenRecord(String why, long line) {
        if (!assembler.isOpen()) {
            return;
        }
        byte[] r = assembler.buffer();
        int n = assembler.length();
        long first = assembler.firstLine();
        int whole = completeRecordAfterCut(r, n);
        if (whole > 0) {
            out.onWarning(first, "a collection record cut off by the next one is left out: "
                    + Bytes.string(r, 0, Math.min(whole, 100)));
            decodeAll(line < 0 ? first : line, r, whole, n);
        } else {
            out.onWarning(first, why);
            out.onUnrecognized(first, r, 0, n);
        }
        assembler.clear();
    }

    /**
     * Where the first balanced collection record after the cut one's opening starts, stamps included; -1 if
     * none. One pass pairs the brackets (the cut record's own never close); the earliest opening of a
     * collection that closes wins.
     */
    private int completeRecordAfterCut(byte[] r, int n) {
        int first = Bytes.indexOf(r, 0, n, (byte) '[');
        int depth = 0;
        int best = -1;
        for (int i = first + 1; first >= 0 && i < n; i++) {
            if (r[i] == '[') {
                if (depth == opens.length) {
                    opens = java.util.Arrays.copyOf(opens, depth * 2);
                }
                opens[depth++] = i;
            } else if (r[i] == ']' && depth > 0) {
                int open = opens[--depth];
                if ((best < 0 || open < best) && startsCollection(r, open, n)) {
                    best = open;
                }
            }
        }
        return best < 0 ? -1 : LegacyText.stampsBefore(r, 0, best, scratch);
    }

    /** Positions of the open brackets while {@link #completeRecordAfterCut} pairs them. */
    private int[] opens = new int[64];

    @Override
    public void line(byte[] b, int from, int to, long line) {
        int end = Bytes.trimEnd(b, from, to);
        if (heapBlock) {
            // PrintHeapAtGC: "{Heap before GC invocations=1 (full 0):" or "Heap after GC ..." then indented
            // lines, closed by "}" (or by the next record line for the final "Heap" print)
            if (from < end && (b[from] == ' ' || b[from] == '\t')) {
                return;
            }
            heapBlock = false;
            if (from < end && b[from] == '}') {
                return;
            }
        }
        if (from == end) {
            header.headerLine(b, from, end); // ends a /proc/meminfo block
            return;
        }
        vmLine(b, from, end, line);
        if (!assembler.isOpen() && header.headerLine(b, from, end)) {
            return;
        }
        if (interleaved(b, from, end) || rotation(b, from, end)) {
            return;
        }
        int q = Bytes.skipSpaces(b, from, end); // lines may start with a blank
        int p = LegacyText.stamps(b, q, end, stamp);
        if (!stampsOfARecord(b, q, p, end)) {
            if (ClassHistogram.isLine(b, from, end)) {
                return; // "34128:    1   16  sun.util.X": a class histogram's row, not a time
            }
            stamp.clear();
        }
        if (assembler.isOpen() && startsCollection(b, p, end) && !assembler.awaitsScavenge()) {
            dropOpenRecord("a collection record that starts here is cut short by the next one at line " + line
                    + "; it is left out", line);
        }
        // the clock is followed on line starts only: a concurrent phase printed inside a long collection
        // ends later than the next line starts
        double up = observe(stamp, b, line);
        if (safepointLine(b, p, end, up, line)) {
            return;
        }
        if (!assembler.isOpen() && startsWith(b, p, end, "[Times")) {
            return; // a record's CPU times printed after another thread's output, on a line of their own
        }
        if (!assembler.isOpen() && Bytes.indexOf(b, from, end, (byte) '[') < 0) {
            out.onUnrecognized(line, b, from, to);
            return;
        }
        boolean whole = assembler.append(b, from, end, line);
        heapBlock = assembler.heapPrintOpened();
        if (!whole) {
            if (assembler.tooLong()) {
                out.onWarning(assembler.firstLine(), "a collection record that starts here never ends; it is "
                        + "left out");
                out.onUnrecognized(assembler.firstLine(), assembler.buffer(), 0, Math.min(assembler.length(), 200));
                assembler.clear();
            }
            return;
        }
        record(line);
    }

    /** A whole record has been joined. */
    private void record(long line) {
        byte[] r = assembler.buffer();
        int n = assembler.length();
        if (!assembler.hasFrame()) {
            // the line held concurrent records only; what is left is stamps or
            // "CMS: abort preclean due to time"
            if (!assembler.cutSomething()) {
                out.onUnrecognized(line, r, 0, n);
            }
            return;
        }
        decodeAll(line, r, 0, n);
    }

    /**
     * Decodes the records in {@code r[from, n)}. The text is balanced, so whatever follows a record is whole
     * records too: "... real=0.09 secs]2020-09-23T16:49:09.812+0800: 504426.827: [Full GC ..." prints two on a line.
     */
    private void decodeAll(long line, byte[] r, int from, int n) {
        while (from < n && Bytes.indexOf(r, from, n, (byte) '[') >= 0) {
            if (!decoder.decode(r, from, n)) {
                int p = RecordDecoder.skipStamps(r, from, n);
                if (aside(r, p, n)) {
                    return;
                }
                if (from == 0) {
                    unrecognized(line, r, n);
                } else {
                    out.onWarning(line, "text after a collection record is not one: "
                            + Bytes.string(r, from, Math.min(n, from + 100)));
                }
                return;
            }
            if (Double.isNaN(decoder.pauseMs)) {
                out.onWarning(line, "a " + decoder.label + " record without its pause time; it is left out");
                out.onUnrecognized(line, r, from, decoder.end);
            } else {
                emit(line, r);
            }
            from = decoder.end;
        }
    }

    /**
     * Records that are not collections, printed where one may stand: {@code PrintReferenceGC}'s
     * {@code [Preclean SoftReferences, 0.0000150 secs]...} before a concurrent preclean,
     * {@code -XX:+PrintClassHistogramAfterFullGC}'s {@code [Class Histogram (after full gc):} (its rows are
     * dropped as lines of their own, its {@code , 4.5 secs]} closes it), and {@code -XX:+TraceClassUnloading}'s
     * {@code [Unloading class $Proxy111]}.
     */
    private static boolean aside(byte[] b, int p, int end) {
        return startsWith(b, p, end, "[Preclean ") || startsWith(b, p, end, "[Class Histogram")
                || startsWith(b, p, end, "[Unloading class ");
    }

    private void unrecognized(long line, byte[] r, int n) {
        if (assembler.firstLine() != line) {
            out.onWarning(assembler.firstLine(), "lines " + assembler.firstLine() + "-" + line
                    + " do not form a collection record");
        }
        out.onUnrecognized(assembler.firstLine(), r, 0, n);
    }

    private void emit(long line, byte[] r) {
        RecordDecoder d = decoder;
        GcKind kind = d.kind;
        String name;
        if (kind == GcKind.YOUNG && d.occupancyOnly && d.youngPool == null) {
            kind = nextIsRemark ? GcKind.REMARK : GcKind.INITIAL_MARK;
            nextIsRemark = !nextIsRemark;
            inferredCollector = Collector.CMS;
        } else if (kind == GcKind.INITIAL_MARK) {
            nextIsRemark = true;
        } else if (kind == GcKind.REMARK || kind == GcKind.FULL) {
            nextIsRemark = false;
        }
        name = switch (kind) {
            case INITIAL_MARK -> "CMS-initial-mark";
            case REMARK -> "CMS-remark";
            case YOUNG -> d.youngPool != null ? d.youngPool : d.label;
            default -> d.label;
        };
        if (d.collectorHint != null) {
            inferredCollector = d.collectorHint;
        }
        if (facts.collector == null && inferredCollector != null) {
            facts.collector = inferredCollector;
        }
        oldGeneration(kind, d);
        Instant wall = d.dateFrom >= 0 ? LegacyClock.date(r, d.dateFrom, d.dateTo) : null;
        double up = clock.axis(d.startUptime, wall);
        double ms = d.pauseMs;
        out.onEvent(new GcEvent(-1, up, wall, collector(), kind, name, d.cause, ms, ms, d.heap, d.pools, d.phases,
                d.cpu, d.incidents, line));
    }

    /**
     * A young collection's record gives the young generation and the heap, not the old generation; the old
     * one is their difference, which is what the collection promoted. It is named as the log names the
     * old generation elsewhere (ParOldGen and PSOldGen both follow PSYoungGen), else by its usual partner.
     */
    private void oldGeneration(GcKind kind, RecordDecoder d) {
        MemoryUsage young = null;
        for (MemoryUsage p : d.pools) {
            switch (p.name()) {
                case "Tenured", "CMS", "ParOldGen", "PSOldGen" -> {
                    oldName = p.name();
                    return;
                }
                default -> {
                    if (p.name().equals(d.youngPool)) {
                        young = p;
                    }
                }
            }
        }
        MemoryUsage heap = d.heap;
        if (kind != GcKind.YOUNG || young == null || heap == null || heap.beforeBytes() < 0
                || young.beforeBytes() < 0) {
            return;
        }
        String name = oldName != null ? oldName : switch (young.name()) {
            case "ParNew", "ASParNew" -> collector() == Collector.CMS ? "CMS" : "Tenured";
            case "PSYoungGen", "ASPSYoungGen" -> facts.version != null && facts.version.startsWith("1.6")
                    ? "PSOldGen" : "ParOldGen";
            default -> "Tenured";
        };
        long capacity = heap.capacityBytes() >= 0 && young.capacityBytes() >= 0
                ? heap.capacityBytes() - young.capacityBytes() : MemoryUsage.UNKNOWN;
        d.pools.add(MemoryUsage.bytes(name, heap.beforeBytes() - young.beforeBytes(),
                heap.afterBytes() - young.afterBytes(), capacity));
    }

    private Collector collector() {
        if (facts.collector != null) {
            return facts.collector;
        }
        return inferredCollector != null ? inferredCollector : Collector.UNKNOWN;
    }

    /** {@code 4.368: [CMS-concurrent-mark: 0.012/0.813 secs] [Times: user=2.51 sys=0.10, real=0.81 secs]}. */
    private void concurrent(byte[] b, int from, int to, long line) {
        int p = LegacyText.stamps(b, from, to, stamp);
        if (p >= to || b[p] != '[') {
            return;
        }
        int nFrom = p + 1;
        int nTo = nFrom;
        while (nTo < to && b[nTo] != ':' && b[nTo] != ']') {
            nTo++;
        }
        if (nTo >= to || b[nTo] != ':') {
            return; // "[CMS-concurrent-mark-start]"
        }
        // ": cpu/wall secs]"
        int s = Bytes.skipSpaces(b, nTo + 1, to);
        int e = LegacyText.numberEnd(b, s, to);
        double ms = Double.NaN;
        if (e < to && b[e] == '/') {
            int w = LegacyText.numberEnd(b, e + 1, to);
            ms = RecordDecoder.millis(b, e + 1, w);
        }
        if (Double.isNaN(ms)) {
            out.onWarning(line, "a concurrent phase without its duration: " + Bytes.string(b, nFrom, nTo));
            return;
        }
        CpuTimes cpu = null;
        int close = Bytes.indexOf(b, nTo, to, (byte) ']');
        if (close > 0) {
            int t = Bytes.indexOf(b, close, to, (byte) '[');
            if (t > 0 && startsWith(b, t + 1, to, "Times")) {
                cpu = RecordDecoder.cpuTimes(b, t + 6, to);
            }
        }
        Instant endWall = stamp.hasDate() ? LegacyClock.date(b, stamp.dateFrom, stamp.dateTo) : null;
        double endUp = clock.axis(stamp.uptimeSec, endWall);
        Instant startWall = endWall == null ? null : endWall.minusNanos(Math.round(ms * 1e6));
        if (inferredCollector == null) {
            inferredCollector = Collector.CMS;
        }
        out.onEvent(new GcEvent(-1, Math.round(endUp * 1e6 - ms * 1e3) / 1e6, startWall, collector(), GcKind.CONCURRENT,
                strings.get(b, nFrom, nTo), "", 0.0, ms, null, List.of(), List.of(), cpu, Set.of(), line));
    }

    // ---------------------------------------------------------------- line kinds

    /** Whether the text after the stamps opens a collection record. */
    private static boolean startsCollection(byte[] b, int p, int end) {
        return p + 3 < end && b[p] == '[' && ((b[p + 1] == 'G' && b[p + 2] == 'C')
                || (b[p + 1] == 'F' && startsWith(b, p + 1, end, "Full GC")));
    }

    /**
     * Lines other options print around or inside a record, each recognised by its start: tenuring
     * distribution, adaptive size policy, CMS free-list statistics, heap-at-GC blocks, class histograms.
     */
    private boolean interleaved(byte[] b, int from, int end) {
        switch (b[from]) {
            case 'D' -> {
                return startsWith(b, from, end, "Desired survivor size");
            }
            case '-' -> {
                return startsWith(b, from, end, "- age") || startsWith(b, from, end, "----");
            }
            case 'A' -> {
                return startsWith(b, from, end, "AdaptiveSize") || startsWith(b, from, end, "After GC:")
                        || startsWith(b, from, end, "Av.");
            }
            case 'P' -> {
                return startsWith(b, from, end, "PSAdaptiveSize");
            }
            case 'S' -> {
                return startsWith(b, from, end, "Statistics for ");
            }
            case 'T' -> {
                return startsWith(b, from, end, "Total Free Space:") || startsWith(b, from, end, "Tree ")
                        || ClassHistogram.isLine(b, from, end);
            }
            case 'M' -> {
                return startsWith(b, from, end, "Max ");
            }
            case 'N' -> {
                return startsWith(b, from, end, "Number of Blocks:");
            }
            case 'B' -> {
                return startsWith(b, from, end, "Before GC:");
            }
            case 'C' -> {
                return startsWith(b, from, end, "CMS: Large "); // PrintFLSStatistics' largest block
            }
            case 'G' -> {
                return startsWith(b, from, end, "GC locker: ");
            }
            case ' ', '\t' -> {
                int p = Bytes.skipSpaces(b, from, end);
                return startsWith(b, p, end, "avg_survived_padded_avg") || startsWith(b, p, end, "free=")
                        || ClassHistogram.isLine(b, from, end);
            }
            case '{' -> {
                heapBlock = startsWith(b, from, end, "{Heap before"); // "GC" in JDK 7-8, "gc" in JDK 5-6
                return heapBlock;
            }
            case 'H' -> {
                heapBlock = startsWith(b, from, end, "Heap after") || (end - from == 4 && startsWith(b, from, end, "Heap"));
                return heapBlock;
            }
            default -> {
                return false;
            }
        }
    }

    // ---------------------------------------------------------------- time

    @Override
    protected void endRun(long line) {
        dropOpenRecord("a JVM restart cuts short the collection record that starts here; it is left out", line);
        inferredCollector = null;
        oldName = null;
        nextIsRemark = false;
    }
}
