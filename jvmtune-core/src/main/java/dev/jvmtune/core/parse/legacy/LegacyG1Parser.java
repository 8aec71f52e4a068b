package dev.jvmtune.core.parse.legacy;

import static dev.jvmtune.core.parse.Bytes.ascii;
import static dev.jvmtune.core.parse.Bytes.endsWith;
import static dev.jvmtune.core.parse.Bytes.indexOf;
import static dev.jvmtune.core.parse.Bytes.isDigit;
import static dev.jvmtune.core.parse.Bytes.skipSpaces;
import static dev.jvmtune.core.parse.Bytes.startsWith;
import static dev.jvmtune.core.parse.Bytes.trimEnd;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.CpuTimes;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.model.SafepointEvent;
import dev.jvmtune.core.parse.LogParser;
import dev.jvmtune.core.parse.ParseListener;
import dev.jvmtune.core.parse.StringCache;
import dev.jvmtune.core.parse.unified.PhasePaths;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Parser for JDK 7/8 G1 logs ({@code -XX:+UseG1GC -XX:+PrintGCDetails}, with or without time/date
 * stamps, {@code PrintGCCause}, {@code PrintAdaptiveSizePolicy}, {@code PrintTenuringDistribution},
 * {@code PrintReferenceGC}, {@code PrintHeapAtGC}, {@code G1LogLevel=finest},
 * {@code G1SummarizeRSetStats}, {@code PrintGCApplicationStoppedTime}).
 *
 * <p>A stop-the-world record opens with {@code [GC pause ...}, {@code [Full GC}, {@code [GC remark} or
 * {@code [GC cleanup} and is closed by its pause time {@code , 0.0069788 secs]}. Between the two the JVM
 * prints nested records ({@code [SoftReference, ...]}, {@code [G1Ergonomics ...]}), and other threads'
 * output (a concurrent phase, a safepoint line) can land anywhere, even mid-line. So the non-detail text
 * is read as one stream of tokens - stamps, {@code [} opening a record, {@code , N secs]} closing the
 * innermost one - with a stack of open records that survives line ends; a concurrent record is complete in
 * itself and never touches the stack. The indented detail block that follows (phases, {@code [Eden: ...]},
 * {@code [Times: ...]}) is read line by line; the event is emitted at {@code [Times: ...]} or when the next
 * record or safepoint line shows that none is coming.
 */
public final class LegacyG1Parser extends LegacyLogParser {

    private static final byte[] GC_PAUSE = ascii("GC pause");
    private static final byte[] FULL_GC = ascii("Full GC");
    private static final byte[] GC_REMARK = ascii("GC remark");
    private static final byte[] GC_CLEANUP = ascii("GC cleanup");
    private static final byte[] GC_CONCURRENT = ascii("GC concurrent-");
    private static final byte[] ERGONOMICS = ascii("G1Ergonomics");
    private static final byte[] TARGET_PAUSE = ascii("target pause time: ");
    private static final byte[] TIMES = ascii("Times: ");
    private static final byte[] EDEN = ascii("Eden: ");
    private static final byte[] SURVIVORS = ascii("Survivors: ");
    private static final byte[] HEAP = ascii("Heap: ");
    private static final byte[] METASPACE = ascii("[Metaspace: ");
    private static final byte[] USER = ascii("user=");
    private static final byte[] SYS = ascii("sys=");
    private static final byte[] REAL = ascii("real=");
    private static final byte[] SECS = ascii("secs");
    private static final byte[] REFS = ascii("refs");
    private static final byte[] MS_NAME_END = ascii(" (ms)");
    private static final byte[] MS = ascii(" ms");
    private static final byte[] MIN = ascii("Min:");
    private static final byte[] AVG = ascii("Avg:");
    private static final byte[] MAX = ascii("Max:");
    private static final byte[] SUM = ascii("Sum:");
    private static final byte[] CLASS_HISTOGRAM = ascii("Class Histogram");
    private static final byte[] UNLOADING_CLASS = ascii("Unloading class ");
    private static final byte[] CONCURRENT_OPEN = ascii("[GC concurrent-");
    private static final byte[] GC_WORKERS = ascii("GC Workers: ");
    private static final byte[] WORKER_START = ascii("GC Worker Start");
    private static final byte[] WORKER_END = ascii("GC Worker End");
    private static final byte[] DESIRED_SURVIVOR = ascii("Desired survivor size ");
    private static final byte[] AGE = ascii("- age ");
    private static final byte[] HEAP_BEFORE = ascii("{Heap before"); // "GC" in JDK 7-8, "gc" in JDK 6
    private static final byte[] HEAP_AFTER = ascii("Heap after");
    private static final byte[] HEAP_WORD = ascii("Heap");
    private static final byte[] NO_SHARED = ascii("No shared spaces configured.");
    private static final byte[] REGION_SIZE = ascii("region size ");
    private static final byte[] RS_PROCESSED = ascii("Concurrent RS processed");
    private static final byte[] RS_RECENT = ascii("Recent concurrent refinement statistics");
    private static final byte[] RS_CURRENT = ascii("Current rem set statistics");
    private static final byte[] RS_CUMULATIVE = ascii("Cumulative RS summary");
    private static final byte[] TO_SPACE = ascii("to-space ");
    private static final byte[] START = ascii("-start");
    private static final byte[] END = ascii("-end");
    private static final byte[] MARK_ABORT = ascii("GC concurrent-mark-abort");
    private static final byte[] MARK = ascii("GC concurrent-mark");

    private static final int MAX_DEPTH = 16;
    private static final int MAX_PHASE_DEPTH = 8;

    private final StringCache strings = new StringCache();
    private final PhasePaths paths = new PhasePaths();
    private final LegacyText.Stamp stamp = new LegacyText.Stamp();
    private final long[] sizes = new long[4];

    /** The record being read; its frame is at the bottom of the stack while its first line is open. */
    private final G1Record record = new G1Record();
    /** Open nested records: index 0 is the stop-the-world record, the rest are sub-records (phases). */
    private final String[] framePath = new String[MAX_DEPTH];
    private int depth;
    /** Paths of the detail block's enclosing phases, by indentation level. */
    private final String[] detailParents = new String[MAX_PHASE_DEPTH];
    /** A finest-level phase whose {@code Min: ..., Avg: ...} come on the next line; "" for a count. */
    private String pendingWorkerPath;
    /** Detail lines of a record given up for want of a pause time are consumed without an event. */
    private boolean orphanDetails;
    private boolean inHeapDump;
    private boolean inRsetSummary;
    /** A class histogram printed after its Full GC's pause time is open: its closing time is not a pause. */
    private boolean histogramAside;

    /** Time of the last stamp read on the current line (NaN if none) and its date. */
    private double lineUptime = Double.NaN;
    private Instant lineWall;
    private double lastUptime = Double.NaN;
    private double markStartUptime = Double.NaN;

    public LegacyG1Parser(ParseListener out) {
        super(out);
    }

    private LegacyG1Parser(ParseListener out, State state) {
        super(out, state.shared);
        state.detailParents.toArray(detailParents);
        pendingWorkerPath = state.pendingWorkerPath;
        orphanDetails = state.orphanDetails;
        inHeapDump = state.inHeapDump;
        inRsetSummary = state.inRsetSummary;
        histogramAside = state.histogramAside;
        lastUptime = state.lastUptime;
        markStartUptime = state.markStartUptime;
        if (state.ended != null) {
            record.restore(state.ended);
        }
    }

    /**
     * Between stop-the-world records, or after one has ended: the shared state, the ended record (emitted when its
     * details end or the next record opens), the detail block's phase parents (a record's first detail line may be
     * nested), a per-worker phase waiting for its values, the blocks being skipped, the last time read and the start of
     * a concurrent mark.
     */
    private record State(Shared shared, G1Record.Ended ended, List<String> detailParents, String pendingWorkerPath,
                         boolean orphanDetails, boolean inHeapDump, boolean inRsetSummary, boolean histogramAside,
                         double lastUptime, double markStartUptime) implements Context {
        @Override
        public LogParser resume(ParseListener out) {
            return new LegacyG1Parser(out, this);
        }
    }

    @Override
    public Context context() {
        if (depth != 0 || record.active && !record.ended()) {
            return null;
        }
        return new State(shared(), record.active ? record.snapshot() : null,
                java.util.Collections.unmodifiableList(java.util.Arrays.asList(detailParents.clone())),
                pendingWorkerPath, orphanDetails, inHeapDump, inRsetSummary, histogramAside, lastUptime,
                markStartUptime);
    }

    @Override
    protected void newFacts() {
        super.newFacts();
        facts.collector = Collector.G1;
    }

    @Override
    public void fileBoundary() {
        flush(-1);
        clock.fileBoundary();
        pendingWorkerPath = null;
        orphanDetails = false;
        inHeapDump = false;
        inRsetSummary = false;
    }

    @Override
    public void finish() {
        flush(-1);
    }

    // ---------------------------------------------------------------- dispatch

    @Override
    public void line(byte[] b, int from, int to, long line) {
        int end = trimEnd(b, from, to);
        lineUptime = Double.NaN;
        lineWall = null;
        if (from == end) {
            header.headerLine(b, from, from); // ends a /proc/meminfo block
            return;
        }
        byte c = b[from];
        boolean recognized;
        if (c == ' ' || c == '\t') {
            recognized = indented(b, from, end, line);
        } else if (isDigit(c) || c == '[' || c == ',' || c == ':' || c == '(' || c == '#') {
            inHeapDump = false;
            inRsetSummary = false;
            recognized = stream(b, from, end, line);
        } else {
            recognized = other(b, from, end, line);
        }
        if (!recognized) {
            out.onUnrecognized(line, b, from, to);
        }
    }

    /** Lines starting with blanks: detail lines, finest-level values, heap dumps, RSet summaries. */
    private boolean indented(byte[] b, int from, int end, long line) {
        int i = skipSpaces(b, from, end);
        while (i < end && b[i] == '\t') {
            i++;
        }
        if (i >= end) {
            return true;
        }
        byte c = b[i];
        if (c == '[') {
            return detail(b, i, end, i - from, line);
        }
        if (pendingWorkerPath != null) {
            // the statistics of a per-worker line: "Min: 0.5, Avg: ..." (JDK 7u40+), "Avg: 0.1, Min: ..." and
            // "Sum: 9, Avg: 4, ..." (JDK 6-7); or its values, pushed onto a line of their own by another
            // thread's output: "  3007.0  3007.3]"
            if (startsWith(b, i, end, MIN) || startsWith(b, i, end, AVG) || startsWith(b, i, end, SUM)) {
                workerValues(b, i, end);
                return true;
            }
            if (numbersOnly(b, i, end)) {
                if (b[end - 1] == ']') {
                    pendingWorkerPath = null;
                }
                return true;
            }
        }
        if (inHeapDump) {
            if (startsWith(b, i, end, REGION_SIZE) && facts.regionSizeBytes < 0) {
                int s = i + REGION_SIZE.length;
                facts.regionSizeBytes = LegacyText.size(b, s, LegacyText.sizeEnd(b, s, end));
            }
            return true;
        }
        if (inRsetSummary) {
            return true;
        }
        if (startsWith(b, i, end, RS_PROCESSED) || startsWith(b, i, end, RS_RECENT)
                || startsWith(b, i, end, RS_CURRENT) || startsWith(b, i, end, RS_CUMULATIVE)) {
            inRsetSummary = true; // G1SummarizeRSetStats: a block of indented statistics lines
            return true;
        }
        if (isDigit(c) || c == '(' || c == ',') {
            return stream(b, i, end, line);
        }
        return ClassHistogram.isLine(b, from, end); // " num     #instances         #bytes  class name"
    }

    /** Whether {@code b[i, end)} holds only numbers ({@code 3007.0  3007.3]}), a per-worker line's values. */
    private static boolean numbersOnly(byte[] b, int i, int end) {
        for (int k = i; k < end; k++) {
            byte c = b[k];
            if (!isDigit(c) && c != '.' && c != ',' && c != ' ' && !(c == ']' && k == end - 1)) {
                return false;
            }
        }
        return true;
    }

    /** Lines starting with a letter or symbol: JVM header, tenuring distribution, heap dumps. */
    private boolean other(byte[] b, int from, int end, long line) {
        if (startsWith(b, from, end, DESIRED_SURVIVOR) || startsWith(b, from, end, AGE)) {
            return true; // PrintTenuringDistribution, printed inside the pause's first line
        }
        inRsetSummary = false;
        if (startsWith(b, from, end, HEAP_BEFORE) || startsWith(b, from, end, HEAP_AFTER)
                || (end - from == HEAP_WORD.length && startsWith(b, from, end, HEAP_WORD))) {
            inHeapDump = true; // PrintHeapAtGC, or the heap printed at exit
            return true;
        }
        if (b[from] == '}' && end - from == 1) {
            inHeapDump = false;
            return true;
        }
        if (startsWith(b, from, end, NO_SHARED)) {
            return true;
        }
        inHeapDump = false;
        vmLine(b, from, end, line);
        return header.headerLine(b, from, end) || ClassHistogram.isLine(b, from, end)
                || fallback(b, from, from, end, line);
    }

    // ---------------------------------------------------------------- the record stream

    /**
     * Reads stamps, records and closings from {@code from} to the end of the line. Returns false when the
     * line holds something that is not part of the dialect.
     */
    private boolean stream(byte[] b, int from, int end, long line) {
        int i = from;
        while (true) {
            i = skipSpaces(b, i, end);
            if (i >= end) {
                return true;
            }
            byte c = b[i];
            int next;
            if (isDigit(c)) {
                next = LegacyText.stamps(b, i, end, stamp);
                if (next > i && next < end && b[next] == ' ' && ClassHistogram.isLine(b, from, end)) {
                    return true; // "34128:      1      16  sun.util.X": a class histogram's row, not a time
                }
                if (next > i) {
                    lineUptime = observe(stamp, b, line);
                    lineWall = clock.lastDate();
                    if (!Double.isNaN(lineUptime)) {
                        lastUptime = lineUptime;
                    }
                } else {
                    next = heapTransition(b, i, end);
                }
            } else if (c == '[') {
                next = record(b, i, end, line);
            } else if (c == ',') {
                next = closing(b, i, end, line);
            } else if (c == '(') {
                next = parenthesis(b, i, end);
            } else if (c == '#') {
                next = LegacyText.gcIdEnd(b, i, end); // -XX:+PrintGCID without time stamps: "#12: [GC pause ..."
                next = next == i ? -1 : next;
            } else if (c == '-' && i + 1 < end && b[i + 1] == '-' && depth > 0 && record.active) {
                // "[GC pause (G1 Evacuation Pause) (young)-- 22058M->22154M(22432M), 1.6706033 secs]": without
                // PrintGCDetails, evacuation failure is the "--" after the record's notes
                record.evacuationFailure = true;
                next = i + 2;
            } else if (c == ']') {
                next = depth > 0 ? pop(Double.NaN, line, i + 1) : -1;
            } else if (c == ':' && (i + 1 == end || b[i + 1] == ' ')) {
                next = i + 1; // the ": " of a stamp whose number another thread's output displaced
            } else if (LegacyHeader.isTimeLine(b, i, end)) {
                timeLine(b, i, end, line);
                return true;
            } else {
                next = -1;
            }
            if (next < 0) {
                return fallback(b, from, i, end, line);
            }
            i = next;
        }
    }

    /** Last resort for a line the token stream cannot read: text printed into it by another thread. */
    private boolean fallback(byte[] b, int from, int at, int end, long line) {
        int t = LegacyHeader.timeLineIndex(b, at, end);
        if (t >= 0) {
            // "132.743132.743: : Application time: ..." - the stamp's number is garbled; keep the last time
            if (Double.isNaN(lineUptime)) {
                lineUptime = lastUptime;
            }
            timeLine(b, t, end, line);
            return true;
        }
        return rotation(b, from, end);
    }

    /** {@code [} at {@code i}: opens a record; returns where reading goes on, -1 if unknown. */
    private int record(byte[] b, int i, int end, long line) {
        int n = i + 1;
        if (startsWith(b, n, end, GC_PAUSE)) {
            openTop(G1Record.Type.PAUSE, line);
            return n + GC_PAUSE.length;
        }
        if (startsWith(b, n, end, FULL_GC)) {
            openTop(G1Record.Type.FULL, line);
            return n + FULL_GC.length;
        }
        if (startsWith(b, n, end, GC_REMARK)) {
            openTop(G1Record.Type.REMARK, line);
            return n + GC_REMARK.length;
        }
        if (startsWith(b, n, end, GC_CLEANUP)) {
            openTop(G1Record.Type.CLEANUP, line);
            return n + GC_CLEANUP.length;
        }
        if (startsWith(b, n, end, GC_CONCURRENT)) {
            return concurrent(b, n, end, line);
        }
        if (startsWith(b, n, end, ERGONOMICS)) {
            return ergonomics(b, n, end);
        }
        if (startsWith(b, n, end, TIMES)) {
            return times(b, n, end, line);
        }
        if (startsWith(b, n, end, UNLOADING_CLASS)) {
            int close = indexOf(b, n, end, (byte) ']'); // -XX:+TraceClassUnloading, inside a Full GC
            return close < 0 ? end : close + 1;
        }
        if (depth == 0) {
            if (startsWith(b, n, end, CLASS_HISTOGRAM)) {
                // "[Class Histogram (after full gc):" printed after the Full GC's pause time: its rows follow,
                // then ", 4.5682980 secs]" closes it, which is not a pause
                histogramAside = true;
                return end;
            }
            if (record.active) {
                // a detail printed after another thread's stamp: "84.659: [GC Worker Start Time (ms):[GC conc..."
                int next = indexOf(b, n, end, (byte) '[');
                int pieceEnd = next < 0 ? end : next;
                detail(b, i, pieceEnd, 6, line);
                return pieceEnd;
            }
            return -1;
        }
        if (depth >= MAX_DEPTH) {
            return -1;
        }
        // a nested record: "[SoftReference, 0 refs, 0.0000230 secs]", "[GC ref-proc0.1: [...", "[Unloading 0.1: [..."
        int e = n;
        while (e < end) {
            byte c = b[e];
            if (c == ',' || c == ']' || c == '[' || (isDigit(c) && LegacyText.stamps(b, e, end, stamp) > e)) {
                break;
            }
            e++;
        }
        int nameEnd = trimEnd(b, n, e);
        if (nameEnd > n && b[nameEnd - 1] == ':') {
            nameEnd--; // "[Class Histogram (before full gc):"
        }
        if (nameEnd == n) {
            return -1;
        }
        String name = strings.get(b, n, nameEnd);
        String parent = depth > 1 ? framePath[depth - 1] : null;
        framePath[depth] = paths.path(record.phases.size(), parent, name);
        depth++;
        return e;
    }

    /** Opens a stop-the-world record, first emitting or giving up the one before. */
    private void openTop(G1Record.Type type, long line) {
        flush(line);
        orphanDetails = false;
        pendingWorkerPath = null;
        record.open(type, lineUptime, lineWall, line);
        framePath[0] = null;
        depth = 1;
    }

    /** {@code , N secs]} closes the innermost open record; {@code , N refs} is a count inside one. */
    private int closing(byte[] b, int i, int end, long line) {
        int n = skipSpaces(b, i + 1, end);
        int numEnd = LegacyText.numberEnd(b, n, end);
        if (numEnd == n) {
            return -1;
        }
        int w = skipSpaces(b, numEnd, end);
        if (startsWith(b, w, end, REFS)) {
            return w + REFS.length;
        }
        if (!startsWith(b, w, end, SECS)) {
            return -1;
        }
        int close = skipSpaces(b, w + SECS.length, end);
        if (close >= end || b[close] != ']') {
            return -1;
        }
        double ms = LegacyText.number(b, n, numEnd) * 1000.0;
        if (depth == 0 && histogramAside) {
            histogramAside = false;
            return close + 1;
        }
        if (depth == 0) {
            // ", 0,0854230 secs]" whose first line is not in the log (a log that starts mid-record): the pause
            // happened and took this long, but what kind it was and when it started are lost with that line
            out.onWarning(line, "end of a pause record whose first line is missing: counted as a pause of "
                    + "unknown kind and time");
            openTop(G1Record.Type.UNKNOWN, line);
            record.uptime = Double.NaN;
            record.wall = null;
        }
        return pop(ms, line, close + 1);
    }

    private int pop(double ms, long line, int next) {
        depth--;
        if (depth == 0) {
            record.pauseMs = ms;
            record.line = line;
        } else if (!Double.isNaN(ms) && record.active) {
            record.phases.add(new Phase(framePath[depth], ms, ms));
        }
        return next;
    }

    /** {@code (young)}, {@code (G1 Evacuation Pause)}, {@code (to-space exhausted)}... of the open record. */
    private int parenthesis(byte[] b, int i, int end) {
        if (depth == 0) {
            return -1;
        }
        int close = matchingParen(b, i, end);
        if (close < 0) {
            return -1;
        }
        int s = i + 1;
        int len = close - s;
        if (len == 5 && b[s] == 'y' && b[s + 1] == 'o') { // young
            return close + 1;
        }
        if ((len == 5 && b[s] == 'm' && b[s + 1] == 'i') || (len == 7 && b[s] == 'p' && b[s + 1] == 'a')) {
            record.mixed = true; // "mixed"; "partial" in JDK 7 before update 4
        } else if (len == 12 && b[s] == 'i' && b[s + 1] == 'n' && b[s + 8] == 'm') { // initial-mark
            record.initialMark = true;
        } else if (startsWith(b, s, close, TO_SPACE)) {
            record.evacuationFailure = true; // "to-space exhausted", "to-space overflow"
        } else if (record.cause.isEmpty()) {
            record.cause = strings.get(b, s, close);
        }
        return close + 1;
    }

    private static int matchingParen(byte[] b, int open, int end) {
        int level = 0;
        for (int i = open; i < end; i++) {
            if (b[i] == '(') {
                level++;
            } else if (b[i] == ')' && --level == 0) {
                return i;
            }
        }
        return -1;
    }

    /** {@code 17M->3758K(13M)} after {@code Full GC} or {@code GC cleanup}. */
    private int heapTransition(byte[] b, int i, int end) {
        if (depth == 0) {
            return -1;
        }
        int e = LegacyText.transition(b, i, end, sizes);
        if (e < 0) {
            return -1;
        }
        if (record.active && record.heap == null) {
            record.heap = MemoryUsage.bytes("Heap", sizes[0], sizes[2], sizes[3]);
        }
        return e;
    }

    // ---------------------------------------------------------------- self-contained records

    /** {@code [GC concurrent-mark-start]}, {@code [GC concurrent-mark-end, 0.1 secs]}, {@code -abort]}... */
    private int concurrent(byte[] b, int n, int end, long line) {
        int close = indexOf(b, n, end, (byte) ']');
        int recEnd = close < 0 ? end : close;
        int nameEnd = n;
        while (nameEnd < recEnd && b[nameEnd] != ',') {
            nameEnd++;
        }
        nameEnd = trimEnd(b, n, nameEnd);
        double at = Double.isNaN(lineUptime) ? lastUptime : lineUptime;
        if (endsWith(b, n, nameEnd, START)) {
            if (nameEnd - n == MARK.length + START.length && startsWith(b, n, nameEnd, MARK)) {
                markStartUptime = at;
            }
        } else if (nameEnd - n == MARK_ABORT.length && startsWith(b, n, nameEnd, MARK_ABORT)) {
            double ms = Double.isNaN(markStartUptime) || Double.isNaN(at) ? Double.NaN
                    : (at - markStartUptime) * 1000.0;
            double startUp = Double.isNaN(ms) ? at : markStartUptime;
            emitConcurrent(strings.get(b, n, nameEnd), startUp, null, ms, Set.of(GcIncident.CONCURRENT_MARK_ABORT),
                    line);
            markStartUptime = Double.NaN;
        } else {
            double sec = LegacyText.secondsBefore(b, nameEnd, recEnd);
            if (!Double.isNaN(sec)) {
                boolean phaseEnd = endsWith(b, n, nameEnd, END);
                String name = strings.get(b, n, phaseEnd ? nameEnd - END.length : nameEnd);
                if (phaseEnd && name.length() == MARK.length) {
                    markStartUptime = Double.NaN;
                }
                Instant wall = lineWall == null ? null : lineWall.minusNanos((long) (sec * 1e9));
                emitConcurrent(name, Double.isNaN(at) ? at : at - sec, wall, sec * 1000.0, Set.of(), line);
            }
            // otherwise "-reset-for-overflow" and the like: nothing timed
        }
        return close < 0 ? end : close + 1;
    }

    private void emitConcurrent(String name, double uptime, Instant wall, double ms, Set<GcIncident> incidents,
                                long line) {
        out.onEvent(new GcEvent(-1, uptime, wall, Collector.G1, GcKind.CONCURRENT, name, "", 0.0, ms, null, List.of(),
                List.of(), null, incidents, line));
    }

    /** PrintAdaptiveSizePolicy: decisions, not events; the pause time goal they state is a fact. */
    private int ergonomics(byte[] b, int n, int end) {
        int close = indexOf(b, n, end, (byte) ']');
        int recEnd = close < 0 ? end : close;
        if (!facts.raw.containsKey("G1 target pause time")) {
            int t = indexOf(b, n, recEnd, TARGET_PAUSE);
            if (t >= 0) {
                int v = t + TARGET_PAUSE.length;
                int e = indexOf(b, v, recEnd, (byte) ',');
                facts.raw.put("G1 target pause time", new String(b, v, (e < 0 ? recEnd : e) - v,
                        java.nio.charset.StandardCharsets.ISO_8859_1).strip());
            }
        }
        return close < 0 ? end : close + 1;
    }

    /** {@code [Times: user=0.02 sys=0.00, real=0.01 secs]}: the CPU times, and the end of the record. */
    private int times(byte[] b, int n, int end, long line) {
        int close = indexOf(b, n, end, (byte) ']');
        int recEnd = close < 0 ? end : close;
        double user = valueAfter(b, n, recEnd, USER);
        double sys = valueAfter(b, n, recEnd, SYS);
        double real = valueAfter(b, n, recEnd, REAL);
        if (record.ended()) {
            record.cpu = new CpuTimes(user, sys, real);
            record.line = line;
            emit();
        } else if (record.active) {
            dropUnended(line);
        }
        orphanDetails = false;
        pendingWorkerPath = null;
        return close < 0 ? end : close + 1;
    }

    private static double valueAfter(byte[] b, int from, int to, byte[] key) {
        int k = indexOf(b, from, to, key);
        if (k < 0) {
            return Double.NaN;
        }
        int v = k + key.length;
        return LegacyText.number(b, v, LegacyText.numberEnd(b, v, to));
    }

    private void timeLine(byte[] b, int i, int end, long line) {
        SafepointEvent s = LegacyHeader.stoppedTime(b, i, end, lineUptime, line);
        if (s != null) {
            flush(line); // the pause this safepoint belongs to has been printed completely
            out.onEvent(s);
        }
    }

    // ---------------------------------------------------------------- the detail block

    /** An indented {@code [Name: ...]} line; {@code indent} is the number of blanks before it. */
    private boolean detail(byte[] b, int i, int end, int indent, long line) {
        int n = i + 1;
        int second = indexOf(b, n, end, (byte) '[');
        int glued = second < 0 ? -1 : indexOf(b, second, end, CONCURRENT_OPEN);
        if (glued > n) {
            // another thread's record printed into the line: "[GC Worker Start Time (ms):3.010: [GC concurrent-mark-start]"
            int s = LegacyText.stampsBefore(b, n, glued, stamp);
            detail(b, i, s, indent, line);
            return stream(b, s, end, line);
        }
        if (startsWith(b, n, end, TIMES)) {
            int next = times(b, n, end, line);
            return next >= end || stream(b, next, end, line); // "[Times: ...]21306.667: [GC concurrent-..."
        }
        pendingWorkerPath = null;
        if (!record.active || orphanDetails) {
            return true; // details of a record whose start is missing or was given up (warned)
        }
        if (!record.ended()) {
            dropUnended(line);
            orphanDetails = true;
            return true;
        }
        if (startsWith(b, n, end, EDEN)) {
            edenLine(b, n, end);
            return true;
        }
        if (n < end && b[n] == ' ' && LegacyText.transition(b, skipSpaces(b, n, end), end, sizes) >= 0) {
            record.heap = MemoryUsage.bytes("Heap", sizes[0], sizes[2], sizes[3]); // JDK 6: "[ 8192K->8096K(64M)]"
            return true;
        }
        int colon = indexOf(b, n, end, (byte) ':');
        if (colon < 0) {
            return false;
        }
        int level = Math.max(0, Math.min(MAX_PHASE_DEPTH - 1, (indent - 3) / 3));
        boolean perWorker = colon - MS_NAME_END.length >= n && startsWith(b, colon - MS_NAME_END.length, colon, MS_NAME_END);
        int nameEnd = perWorker ? colon - MS_NAME_END.length : colon;
        boolean closed = b[end - 1] == ']';
        if (perWorker && (startsWith(b, n, nameEnd, WORKER_START) || startsWith(b, n, nameEnd, WORKER_END))) {
            pendingWorkerPath = closed ? null : ""; // timestamps of the workers, not durations
            return true;
        }
        int v = skipSpaces(b, colon + 1, end);
        if (!perWorker) {
            int numEnd = LegacyText.numberEnd(b, v, end);
            if (numEnd > v && startsWith(b, numEnd, end, MS)) {
                String path = phasePath(b, n, nameEnd, level);
                double ms = LegacyText.number(b, v, numEnd);
                record.phases.add(new Phase(path, ms, ms));
                int w = indexOf(b, numEnd, end, GC_WORKERS);
                if (w >= 0 && facts.parallelWorkers < 0) {
                    int s = w + GC_WORKERS.length;
                    facts.parallelWorkers = (int) Math.round(LegacyText.number(b, s, LegacyText.numberEnd(b, s, end)));
                }
            } else {
                // a count ("[Processed Buffers: ...", "[Humongous Total: 0]"); at finest its statistics follow
                pendingWorkerPath = closed ? null : "";
            }
            return true;
        }
        String path = phasePath(b, n, nameEnd, level);
        if (startsWith(b, v, end, MIN)) {
            pendingWorkerPath = path;
            workerValues(b, v, end);
        } else {
            pendingWorkerPath = path; // finest: each worker's value, then "Min: ..., Avg: ..." on the next line
        }
        return true;
    }

    private String phasePath(byte[] b, int n, int nameEnd, int level) {
        String name = strings.get(b, n, nameEnd);
        String parent = level == 0 ? null : detailParents[level - 1];
        String path = paths.path(record.phases.size(), parent, name);
        detailParents[level] = path;
        for (int k = level + 1; k < MAX_PHASE_DEPTH && detailParents[k] != null; k++) {
            detailParents[k] = null;
        }
        return path;
    }

    /** {@code Min: 0.5, Avg: 0.7, Max: 1.6, Diff: 1.2, Sum: 5.4]} for the pending per-worker phase. */
    private void workerValues(byte[] b, int i, int end) {
        String path = pendingWorkerPath;
        pendingWorkerPath = null;
        if (path.isEmpty() || !record.ended()) {
            return;
        }
        double avg = valueAfterSpaces(b, i, end, AVG);
        double max = valueAfterSpaces(b, i, end, MAX);
        if (!Double.isNaN(avg)) {
            record.phases.add(new Phase(path, avg, Double.isNaN(max) ? avg : max));
        }
    }

    private static double valueAfterSpaces(byte[] b, int from, int to, byte[] key) {
        int k = indexOf(b, from, to, key);
        if (k < 0) {
            return Double.NaN;
        }
        int v = skipSpaces(b, k + key.length, to);
        return LegacyText.number(b, v, LegacyText.numberEnd(b, v, to));
    }

    /**
     * {@code [Eden: 18.0M(24.0M)->0.0B(5120.0K) Survivors: 0.0B->0.0B Heap: 17.2M(256.0M)->3758.6K(13.0M)]}, and a Full
     * GC's {@code , [Metaspace: 21104K->21104K(1067008K)]} after it.
     */
    private void edenLine(byte[] b, int n, int end) {
        record.pools.clear();
        int e = n + EDEN.length;
        if (LegacyText.transition(b, e, end, sizes) >= 0) {
            record.pools.add(MemoryUsage.bytes("Eden regions", sizes[0], sizes[2], sizes[3]));
        }
        int s = indexOf(b, e, end, SURVIVORS);
        if (s >= 0 && LegacyText.transition(b, s + SURVIVORS.length, end, sizes) >= 0) {
            record.pools.add(MemoryUsage.bytes("Survivor regions", sizes[0], sizes[2], sizes[3]));
        }
        int h = indexOf(b, e, end, HEAP);
        if (h >= 0 && LegacyText.transition(b, h + HEAP.length, end, sizes) >= 0) {
            record.heap = MemoryUsage.bytes("Heap", sizes[0], sizes[2], sizes[3]);
        }
        int m = indexOf(b, e, end, METASPACE);
        if (m >= 0 && LegacyText.transition(b, m + METASPACE.length, end, sizes) >= 0) {
            record.pools.add(MemoryUsage.bytes("Metaspace", sizes[0], sizes[2], sizes[3]));
        }
    }

    // ---------------------------------------------------------------- emitting

    @Override
    protected void endRun(long line) {
        flush(line);
    }

    /** Emits the current record if its pause time is known; warns about and drops one that has none. */
    private void flush(long line) {
        if (record.ended()) {
            emit();
        } else if (record.active) {
            dropUnended(line);
        }
        depth = 0;
    }

    private void emit() {
        out.onEvent(record.toEvent());
        record.active = false;
        depth = 0;
    }

    /** A record left out: warned about, and counted as a skipped line that looks like a GC record. */
    private void dropUnended(long line) {
        out.onWarning(line < 0 ? record.startLine : line, "\"" + record.name() + "\" record started at line "
                + record.startLine + " has no pause time (\", N secs]\"): not counted");
        byte[] sample = ("[" + record.name() + " ... without its pause time]").getBytes(StandardCharsets.ISO_8859_1);
        out.onUnrecognized(record.startLine, sample, 0, sample.length);
        record.active = false;
        depth = 0;
    }
}
