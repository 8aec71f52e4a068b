package dev.jvmtune.core.parse.unified;

import static dev.jvmtune.core.parse.Bytes.ascii;
import static dev.jvmtune.core.parse.Bytes.indexOf;
import static dev.jvmtune.core.parse.Bytes.isDigit;
import static dev.jvmtune.core.parse.Bytes.lastIndexOf;
import static dev.jvmtune.core.parse.Bytes.numberEnd;
import static dev.jvmtune.core.parse.Bytes.parseDouble;
import static dev.jvmtune.core.parse.Bytes.parseSize;
import static dev.jvmtune.core.parse.Bytes.skipSpaces;
import static dev.jvmtune.core.parse.Bytes.startsWith;
import static dev.jvmtune.core.parse.Bytes.trimEnd;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.CpuTimes;
import dev.jvmtune.core.model.CycleStatistics;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.GcStall;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.model.PlabStatistics;
import dev.jvmtune.core.model.Restart;
import dev.jvmtune.core.model.SafepointEvent;
import dev.jvmtune.core.parse.Bytes;
import dev.jvmtune.core.parse.CommandLineFlags;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.parse.LogParser;
import dev.jvmtune.core.parse.ParseListener;
import dev.jvmtune.core.parse.ShenandoahTrigger;
import dev.jvmtune.core.parse.StringCache;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parser for JDK 9+ unified logging ({@code -Xlog:gc*,safepoint}) of every collector: G1, Parallel,
 * Serial, CMS, ZGC (single-generation and generational), Shenandoah (incl. generational) and Epsilon.
 *
 * <p>Decorations are recognised by their shape, so any set and order works, including none. Events are
 * assembled per GC id: a {@code gc,start} line opens a pause, detail lines (phases, pools, metaspace)
 * attach to it, the summary line with the duration completes it, and a following {@code gc,cpu} line
 * adds CPU times. Concurrent phases and ZGC/Shenandoah pauses are complete in one line.
 */
public final class UnifiedLogParser implements LogParser {

    private static final byte[] GC_ID = ascii("GC(");
    private static final byte[] PAUSE = ascii("Pause ");
    private static final byte[] CONCURRENT = ascii("Concurrent ");
    private static final byte[] ARROW = ascii("->");
    private static final byte[] USER = ascii("User=");
    private static final byte[] SYS = ascii("Sys=");
    private static final byte[] REAL = ascii("Real=");
    private static final byte[] USING = ascii("Using ");
    private static final byte[] SAFEPOINT = ascii("Safepoint \"");
    private static final byte[] REACHING = ascii("Reaching safepoint: ");
    private static final byte[] TOTAL = ascii("Total: ");
    private static final byte[] STOPPED = ascii("Total time for which application threads were stopped: ");
    private static final byte[] STOPPING = ascii("Stopping threads took: ");
    private static final byte[] TRIGGER = ascii("Trigger");
    private static final byte[] WORKER_MS_NAME_END = ascii(" (ms)");
    private static final byte[] AVG = ascii("Avg:");
    private static final byte[] MAX = ascii("Max:");
    private static final byte[] GARBAGE_COLLECTION = ascii("Garbage Collection");
    private static final byte[] MAJOR_COLLECTION = ascii("Major Collection");
    private static final byte[] MINOR_COLLECTION = ascii("Minor Collection");
    private static final byte[] HEAP_REGION_SIZE = ascii("Heap region size: ");
    /** {@code gc,heap} at debug level, before the {@code gc,init} lines: the only heap sizes of a log without them. */
    private static final byte[] MINIMUM_HEAP = ascii("Minimum heap ");
    /** Shenandoah's heuristics setting a flag ({@code Heuristics ergonomically sets -XX:+ExplicitGCInvokesConcurrent}). */
    private static final byte[] ERGONOMICALLY_SETS = ascii("Heuristics ergonomically sets ");
    private static final byte[] TO_SPACE_EXHAUSTED = ascii("To-space exhausted");
    private static final byte[] MARK_ABORT = ascii("Concurrent Mark Abort");
    private static final byte[] EVACUATION_FAILURE = ascii("(Evacuation Failure");
    private static final byte[] PROMOTION_FAILED = ascii("Promotion failed");
    private static final byte[] PINNED = ascii("Pinned");
    private static final byte[] ALLOCATION = ascii("Allocation");
    private static final byte[] CANCELLING = ascii("Cancelling GC: ");
    private static final byte[] UPGRADE_TO_FULL = ascii("Upgrade To Full GC");
    private static final byte[] STOPPING_VM = ascii("Stopping VM");
    private static final byte[] DEGENERATED_UPGRADING = ascii("Degenerated GC upgrading to Full GC");

    /** How far the clock must go back to be taken for a restart; a new JVM logs its first line within ~10 ms. */
    private static final double RESTART_STEP_SEC = 0.25;

    /** Open GC ids kept before the oldest is given up; bounds memory on logs with unterminated events. */
    private static final int MAX_OPEN_IDS = 256;

    private final ParseListener out;
    private final StringCache strings = new StringCache();
    private JvmFacts.Builder facts = new JvmFacts.Builder();
    private final Map<Long, OpenGc> open = new LinkedHashMap<>();
    /** The state {@link #find} returned last. */
    private OpenGc last;
    private final Decorations deco;
    private final PhasePaths phasePaths = new PhasePaths();

    /** A completed pause that may still receive its gc,cpu line. */
    private PendingEvent pending;
    private String pendingTrigger = "";
    /** Incidents logged before the pause they belong to has a summary. */
    private Set<GcIncident> pendingIncidents = Set.of();
    /** Shenandoah's cancellations and upgrades, for the next degenerated or Full GC, which finishes the cycle. */
    private Set<GcIncident> pendingFallback = Set.of();
    private final StallLines stalls;
    private final ZgcStatistics zgcStatistics = new ZgcStatistics();
    private double firstUptime = Double.NaN;
    private double lastUptime = Double.NaN;
    /** The file was truncated and is read again from its start: no allowance for the next time read going back. */
    private boolean rewritten;

    public UnifiedLogParser(ParseListener out) {
        this(out, new State(new JvmFacts.Builder(), new Decorations().state(), "", Set.of(), Set.of(), false,
                Double.NaN, Double.NaN, false));
    }

    /** A parser reading on from {@code state}; the tag sets met start empty: {@link #joinAfter} adds the earlier ones. */
    private UnifiedLogParser(ParseListener out, State state) {
        this.out = out;
        facts = state.facts.copy();
        deco = new Decorations(state.decorations);
        pendingTrigger = state.pendingTrigger;
        pendingIncidents = state.pendingIncidents;
        pendingFallback = state.pendingFallback;
        stalls = new StallLines(strings, state.inPacingTable);
        firstUptime = state.firstUptime;
        lastUptime = state.lastUptime;
        rewritten = state.rewritten;
    }

    /**
     * Between collections: the facts, what the decorations leave for the next line, the Shenandoah trigger and
     * incidents waiting for the collection they belong to, whether the pacing table is open, and the clock (with
     * whether the file was just written again, which takes the allowance for a clock going back away). Caches
     * ({@link StringCache}, {@link PhasePaths}, the tag filter's) give the same values whatever they hold. The tag sets
     * met steer nothing: they are joined instead ({@link #joinAfter}), so that a parser that met a new one in an earlier
     * block does not keep every later context apart.
     */
    private record State(JvmFacts.Builder facts, Decorations.State decorations, String pendingTrigger,
                         Set<GcIncident> pendingIncidents, Set<GcIncident> pendingFallback, boolean inPacingTable,
                         double firstUptime, double lastUptime, boolean rewritten) implements Context {

        @Override
        public LogParser resume(ParseListener out) {
            return new UnifiedLogParser(out, this);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof State s && facts.sameAs(s.facts) && decorations.equals(s.decorations)
                    && pendingTrigger.equals(s.pendingTrigger) && pendingIncidents.equals(s.pendingIncidents)
                    && pendingFallback.equals(s.pendingFallback) && inPacingTable == s.inPacingTable
                    && Double.compare(firstUptime, s.firstUptime) == 0 && Double.compare(lastUptime, s.lastUptime) == 0
                    && rewritten == s.rewritten;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(decorations, pendingTrigger, firstUptime, lastUptime);
        }
    }

    @Override
    public Context context() {
        if (pending != null || !open.isEmpty() || !zgcStatistics.isEmpty()) {
            return null;
        }
        return new State(facts.copy(), deco.state(), pendingTrigger, Set.copyOf(pendingIncidents),
                Set.copyOf(pendingFallback), stalls.inPacingTable(), firstUptime, lastUptime, rewritten);
    }

    @Override
    public boolean startupLinesSeen() {
        return facts.startupLinesSeen();
    }

    @Override
    public void joinAfter(LogParser earlier) {
        deco.addTagsSeen(((UnifiedLogParser) earlier).deco.tagsSeen());
    }

    @Override
    public JvmFacts completeFacts(JvmFacts given, LogParser earlier) {
        return given.withLogTags(TagFilter.join(given.logTags(), ((UnifiedLogParser) earlier).deco.tagsSeen()));
    }

    @Override
    public LogFormat format() {
        return LogFormat.UNIFIED;
    }

    @Override
    public JvmFacts facts() {
        JvmFacts.Builder f = facts.copy(); // the tag sets of every run so far, without changing the state
        f.logTags.addAll(deco.tagsSeen());
        return f.build();
    }

    @Override
    public double firstTimestampSec() {
        return firstUptime;
    }

    @Override
    public double lastTimestampSec() {
        return lastUptime;
    }

    @Override
    public void fileBoundary() {
        flushPending();
    }

    @Override
    public void fileRewritten() {
        fileBoundary();
        rewritten = true;
    }

    @Override
    public void finish() {
        flushPending();
        for (OpenGc gc : open.values()) {
            warnUnfinished(gc);
        }
        open.clear();
        last = null;
    }

    @Override
    public void line(byte[] b, int from, int to, long line) {
        boolean decorated = deco.parse(b, from, to);
        if (deco.invalid) {
            out.onUnrecognized(line, b, from, to);
            return;
        }
        if (deco.ignorable || deco.stats && !stalls.wantsStats(b, deco.messageStart, to)) {
            return;
        }

        if (decorated && (Double.isNaN(firstUptime) || rewritten)) {
            checkClock(line); // the first line sets the start of the log's time span, or of a file written again
        }
        int m = deco.messageStart;
        int end = trimEnd(b, m, to);
        boolean recognized;
        if (startsWith(b, m, end, GC_ID)) {
            recognized = gcLine(b, m, end, line);
        } else {
            flushPending();
            checkClock(line);
            recognized = globalLine(b, m, end, line) || decorated;
        }
        if (!recognized) {
            out.onUnrecognized(line, b, from, to);
        }
    }

    /**
     * Tracks the time span of the log and warns when the clock goes back. Called for lines that start or
     * end something and for lines without a GC id, not for every detail line: parsing each line's
     * timestamp would cost more than the rest of such a line.
     */
    private void checkClock(long line) {
        if (Double.isNaN(deco.uptimeSec())) {
            return;
        }
        double up = deco.uptimeSec();
        if (Double.isNaN(firstUptime)) {
            firstUptime = up;
        }
        double allowance = rewritten ? 0 : RESTART_STEP_SEC;
        rewritten = false;
        if (!Double.isNaN(lastUptime) && up + allowance < lastUptime) {
            restart(line, up);
        }
        lastUptime = up;
    }

    /**
     * A clock going back by more than {@link #RESTART_STEP_SEC} is a JVM restart appended to the same file
     * (steps back of a few milliseconds happen when threads race to log). The new run is reported apart, with facts of its own.
     */
    private void restart(long line, double up) {
        flushPending();
        for (OpenGc gc : open.values()) {
            warnUnfinished(gc);
        }
        open.clear();
        last = null;
        out.onWarning(line, String.format(java.util.Locale.ROOT, "clock went back from %.3fs to %.3fs: a JVM "
                + "restart or another log appended here; what follows is analyzed as a new run", lastUptime, up));
        out.onEvent(Restart.at(line, lastUptime, up));
        facts = new JvmFacts.Builder();
        pendingFallback = Set.of();
        zgcStatistics.clear();
        firstUptime = up;
    }

    // ---------------------------------------------------------------- lines with a GC id

    private boolean gcLine(byte[] b, int m, int end, long line) {
        int close = indexOf(b, m + 3, end, (byte) ')');
        if (close < 0) {
            flushPending();
            return false;
        }
        long id = Bytes.parseLong(b, m + 3, close);
        if (id < 0) {
            flushPending();
            return false;
        }
        int afterId = close + 1;
        int r = skipSpaces(b, afterId, end);
        int indent = Math.max(0, r - afterId - 1);

        if (pending != null && pending.id != id) {
            flushPending();
        }
        // generational ZGC prefixes lines with the generation: "Y:"/"O:" in major collections, "y:" in
        // minor ones; classification looks past it
        int label = r;
        if (r + 2 < end && b[r + 1] == ':' && b[r + 2] == ' '
                && (b[r] == 'Y' || b[r] == 'y' || b[r] == 'O' || b[r] == 'o')) {
            label = r + 3;
        }
        if (startsWith(b, label, end, USER)) {
            cpuLine(id, b, label, end);
            return true;
        }
        if ((label != r || facts.collector == Collector.ZGC) && zgcLine(id, b, r, label, end, line)) {
            return true;
        }
        if (label < end && (b[label] == 'P' || b[label] == 'W')) { // G1's NUMA statistics
            if (NumaLines.accept(facts, b, label, end)) {
                return true;
            }
        }
        if (PlabLines.isPlabLine(b, label, end)) {
            openState(id).plab().read(b, label, end);
            return true;
        }
        if (pending != null && (startsWith(b, label, end, PAUSE) || startsWith(b, label, end, CONCURRENT))) {
            flushPending();
        }
        int durStart = durationStart(b, label, end);
        double durMs = durStart < 0 ? Double.NaN : durationMs(b, durStart, end);
        if (startsWith(b, label, end, PAUSE)) {
            checkClock(line);
            if (durStart < 0 && (indexOf(b, label, end, ARROW) >= 0 || figureAtEnd(b, label, end))) {
                // figures but no duration this parser reads: a summary line, not a start line; skipped and counted
                // once, so the start it ends is not counted again as unfinished
                OpenGc gc = find(id);
                if (gc != null && gc.hasStart()) {
                    out.onWarning(gc.startLine, "GC(" + gc.id + ") " + gc.startLabel() + " has no end line that can "
                            + "be read (line " + line + "): the collection is left out");
                    gc.clearStart();
                    if (gc.isIdle()) {
                        forget(id);
                    }
                }
                return false;
            }
            if (durStart < 0) {
                openState(id).start(b, r, end, line, deco);
            } else {
                pauseSummary(id, b, r, label, durStart, durMs, line);
            }
            return true;
        }
        if (startsWith(b, label, end, MARK_ABORT)) {
            openState(id).markAborted = true; // the cycle's end line, next, carries it
            return true;
        }
        if (startsWith(b, label, end, CONCURRENT)) {
            if (durStart >= 0) {
                checkClock(line);
                concurrentEvent(id, b, r, label, durStart, durMs, line);
            }
            return true;
        }
        if (startsWith(b, label, end, TO_SPACE_EXHAUSTED)) {
            openState(id).incident(GcIncident.EVACUATION_FAILURE); // JDK 9-20; later JDKs say it in the summary
            return true;
        }
        if (startsWith(b, label, end, PROMOTION_FAILED) && label + PROMOTION_FAILED.length == end) {
            // Serial logs it with the id of the young pause that failed to promote (gc,promotion); generational
            // Shenandoah's "Promotion failed, size ..." lines are per-object diagnostics of a cycle, not this
            openState(id).incident(GcIncident.PROMOTION_FAILED);
            return true;
        }
        if (startsWith(b, label, end, GARBAGE_COLLECTION) || startsWith(b, label, end, MAJOR_COLLECTION)
                || startsWith(b, label, end, MINOR_COLLECTION)) {
            checkClock(line);
            zgcCycle(id, b, r, label, end, durStart, durMs, line);
            return true;
        }
        if (indent == 0 && durStart >= 0 && facts.collector == Collector.SHENANDOAH
                && shenandoahConcurrentPhase(id, b, label, durStart)) {
            checkClock(line);
            concurrentEvent(id, b, r, label, durStart, durMs, line);
            return true;
        }
        if (indent > 0 || durStart >= 0) {
            if (phaseLine(id, b, r, end, indent, durStart, durMs)) {
                return true;
            }
        }
        poolLine(id, b, label, end);
        return true;
    }

    /**
     * Start of the trailing duration ({@code 7.965ms}, {@code 0.015s}, {@code 6,572ms} in a decimal-comma locale,
     * {@code 6.363 ms} as some JDK builds print it), or -1.
     */
    /**
     * Generational ZGC's workers' stalls (with the cycle's GC id after a generation prefix) and ZGC's cycle
     * statistics.
     */
    private boolean zgcLine(long id, byte[] b, int r, int label, int end, long line) {
        if (label < end && (b[label] == 'R' || b[label] == 'A')) {
            GcStall stall = stalls.zgc(b, label, end, deco.uptimeSec(), true, line);
            if (stall != null) {
                out.onEvent(stall);
                return true;
            }
        }
        return facts.collector == Collector.ZGC && zgcStatistics.read(id, label == r ? 0 : b[r], b, label, end);
    }

    private static int durationStart(byte[] b, int from, int end) {
        int sp = lastIndexOf(b, from, end, (byte) ' ');
        int tok = sp + 1;
        if (sp < 0 || tok >= end) {
            return -1;
        }
        if (!isDigit(b[tok])) {
            if (!isTimeUnit(b, tok, end)) {
                return -1;
            }
            int num = lastIndexOf(b, from, sp, (byte) ' ') + 1;
            return num > from && num < sp && isDigit(b[num]) && numberEnd(b, num, sp) == sp ? num : -1;
        }
        int numEnd = numberEnd(b, tok, end);
        return numEnd > tok && isTimeUnit(b, numEnd, end) ? tok : -1;
    }

    /** Whether the last word holds a digit ({@code 6.572 msec}): start lines end with a word or a parenthesis. */
    private static boolean figureAtEnd(byte[] b, int from, int end) {
        for (int i = end - 1; i >= from && b[i] != ' '; i--) {
            if (isDigit(b[i])) {
                return true;
            }
        }
        return false;
    }

    /** {@code s}, {@code ms}, {@code us} or {@code ns}. */
    private static boolean isTimeUnit(byte[] b, int from, int end) {
        int len = end - from;
        return len == 1 && b[from] == 's'
                || len == 2 && b[from + 1] == 's' && (b[from] == 'm' || b[from] == 'u' || b[from] == 'n');
    }

    private static double durationMs(byte[] b, int tok, int end) {
        int numEnd = numberEnd(b, tok, end);
        double v = parseDouble(b, tok, numEnd);
        int unit = numEnd < end && b[numEnd] == ' ' ? numEnd + 1 : numEnd;
        if (end - unit == 1) {
            return v * 1000.0;
        }
        return switch (b[unit]) {
            case 'm' -> v;
            case 'u' -> v / 1000.0;
            default -> v / 1_000_000.0;
        };
    }

    /** A summary line's label end and, when the line has one, its {@code before->after(capacity)} figures. */
    private record Summary(int labelEnd, MemoryUsage heap) {
    }

    /** Splits "LABEL [A->B(C)] " (the duration already cut off at {@code durStart}). */
    private static Summary summary(byte[] b, int r, int label, int durStart) {
        int labelEnd = trimEnd(b, r, durStart);
        int sp = lastIndexOf(b, label, labelEnd, (byte) ' ');
        if (sp >= 0 && indexOf(b, sp + 1, labelEnd, ARROW) >= 0) {
            return new Summary(trimEnd(b, r, sp), heapTransition(b, sp + 1, labelEnd));
        }
        return new Summary(labelEnd, null);
    }

    private void pauseSummary(long id, byte[] b, int r, int label, int durStart, double durMs, long line) {
        Summary sum = summary(b, r, label, durStart);
        int labelEnd = sum.labelEnd();
        MemoryUsage heap = sum.heap();
        OpenGc gc = find(id);
        boolean ownsState = gc != null && gc.matchesStart(b, r, labelEnd);
        Label l = classify(b, r, label, labelEnd);
        String cause = l.cause;
        if (cause.isEmpty() && gc != null) {
            cause = gc.cycleCause;
        }
        double startUptime = ownsState && !Double.isNaN(gc.startUptime) ? gc.startUptime
                : deco.uptimeSec() - durMs / 1000.0;
        Instant startWall = ownsState && gc.startWall != null ? gc.startWall : deco.wallMinus(durMs);
        List<MemoryUsage> pools = List.of();
        List<Phase> phases = List.of();
        PlabStatistics plab = null;
        Set<GcIncident> incidents = pendingIncidents;
        pendingIncidents = Set.of();
        int failure = indexOf(b, label, labelEnd, EVACUATION_FAILURE);
        if (failure >= 0) {
            incidents = evacuationFailure(incidents, b, failure, labelEnd);
        }
        if (!pendingFallback.isEmpty() && (l.kind == GcKind.DEGENERATED || l.kind == GcKind.FULL)) {
            incidents = fallback(incidents);
        }
        if (gc != null && (ownsState || !gc.hasStart())) {
            pools = gc.takePools(facts.regionSizeBytes);
            phases = gc.takePhases();
            plab = gc.takePlab();
            for (GcIncident i : gc.takeIncidents()) {
                incidents = with(incidents, i);
            }
            gc.clearStart();
            if (gc.isIdle()) {
                forget(id);
            }
        }
        pending = new PendingEvent(id, startUptime, startWall, l.kind, l.name, cause, durMs, heap, pools, phases,
                incidents, plab, line);
    }

    /*
     * The rare cases of a pause summary are methods of their own, as are the concurrent collectors' lines below: the
     * hot methods stay small enough for the JIT to compile them early (each inlined branch made a cold analysis of a
     * G1 log slower).
     */

    /** JDK 22+: "(Evacuation Failure: Allocation)", "(...: Pinned)" or both; JDK 21: no reason. */
    private static Set<GcIncident> evacuationFailure(Set<GcIncident> incidents, byte[] b, int failure, int labelEnd) {
        int close = indexOf(b, failure, labelEnd, (byte) ')');
        int reasonEnd = close < 0 ? labelEnd : close;
        boolean pinned = indexOf(b, failure, reasonEnd, PINNED) >= 0;
        Set<GcIncident> with = incidents;
        if (pinned) {
            with = with(with, GcIncident.PINNED_REGIONS);
        }
        if (!pinned || indexOf(b, failure + EVACUATION_FAILURE.length, reasonEnd, ALLOCATION) >= 0) {
            with = with(with, GcIncident.EVACUATION_FAILURE);
        }
        return with;
    }

    /** Shenandoah's cancellations and upgrades logged before this degenerated or Full GC, which carries them. */
    private Set<GcIncident> fallback(Set<GcIncident> incidents) {
        Set<GcIncident> with = incidents;
        for (GcIncident i : pendingFallback) {
            with = with(with, i);
        }
        pendingFallback = Set.of();
        return with;
    }

    private static Set<GcIncident> with(Set<GcIncident> set, GcIncident i) {
        if (set.contains(i)) {
            return set;
        }
        EnumSet<GcIncident> more = set.isEmpty() ? EnumSet.noneOf(GcIncident.class) : EnumSet.copyOf(set);
        more.add(i);
        return more;
    }

    /**
     * A Shenandoah concurrent phase whose name does not start with "Concurrent" (generational mode's "Coalescing and
     * filling old regions 3.111ms"): a timed line of its own, outside any pause, without the colon of a statistic
     * ("At end of Concurrent Young GC: ... during period of 0.1s") or of a Full GC's phase ("Phase 1: Mark live
     * objects 12ms").
     */
    private boolean shenandoahConcurrentPhase(long id, byte[] b, int label, int durStart) {
        OpenGc gc = find(id);
        return (gc == null || !gc.hasStart()) && indexOf(b, label, durStart, (byte) ':') < 0;
    }

    private void concurrentEvent(long id, byte[] b, int r, int label, int durStart, double durMs, long line) {
        Summary sum = summary(b, r, label, durStart);
        MemoryUsage heap = sum.heap();
        String name = strings.get(b, r, sum.labelEnd());
        GcKind kind = name.equals("Concurrent Mark Cycle") || name.equals("Concurrent Cycle")
                || name.equals("Concurrent Undo Cycle") ? GcKind.CYCLE : GcKind.CONCURRENT;
        OpenGc gc = find(id);
        String cause = gc != null ? gc.cycleCause : "";
        Set<GcIncident> incidents = kind == GcKind.CYCLE && gc != null && gc.markAborted
                ? Set.of(GcIncident.CONCURRENT_MARK_ABORT) : Set.of();
        emit(new GcEvent(id, deco.uptimeSec() - durMs / 1000.0, deco.wallMinus(durMs), collector(name),
                kind, name, cause, 0.0, durMs, heap, List.of(), List.of(), null, incidents, line));
        if (kind == GcKind.CYCLE && gc != null) {
            gc.cycleCause = "";
            gc.markAborted = false;
            if (gc.isIdle()) {
                forget(id);
            }
        }
    }

    /** ZGC: "Garbage Collection (Warmup)" opens a cycle, "... 256M(100%)->30M(12%) [0.012s]" closes it. */
    private void zgcCycle(long id, byte[] b, int r, int label, int end, int durStart, double durMs, long line) {
        if (facts.collector == null) {
            facts.collector = Collector.ZGC;
        }
        if (startsWith(b, label, end, MAJOR_COLLECTION) || startsWith(b, label, end, MINOR_COLLECTION)) {
            facts.raw.putIfAbsent("ZGC Mode", "generational");
        }
        int labelEnd = durStart >= 0 ? trimEnd(b, r, durStart) : end;
        int arrow = indexOf(b, label, labelEnd, ARROW);
        int paren = indexOf(b, label, labelEnd, (byte) '(');
        if (arrow < 0) {
            OpenGc gc = openState(id);
            if (paren >= 0) {
                int close = matchingParen(b, paren, labelEnd);
                gc.cycleCause = strings.get(b, paren + 1, close < 0 ? labelEnd : close);
            }
            gc.cycleStartUptime = deco.uptimeSec();
            gc.cycleStartWall = deco.wall();
            return;
        }
        int sp = lastIndexOf(b, label, arrow, (byte) ' ');
        MemoryUsage heap = heapTransition(b, sp + 1, labelEnd);
        int nameEnd = trimEnd(b, r, sp);
        OpenGc gc = find(id);
        double startUp = gc != null && !Double.isNaN(gc.cycleStartUptime) ? gc.cycleStartUptime
                : Double.isNaN(durMs) ? Double.NaN : deco.uptimeSec() - durMs / 1000.0;
        Instant startWall = gc != null && gc.cycleStartWall != null ? gc.cycleStartWall
                : Double.isNaN(durMs) ? null : deco.wallMinus(durMs);
        double duration = !Double.isNaN(durMs) ? durMs
                : !Double.isNaN(startUp) ? (deco.uptimeSec() - startUp) * 1000.0 : Double.NaN;
        String name = strings.get(b, r, nameEnd);
        String cause = "";
        if (paren >= 0 && paren < nameEnd) {
            int close = matchingParen(b, paren, nameEnd);
            cause = strings.get(b, paren + 1, close < 0 ? nameEnd : close);
        }
        emit(new GcEvent(id, startUp, startWall, Collector.ZGC, GcKind.CYCLE, name, cause, 0.0, duration, heap,
                List.of(), List.of(), null, Set.of(), line));
        CycleStatistics stats = zgcStatistics.end(id, deco.uptimeSec(), !startsWith(b, label, end, GARBAGE_COLLECTION),
                line);
        if (stats != null) {
            out.onEvent(stats);
        }
        forget(id);
    }

    private boolean phaseLine(long id, byte[] b, int r, int end, int indent, int durStart, double durMs) {
        OpenGc gc = find(id);
        if (gc == null && pending == null) {
            gc = openState(id);
        } else if (gc == null) {
            return false;
        }
        int nameEnd;
        double ms;
        double maxMs;
        if (durStart >= 0) {
            nameEnd = trimEnd(b, r, durStart);
            if (nameEnd > r && b[nameEnd - 1] == ':') {
                nameEnd--;
            }
            if (indexOf(b, r, nameEnd, (byte) ':') >= 0 && indexOf(b, r, nameEnd, ARROW) >= 0) {
                return false;
            }
            ms = durMs;
            maxMs = durMs;
        } else {
            // per-worker statistics, "Object Copy (ms):   Min: ..., Avg: ..., Workers: n", have "(ms)" right
            // before their first colon and never end with a duration
            int colon = indexOf(b, r, end, (byte) ':');
            int worker = colon - WORKER_MS_NAME_END.length;
            if (worker < r || !startsWith(b, worker, colon, WORKER_MS_NAME_END)) {
                return false; // an indented detail line without a time, e.g. reference counts
            }
            int avg = indexOf(b, worker, end, AVG);
            if (avg < 0) {
                return true; // "skipped"
            }
            int a = skipSpaces(b, avg + AVG.length, end);
            ms = parseDouble(b, a, numberEnd(b, a, end));
            int max = indexOf(b, avg, end, MAX);
            if (max >= 0) {
                int x = skipSpaces(b, max + MAX.length, end);
                maxMs = parseDouble(b, x, numberEnd(b, x, end));
            } else {
                maxMs = ms;
            }
            nameEnd = worker;
        }
        if (Double.isNaN(ms) || nameEnd <= r) {
            return true;
        }
        gc.addPhase(strings.get(b, r, nameEnd), indent / 2, ms, maxMs, phasePaths);
        return true;
    }

    private void poolLine(long id, byte[] b, int from, int end) {
        int colon = indexOf(b, from, end, (byte) ':');
        if (colon < 0 || colon + 2 >= end || b[colon + 1] != ' ') {
            return;
        }
        int v = colon + 2;
        if (!isDigit(b[v])) {
            return;
        }
        int arrow = indexOf(b, v, end, ARROW);
        if (arrow < 0) {
            return;
        }
        MemoryUsage usage = poolTransition(strings.get(b, from, colon), b, v, arrow, end);
        if (usage == null) {
            return;
        }
        if (pending != null && pending.id == id) {
            pending.addPool(usage, facts.regionSizeBytes);
            return;
        }
        openState(id).pools.add(usage);
    }

    /** {@code A[u][(Ca)]->B[u][(Cb)]}: sizes with units are bytes, bare numbers are G1 region counts. */
    private static MemoryUsage poolTransition(String name, byte[] b, int v, int arrow, int end) {
        int aEnd = numberEnd(b, v, arrow);
        boolean regions = aEnd < arrow && (b[aEnd] == '(' || b[aEnd] == ' ') || aEnd == arrow;
        int bStart = arrow + 2;
        int bEnd = numberEnd(b, bStart, end);
        if (bEnd == bStart) {
            return null;
        }
        if (regions) {
            long before = Bytes.parseLong(b, v, aEnd);
            long after = Bytes.parseLong(b, bStart, bEnd);
            long cap = -1;
            if (bEnd < end && b[bEnd] == '(') {
                int close = indexOf(b, bEnd, end, (byte) ')');
                if (close > 0) {
                    cap = Bytes.parseLong(b, bEnd + 1, close);
                }
            }
            return MemoryUsage.regions(name, before, after, cap);
        }
        long before = parseSize(b, v, arrow);
        int bTokEnd = bEnd < end ? bEnd + 1 : bEnd;
        long after = parseSize(b, bStart, Math.min(end, bTokEnd));
        long cap = -1;
        int open = bTokEnd < end && b[bTokEnd] == '(' ? bTokEnd : -1;
        if (open < 0) {
            // metaspace JDK 16+: "7093K(7296K)->7093K(7296K)"; capacity is the one after the arrow
            int aOpen = indexOf(b, v, arrow, (byte) '(');
            if (aOpen >= 0) {
                cap = parseSize(b, aOpen + 1, arrow);
            }
        } else {
            cap = parseSize(b, open + 1, end);
        }
        return MemoryUsage.bytes(name, before, after, cap);
    }

    /** {@code 153M->7M(256M)} or ZGC's {@code 256M(100%)->30M(12%)}. */
    private static MemoryUsage heapTransition(byte[] b, int from, int end) {
        int arrow = indexOf(b, from, end, ARROW);
        if (arrow < 0) {
            return null;
        }
        long before = parseSize(b, from, arrow);
        int a = arrow + 2;
        long after = parseSize(b, a, end);
        long cap = -1;
        int open = indexOf(b, a, end, (byte) '(');
        if (open >= 0 && b[trimEnd(b, open, end) - 2] != '%') {
            cap = parseSize(b, open + 1, end);
        }
        return MemoryUsage.bytes("Heap", before, after, cap);
    }

    private void cpuLine(long id, byte[] b, int from, int end) {
        double user = secondsAfter(b, from, end, USER);
        double sys = secondsAfter(b, from, end, SYS);
        double real = secondsAfter(b, from, end, REAL);
        CpuTimes cpu = new CpuTimes(user, sys, real);
        if (pending != null && pending.id == id) {
            pending.cpu = cpu;
            flushPending();
        }
    }

    private static double secondsAfter(byte[] b, int from, int end, byte[] key) {
        int k = indexOf(b, from, end, key);
        if (k < 0) {
            return Double.NaN;
        }
        int s = k + key.length;
        return parseDouble(b, s, numberEnd(b, s, end));
    }

    // ---------------------------------------------------------------- lines without a GC id

    private boolean globalLine(byte[] b, int m, int end, long line) {
        if (m >= end) {
            return false;
        }
        byte first = b[m];
        if ((deco.stats || !deco.hasTags() || first == 'A' || first == 'R' || first == 'C' || first == 'D')
                && concurrentLine(b, m, end, line)) {
            return true;
        }
        if (startsWith(b, m, end, USING)) {
            return usingLine(b, m + USING.length, end);
        }
        if (startsWith(b, m, end, SAFEPOINT)) {
            safepointLine(b, m, end, line);
            return true;
        }
        if (startsWith(b, m, end, STOPPED)) {
            stoppedLine(b, m, end, line);
            return true;
        }
        if (startsWith(b, m, end, TRIGGER)) {
            int colon = indexOf(b, m, end, (byte) ':');
            if (colon > 0) {
                int s = skipSpaces(b, colon + 1, end);
                pendingTrigger = ShenandoahTrigger.cause(strings.get(b, s, Math.min(end, s + 200)));
            }
            return true;
        }
        if (startsWith(b, m, end, PROMOTION_FAILED)) {
            // CMS (JDK 9-13) logs it without a GC id, between the failed young pause, which never ends,
            // and the full collection that replaces it: the full collection carries it
            pendingIncidents = with(pendingIncidents, GcIncident.PROMOTION_FAILED);
            return true;
        }
        if (startsWith(b, m, end, ERGONOMICALLY_SETS)) {
            CommandLineFlags.apply(facts, Bytes.string(b, m + ERGONOMICALLY_SETS.length, end));
            return true;
        }
        if (startsWith(b, m, end, HEAP_REGION_SIZE)) {
            facts.regionSizeBytes = parseSize(b, m + HEAP_REGION_SIZE.length, end);
            return true;
        }
        if (startsWith(b, m, end, MINIMUM_HEAP)) {
            Facts.heapSizes(facts, Bytes.string(b, m, end));
            return true;
        }
        int colon = indexOf(b, m, end, (byte) ':');
        if (colon > 0 && colon + 1 < end && b[colon + 1] == ' ' && (deco.hasInitTag() || Facts.isKnown(b, m, colon))) {
            String key = Bytes.string(b, m, colon);
            String value = Bytes.string(b, skipSpaces(b, colon + 1, end), end);
            Facts.apply(facts, key, value);
            return true;
        }
        return false;
    }

    /**
     * A line of the concurrent collectors without a GC id: a row of Shenandoah's pacing table (a statistics line, or
     * any line of a log without tags), a ZGC stall, Shenandoah's cancellation of a cycle or its upgrade to a Full GC.
     */
    private boolean concurrentLine(byte[] b, int m, int end, long line) {
        if (deco.stats || !deco.hasTags()) {
            GcStall paced = stalls.pacing(b, m, end, deco.uptimeSec(), line);
            if (paced != null) {
                out.onEvent(paced);
                return true;
            }
            if (deco.stats) {
                return true;
            }
        }
        if (b[m] == 'A' || b[m] == 'R') { // the uptime is decoded only for these
            GcStall stall = stalls.zgc(b, m, end, deco.uptimeSec(), false, line);
            if (stall != null) {
                out.onEvent(stall);
                return true;
            }
        }
        if (startsWith(b, m, end, CANCELLING)) {
            int reason = m + CANCELLING.length;
            if (startsWith(b, reason, end, UPGRADE_TO_FULL)) {
                pendingFallback = with(pendingFallback, GcIncident.UPGRADED_TO_FULL);
            } else if (!startsWith(b, reason, end, STOPPING_VM)) {
                pendingFallback = with(pendingFallback, GcIncident.CYCLE_CANCELLED);
            }
            return true;
        }
        if (startsWith(b, m, end, DEGENERATED_UPGRADING)) {
            pendingFallback = with(pendingFallback, GcIncident.UPGRADED_TO_FULL);
            return true;
        }
        return false;
    }

    private boolean usingLine(byte[] b, int from, int end) {
        String what = Bytes.string(b, from, end);
        Collector collector = switch (what) {
            case "G1" -> Collector.G1;
            case "Parallel" -> Collector.PARALLEL;
            case "Serial" -> Collector.SERIAL;
            case "Concurrent Mark Sweep" -> Collector.CMS;
            case "Shenandoah" -> Collector.SHENANDOAH;
            case "The Z Garbage Collector" -> Collector.ZGC;
            case "Epsilon" -> Collector.EPSILON;
            default -> null;
        };
        if (collector == null) {
            return false;
        }
        facts.collector = collector;
        return true;
    }

    private void safepointLine(byte[] b, int m, int end, long line) {
        int q = indexOf(b, m + SAFEPOINT.length, end, (byte) '"');
        String op = q < 0 ? "" : strings.get(b, m + SAFEPOINT.length, q);
        double reaching = nanosAfter(b, m, end, REACHING);
        double total = nanosAfter(b, m, end, TOTAL);
        out.onEvent(new SafepointEvent(deco.uptimeSec(), op, reaching / 1e6, total / 1e6, line));
    }

    private static double nanosAfter(byte[] b, int from, int end, byte[] key) {
        int k = indexOf(b, from, end, key);
        if (k < 0) {
            return Double.NaN;
        }
        int s = k + key.length;
        return parseDouble(b, s, numberEnd(b, s, end));
    }

    private void stoppedLine(byte[] b, int m, int end, long line) {
        int s = m + STOPPED.length;
        double total = parseDouble(b, s, numberEnd(b, s, end));
        double stopping = secondsAfter(b, s, end, STOPPING);
        out.onEvent(new SafepointEvent(deco.uptimeSec(), "", stopping * 1000.0, total * 1000.0, line));
    }

    // ---------------------------------------------------------------- events

    /**
     * The open state of a GC id, or null. Runs of detail lines share one id, so the last answer is kept:
     * a map lookup would box the id for every line.
     */
    private OpenGc find(long id) {
        if (last != null && last.id == id) {
            return last;
        }
        OpenGc gc = open.get(id);
        if (gc != null) {
            last = gc;
        }
        return gc;
    }

    private void forget(long id) {
        open.remove(id);
        if (last != null && last.id == id) {
            last = null;
        }
    }

    private OpenGc openState(long id) {
        OpenGc gc = find(id);
        if (gc == null) {
            if (open.size() >= MAX_OPEN_IDS) {
                Iterator<OpenGc> oldest = open.values().iterator();
                OpenGc evicted = oldest.next();
                warnUnfinished(evicted);
                oldest.remove();
                if (evicted == last) {
                    last = null;
                }
            }
            gc = new OpenGc(id);
            if (!pendingTrigger.isEmpty()) {
                gc.cycleCause = pendingTrigger;
                pendingTrigger = "";
            }
            open.put(id, gc);
            last = gc;
        }
        return gc;
    }

    /** A pause whose end never came: warned about, and counted as a skipped line that looks like a GC record. */
    private void warnUnfinished(OpenGc gc) {
        if (gc.hasStart()) {
            String start = "GC(" + gc.id + ") " + gc.startLabel();
            out.onWarning(gc.startLine, start + " has no end line: the log is truncated or the line was lost");
            byte[] sample = (start + " ... without its end line").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            out.onUnrecognized(gc.startLine, sample, 0, sample.length);
        }
    }

    private void flushPending() {
        if (pending == null) {
            return;
        }
        PendingEvent p = pending;
        pending = null;
        emit(p.toEvent(collector(p.name, p.pools)));
    }

    private void emit(GcEvent e) {
        out.onEvent(e);
    }

    private Collector collector(String name) {
        return collector(name, List.of());
    }

    /** The collector from "Using ...", else inferred from what the event looks like (rotated or cut logs). */
    private Collector collector(String name, List<MemoryUsage> pools) {
        if (facts.collector != null) {
            return facts.collector;
        }
        for (MemoryUsage p : pools) {
            switch (p.name()) {
                case "Eden regions" -> facts.collector = Collector.G1;
                case "PSYoungGen" -> facts.collector = Collector.PARALLEL;
                case "DefNew" -> facts.collector = Collector.SERIAL;
                case "ParNew" -> facts.collector = Collector.CMS;
                default -> {
                }
            }
        }
        if (facts.collector == null && (name.startsWith("Pause Init Mark") || name.startsWith("Pause Final"))) {
            facts.collector = Collector.SHENANDOAH;
        }
        return facts.collector == null ? Collector.UNKNOWN : facts.collector;
    }

    private record Label(GcKind kind, String name, String cause) {
    }

    /**
     * Splits "Pause Young (Normal) (G1 Evacuation Pause)" into kind, name and cause. G1 (JDK 12+) puts the
     * young collection type in the first group; the cause is the first group that is not a type. Later
     * groups are extra facts (JDK 21+ "(Evacuation Failure: Allocation)"). Shenandoah and ZGC groups are
     * qualifiers that stay part of the name; their cause comes from the cycle.
     */
    private Label classify(byte[] b, int r, int label, int end) {
        int paren = indexOf(b, label, end, (byte) '(');
        int baseEnd = paren < 0 ? end : trimEnd(b, label, paren);
        String base = strings.get(b, label, baseEnd);
        int[] groups = new int[8];
        int n = 0;
        int p = paren;
        while (p >= 0 && p < end && n < groups.length) {
            int close = matchingParen(b, p, end);
            if (close < 0) {
                break;
            }
            groups[n++] = p + 1;
            groups[n++] = close;
            p = indexOf(b, close, end, (byte) '(');
        }
        String first = n > 0 ? strings.get(b, groups[0], groups[1]) : "";
        String second = n > 2 ? strings.get(b, groups[2], groups[3]) : "";
        boolean causeInGroups = facts.collector != Collector.SHENANDOAH && facts.collector != Collector.ZGC;
        switch (base) {
            case "Pause Young": {
                boolean typed = switch (first) {
                    case "Normal", "Concurrent Start", "Prepare Mixed", "Mixed", "Initial Mark" -> true;
                    default -> false;
                };
                if (!typed) {
                    return new Label(GcKind.YOUNG, strings.get(b, r, baseEnd), first);
                }
                GcKind kind = switch (first) {
                    case "Concurrent Start", "Initial Mark" -> GcKind.CONCURRENT_START;
                    case "Mixed" -> GcKind.MIXED;
                    default -> GcKind.YOUNG;
                };
                return new Label(kind, strings.get(b, r, groups[1] + 1), second);
            }
            case "Pause Initial Mark":
                if (!causeInGroups) {
                    return new Label(GcKind.PAUSE, strings.get(b, r, end), "");
                }
                return new Label(facts.collector == Collector.CMS ? GcKind.INITIAL_MARK : GcKind.CONCURRENT_START,
                        strings.get(b, r, baseEnd), first);
            case "Pause Mixed":
                return new Label(GcKind.MIXED, strings.get(b, r, baseEnd), first);
            case "Pause Full":
                return new Label(GcKind.FULL, strings.get(b, r, baseEnd), first);
            case "Pause Remark":
                return new Label(GcKind.REMARK, strings.get(b, r, baseEnd), "");
            case "Pause Cleanup":
                return new Label(GcKind.CLEANUP, strings.get(b, r, baseEnd), "");
            case "Pause Degenerated GC":
                return new Label(GcKind.DEGENERATED, strings.get(b, r, end), "");
            default:
                return new Label(GcKind.PAUSE, strings.get(b, r, end), "");
        }
    }

    private static int matchingParen(byte[] b, int open, int end) {
        int depth = 0;
        for (int i = open; i < end; i++) {
            if (b[i] == '(') {
                depth++;
            } else if (b[i] == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** A pause whose summary line has been read; its cpu line may follow. */
    private final class PendingEvent {
        final long id;
        final double uptime;
        final Instant wall;
        final GcKind kind;
        final String name;
        final String cause;
        final double pauseMs;
        final MemoryUsage heap;
        List<MemoryUsage> pools;
        final List<Phase> phases;
        final Set<GcIncident> incidents;
        final PlabStatistics plab;
        final long line;
        CpuTimes cpu;

        PendingEvent(long id, double uptime, Instant wall, GcKind kind, String name, String cause, double pauseMs,
                     MemoryUsage heap, List<MemoryUsage> pools, List<Phase> phases, Set<GcIncident> incidents,
                     PlabStatistics plab, long line) {
            this.id = id;
            this.uptime = uptime;
            this.wall = wall;
            this.kind = kind;
            this.name = name;
            this.cause = cause;
            this.pauseMs = pauseMs;
            this.heap = heap;
            this.pools = pools;
            this.phases = phases;
            this.incidents = incidents;
            this.plab = plab;
            this.line = line;
        }

        void addPool(MemoryUsage usage, long regionBytes) {
            List<MemoryUsage> more = new ArrayList<>(pools);
            more.add(usage.withRegionSize(regionBytes));
            pools = more;
        }

        GcEvent toEvent(Collector collector) {
            return new GcEvent(id, uptime, wall, collector, kind, name, cause, pauseMs, pauseMs, heap, pools, phases,
                    cpu, incidents, line, plab);
        }
    }
}
