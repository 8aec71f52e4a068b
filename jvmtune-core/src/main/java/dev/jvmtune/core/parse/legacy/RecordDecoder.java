package dev.jvmtune.core.parse.legacy;

import static dev.jvmtune.core.parse.Bytes.isDigit;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.CpuTimes;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.parse.StringCache;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Decodes one whole collection record of a generational collector, already joined into one line by
 * {@link RecordAssembler}: {@code 12.221: [GC (Allocation Failure) 12.221: [ParNew: 174848K->25512K(349568K),
 * 0.0157380 secs] 174848K->25512K(354944K), 0.0158160 secs] [Times: user=0.07 sys=0.03, real=0.02 secs]}.
 *
 * <p>The record is a tree of bracketed frames, each {@code [name content]}. The decoder does not know the
 * frames by name: a frame with {@code before->after(capacity)} figures is a memory pool, one with
 * {@code , N secs} is a timed phase (a pool can be both, like ParNew), so generations it has never seen
 * (ASParNew, PSOldGen, CMS Perm...) and new phases are read all the same. Only what decides the kind of the
 * collection is named: the {@code GC}/{@code Full GC} label, the CMS initial-mark and remark frames, old
 * generations that were collected, and the failure notes in parentheses.
 */
final class RecordDecoder {

    private static final int MAX_DEPTH = 16;

    private final StringCache strings;

    // ---- the decoded record, valid after decode() returned true
    double startUptime;
    int dateFrom;
    int dateTo;
    String label;
    String cause;
    GcKind kind;
    /** Name of the first generation collected, e.g. "ParNew"; null for records without details. */
    String youngPool;
    double pauseMs;
    /** Where the record and its CPU times end in the decoded text. */
    int end;
    MemoryUsage heap;
    final List<MemoryUsage> pools = new ArrayList<>(6);
    final List<Phase> phases = new ArrayList<>(8);
    CpuTimes cpu;
    final Set<GcIncident> incidents = EnumSet.noneOf(GcIncident.class);
    /** A CMS record without details ({@code [GC 29798K(58752K), 0.0031310 secs]}): occupancy only. */
    boolean occupancyOnly;
    /** The record names generations only CMS has (ParNew, CMS, CMS-initial-mark...). */
    boolean cmsShapes;
    /** Generation names tell the collector: "Serial", "CMS", "Parallel", or null. */
    Collector collectorHint;

    // ---- per-frame state, indexed by depth
    private final int[] nameFrom = new int[MAX_DEPTH];
    private final int[] nameTo = new int[MAX_DEPTH];
    private final boolean[] gcFrame = new boolean[MAX_DEPTH];
    private final long[] before = new long[MAX_DEPTH];
    private final long[] after = new long[MAX_DEPTH];
    private final long[] capacity = new long[MAX_DEPTH];
    private final double[] ms = new double[MAX_DEPTH];
    private final byte[] path = new byte[512];
    private boolean initialMark;
    private boolean remark;
    private boolean oldCollected;

    RecordDecoder(StringCache strings) {
        this.strings = strings;
    }

    /**
     * Decodes {@code b[from, to)}; returns false when it holds no collection record (then the fields are
     * meaningless). A record whose closing pause time is missing is returned with {@code pauseMs} NaN.
     */
    boolean decode(byte[] b, int from, int to) {
        reset();
        int p = skipBlanks(b, from, to);
        // the record's own stamps, then its frame
        int stampFrom = p;
        p = skipStamps(b, p, to);
        readStartStamps(b, stampFrom, p);
        if (p >= to || b[p] != '[') {
            return false;
        }
        p = frame(b, p, to, 0);
        if (label == null) {
            return false;
        }
        // after the record: its [Times: ...]; anything else is the next record, printed on the same line
        while (p < to) {
            int q = skipBlanks(b, p, to);
            if (q + 6 < to && b[q] == '[' && b[q + 1] == 'T' && startsWith(b, q + 1, to, "Times")) {
                p = frame(b, q, to, 0);
            } else {
                p = q;
                break;
            }
        }
        end = p;
        kind = classify();
        return true;
    }

    private void reset() {
        startUptime = Double.NaN;
        dateFrom = -1;
        dateTo = -1;
        label = null;
        cause = "";
        kind = null;
        youngPool = null;
        pauseMs = Double.NaN;
        heap = null;
        pools.clear();
        phases.clear();
        cpu = null;
        incidents.clear();
        occupancyOnly = false;
        cmsShapes = false;
        collectorHint = null;
        initialMark = false;
        remark = false;
        oldCollected = false;
    }

    private GcKind classify() {
        if (initialMark) {
            return GcKind.INITIAL_MARK;
        }
        if (remark) {
            return GcKind.REMARK;
        }
        if (label.startsWith("Full GC") || oldCollected) {
            return GcKind.FULL;
        }
        return GcKind.YOUNG;
    }

    /**
     * Reads the frame whose '[' is at {@code open}; returns the offset after its ']' ({@code to} when the
     * record is cut short). A frame at depth 0 after the record closed can only be {@code [Times: ...]}.
     */
    private int frame(byte[] b, int open, int to, int depth) {
        int p = open + 1;
        int nFrom = p;
        int nEnd = -1; // end of the name proper, before notes in parentheses
        int firstParen = -1;
        int causeFrom = -1;
        int causeTo = -1;
        while (p < to) {
            byte c = b[p];
            if (c == ':' || c == ',' || c == '[' || c == ']') {
                break;
            }
            if (c == '(') {
                int close = closeParen(b, p, to);
                if (firstParen < 0) {
                    firstParen = p;
                }
                if (note(b, p + 1, close) && nEnd < 0) {
                    nEnd = p;
                } else if (causeFrom < 0) {
                    causeFrom = p + 1;
                    causeTo = close;
                }
                p = Math.min(close + 1, to);
                continue;
            }
            // a digit right after a letter or a blank starts a stamp or the figures ("[CMS4.368: [",
            // "[GC 1.0: [", "[GC 16256K->8645K"), except "[1 CMS-remark"
            if (isDigit(c) && p > nFrom && (b[p - 1] == ' ' || isLetter(b[p - 1]))) {
                break;
            }
            p++;
        }
        // "GC (Allocation Failure)": the label without its cause; "Rescan (parallel)": a name with its note
        int labelTo = trim(b, nFrom, firstParen < 0 ? p : firstParen);
        boolean gc = isGcLabel(b, nFrom, labelTo);
        int nTo = gc ? labelTo : trim(b, nFrom, nEnd < 0 ? p : nEnd);
        if (depth == 0 && label != null) {
            // after the record: only the CPU times matter
            if (startsWith(b, nFrom, nTo, "Times")) {
                return times(b, p, to);
            }
            return skipFrame(b, p, to);
        }
        if (depth >= MAX_DEPTH) {
            return skipFrame(b, p, to);
        }
        if (depth == 0) {
            if (!gc) {
                return skipFrame(b, p, to);
            }
            label = strings.get(b, nFrom, nTo);
            if (causeFrom >= 0) {
                cause = strings.get(b, causeFrom, causeTo);
            }
            if (nTo - nFrom == 4 && b[nFrom + 2] == '-') {
                incidents.add(GcIncident.PROMOTION_FAILED); // Parallel's "[GC--": the scavenge failed
            }
        } else if (startsWith(b, nFrom, nTo, "Times") || startsWith(b, nFrom, nTo, "YG occupancy")
                || startsWith(b, nFrom, nTo, "CMS-concurrent-")) {
            // a nested scavenge's own CPU times, the young occupancy before remark: nothing to keep
            return skipFrame(b, p, to);
        }
        nameFrom[depth] = nFrom;
        nameTo[depth] = nTo;
        gcFrame[depth] = gc;
        before[depth] = -1;
        after[depth] = -1;
        capacity[depth] = -1;
        ms[depth] = Double.NaN;

        p = content(b, p, to, depth);

        if (depth == 0) {
            pauseMs = ms[0];
            if (after[0] >= 0 || capacity[0] >= 0) {
                heap = MemoryUsage.bytes("Heap", before[0], after[0], capacity[0]);
            }
        } else if (!gc) {
            closeFrame(b, depth);
        }
        return p;
    }

    /** Reads a frame's content from {@code p} up to and including its ']'. */
    private int content(byte[] b, int p, int to, int depth) {
        while (p < to) {
            byte c = b[p];
            if (c == ']') {
                return p + 1;
            }
            if (c == '[') {
                p = frame(b, p, to, depth + 1);
                continue;
            }
            if (c == '(') {
                int close = closeParen(b, p, to);
                note(b, p + 1, close);
                p = Math.min(close + 1, to);
                continue;
            }
            if (isDigit(c)) {
                // a malformed number may be left where it is: always move on
                p = Math.max(number(b, p, to, depth), p + 1);
                continue;
            }
            p++;
        }
        return to;
    }

    /** A number in a frame's content: a stamp, figures, a time, a count of references... */
    private int number(byte[] b, int p, int to, int depth) {
        if (to - p >= 29 && b[p + 4] == '-' && b[p + 7] == '-' && b[p + 10] == 'T') {
            return skipStamps(b, p, to);
        }
        int e = LegacyText.numberEnd(b, p, to);
        if (e >= to) {
            return to;
        }
        byte c = b[e];
        if (c == ':') {
            return e + 1; // an uptime stamp before a nested frame
        }
        if (isUnit(c)) {
            return figures(b, p, e + 1, to, depth);
        }
        if (c == ' ' && e + 4 < to && b[e + 1] == 's' && b[e + 2] == 'e' && b[e + 3] == 'c' && b[e + 4] == 's') {
            ms[depth] = millis(b, p, e);
            return e + 5;
        }
        return e;
    }

    /** {@code 174848K->25512K(349568K)} or, for occupancy without a collection, {@code 82414K(3127232K)}. */
    private int figures(byte[] b, int from, int p, int to, int depth) {
        long first = LegacyText.size(b, from, p);
        if (p + 2 < to && b[p] == '-' && b[p + 1] == '>') {
            int s = p + 2;
            int e = LegacyText.sizeEnd(b, s, to);
            before[depth] = first;
            after[depth] = LegacyText.size(b, s, e);
            p = e;
        } else {
            before[depth] = first;
            after[depth] = first;
            if (depth == 0) {
                occupancyOnly = true;
            }
        }
        if (p < to && b[p] == '(') {
            int e = LegacyText.sizeEnd(b, p + 1, to);
            capacity[depth] = LegacyText.size(b, p + 1, e);
            p = e < to && b[e] == ')' ? e + 1 : e;
        }
        return p;
    }

    /** A generation or phase frame ended: keep its figures as a pool and its time as a phase. */
    private void closeFrame(byte[] b, int depth) {
        int nFrom = nameFrom[depth];
        int nTo = nameTo[depth];
        if (nTo <= nFrom) {
            return;
        }
        boolean cmsMark = b[nFrom] == '1' && nTo - nFrom > 6 && b[nFrom + 1] == ' ';
        if (cmsMark) {
            // "[1 CMS-initial-mark: 0K(2960704K)]", "[1 CMS-remark: ...]": the old generation's occupancy
            cmsShapes = true;
            collectorHint = Collector.CMS;
            if (endsWith(b, nFrom, nTo, "initial-mark")) {
                initialMark = true;
            } else if (endsWith(b, nFrom, nTo, "remark")) {
                remark = true;
            }
            if (after[depth] >= 0) {
                pools.add(MemoryUsage.bytes("CMS", before[depth], after[depth], capacity[depth]));
            }
            return;
        }
        boolean pool = after[depth] >= 0;
        String name = null;
        if (pool) {
            name = strings.get(b, nFrom, nTo);
            pools.add(MemoryUsage.bytes(name, before[depth], after[depth], capacity[depth]));
            hint(name);
            boolean direct = depth == 1;
            if (direct && youngPool == null && isYoung(name)) {
                youngPool = name;
            }
            if (!Double.isNaN(ms[depth]) && isOld(name) && !insideNestedGc(depth)) {
                oldCollected = true;
            }
        }
        if (!Double.isNaN(ms[depth])) {
            phases.add(new Phase(phasePath(b, depth, name), ms[depth], ms[depth]));
        }
    }

    private boolean insideNestedGc(int depth) {
        for (int d = 1; d < depth; d++) {
            if (gcFrame[d]) {
                return true;
            }
        }
        return false;
    }

    /** Names of the enclosing frames, collections left out: "weak refs processing/SoftReference". */
    private String phasePath(byte[] b, int depth, String name) {
        if (depth == 1) {
            return name != null ? name : strings.get(b, nameFrom[1], nameTo[1]);
        }
        int n = 0;
        for (int d = 1; d <= depth; d++) {
            if (gcFrame[d]) {
                continue;
            }
            int len = nameTo[d] - nameFrom[d];
            if (n + len + 1 > path.length) {
                break;
            }
            if (n > 0) {
                path[n++] = '/';
            }
            System.arraycopy(b, nameFrom[d], path, n, len);
            n += len;
        }
        return strings.get(path, 0, n);
    }

    private void hint(String pool) {
        switch (pool) {
            case "ParNew", "CMS", "CMS Perm", "ASParNew", "ASCMS" -> {
                cmsShapes = true;
                collectorHint = Collector.CMS;
            }
            case "DefNew", "Tenured" -> {
                if (collectorHint == null) {
                    collectorHint = Collector.SERIAL;
                }
            }
            case "PSYoungGen", "ParOldGen", "PSOldGen", "PSPermGen", "ASPSYoungGen", "ASPSOldGen" ->
                    collectorHint = Collector.PARALLEL;
            default -> {
            }
        }
    }

    private static boolean isYoung(String pool) {
        return switch (pool) {
            case "ParNew", "DefNew", "PSYoungGen", "ASParNew", "ASPSYoungGen" -> true;
            default -> false;
        };
    }

    private static boolean isOld(String pool) {
        return switch (pool) {
            case "Tenured", "CMS", "ASCMS" -> true;
            default -> false;
        };
    }

    /**
     * A note in parentheses that reports an incident rather than naming something; records the incident.
     * {@code (promotion failure size = 4)} from PrintPromotionFailure is a note without one.
     */
    private boolean note(byte[] b, int from, int to) {
        int n = to - from;
        if (n < 16 || (b[from] != 'p' && b[from] != 'c' && !isDigit(b[from]))) {
            return false;
        }
        if (contains(b, from, to, "promotion failed")) {
            incidents.add(GcIncident.PROMOTION_FAILED);
            return true;
        }
        if (contains(b, from, to, "concurrent mode failure")) {
            incidents.add(GcIncident.CONCURRENT_MODE_FAILURE);
            return true;
        }
        if (contains(b, from, to, "concurrent mode interrupted")) {
            incidents.add(GcIncident.CONCURRENT_MODE_INTERRUPTED);
            return true;
        }
        return contains(b, from, to, "promotion failure size");
    }

    /** {@code [Times: user=0.07 sys=0.03, real=0.02 secs]}, from after the name. */
    private int times(byte[] b, int p, int to) {
        CpuTimes t = cpuTimes(b, p, to);
        if (t != null) {
            cpu = t;
        }
        return skipFrame(b, p, to);
    }

    /** The figures of a {@code [Times: user=.. sys=.., real=.. secs]} frame read from {@code p}; null if none. */
    static CpuTimes cpuTimes(byte[] b, int p, int to) {
        double user = Double.NaN;
        double sys = Double.NaN;
        double real = Double.NaN;
        while (p < to && b[p] != ']') {
            if (b[p] == '=') {
                int s = p + 1;
                int e = LegacyText.numberEnd(b, s, to);
                double v = LegacyText.number(b, s, e);
                switch (b[p - 1]) {
                    case 'r' -> user = v;
                    case 's' -> sys = v;
                    case 'l' -> real = v;
                    default -> {
                    }
                }
                p = e;
            } else {
                p++;
            }
        }
        return Double.isNaN(real) ? null : new CpuTimes(user, sys, real);
    }

    private void readStartStamps(byte[] b, int from, int to) {
        int p = from;
        if (to - p >= 29 && isDigit(b[p]) && b[p + 4] == '-' && b[p + 7] == '-' && b[p + 10] == 'T') {
            int e = p + 10;
            while (e < to && b[e] != ' ') {
                e++;
            }
            dateFrom = p;
            dateTo = e - 1; // before the ':'
            p = e + 1;
        }
        int e = LegacyText.numberEnd(b, p, to);
        if (e > p && e < to && b[e] == ':') {
            startUptime = LegacyText.number(b, p, e);
        }
    }

    // ---------------------------------------------------------------- byte helpers

    /** Seconds as logged ({@code 0.0158160} or {@code 0,0158160}) in milliseconds, to the logged digit. */
    static double millis(byte[] b, int from, int to) {
        return LegacyText.scaled(b, from, to, 3);
    }

    /** Skips date and uptime stamps and GC ids ({@code 2016-03-22T10:06:31.139-0100: 42.738: #3: }) at {@code p}. */
    static int skipStamps(byte[] b, int p, int to) {
        while (p < to && (isDigit(b[p]) || b[p] == '#')) {
            if (b[p] == '#') {
                int e = LegacyText.gcIdEnd(b, p, to);
                if (e == p) {
                    return p;
                }
                p = e;
                continue;
            }
            int e;
            if (to - p >= 29 && b[p + 4] == '-' && b[p + 7] == '-' && b[p + 10] == 'T') {
                e = p + 10;
                while (e < to && b[e] != ' ' && b[e] != '[') {
                    e++;
                }
                if (b[e - 1] != ':') {
                    return p;
                }
            } else {
                e = LegacyText.numberEnd(b, p, to);
                if (e >= to || b[e] != ':') {
                    return p;
                }
                e++;
            }
            p = e < to && b[e] == ' ' ? e + 1 : e;
        }
        return p;
    }

    private static int skipFrame(byte[] b, int p, int to) {
        int depth = 1;
        while (p < to) {
            byte c = b[p++];
            if (c == '[') {
                depth++;
            } else if (c == ']' && --depth == 0) {
                return p;
            }
        }
        return to;
    }

    private static int closeParen(byte[] b, int open, int to) {
        int depth = 0;
        for (int i = open; i < to; i++) {
            if (b[i] == '(') {
                depth++;
            } else if (b[i] == ')' && --depth == 0) {
                return i;
            } else if (b[i] == '[' || b[i] == ']') {
                return i; // unbalanced: never let a note swallow a frame
            }
        }
        return to;
    }

    private static int skipBlanks(byte[] b, int p, int to) {
        while (p < to && (b[p] == ' ' || b[p] == '\t')) {
            p++;
        }
        return p;
    }

    private static int trim(byte[] b, int from, int to) {
        while (to > from && b[to - 1] == ' ') {
            to--;
        }
        return to;
    }

    private static boolean isGcLabel(byte[] b, int from, int to) {
        int n = to - from;
        if (n >= 2 && b[from] == 'G' && b[from + 1] == 'C') {
            return n == 2 || b[from + 2] == ' ' || b[from + 2] == '-';
        }
        return n >= 7 && b[from] == 'F' && startsWith(b, from, to, "Full GC");
    }

    private static boolean isLetter(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isUnit(byte c) {
        return c == 'K' || c == 'M' || c == 'G' || c == 'B';
    }

    static boolean startsWith(byte[] b, int from, int to, String s) {
        if (to - from < s.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (b[from + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean endsWith(byte[] b, int from, int to, String s) {
        return to - from >= s.length() && startsWith(b, to - s.length(), to, s);
    }

    private static boolean contains(byte[] b, int from, int to, String s) {
        char first = s.charAt(0);
        for (int i = from; i + s.length() <= to; i++) {
            if (b[i] == first && startsWith(b, i, to, s)) {
                return true;
            }
        }
        return false;
    }
}
