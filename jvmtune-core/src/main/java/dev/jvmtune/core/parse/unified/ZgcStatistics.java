package dev.jvmtune.core.parse.unified;

import static dev.jvmtune.core.parse.Bytes.ascii;
import static dev.jvmtune.core.parse.Bytes.indexOf;
import static dev.jvmtune.core.parse.Bytes.isDigit;
import static dev.jvmtune.core.parse.Bytes.numberEnd;
import static dev.jvmtune.core.parse.Bytes.parseDouble;
import static dev.jvmtune.core.parse.Bytes.parseSize;
import static dev.jvmtune.core.parse.Bytes.skipSpaces;
import static dev.jvmtune.core.parse.Bytes.startsWith;

import dev.jvmtune.core.model.CycleStatistics;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ZGC's statistics of a cycle, gathered per GC id until its summary line:
 * <ul>
 *   <li>the {@code gc,heap} tables' rows {@code Live:} (the value at mark end), {@code Allocated:} and
 *   {@code Promoted:} (the value at relocate end), columns of {@code 192M (100%)} or {@code -}; JDK 17 writes one
 *   table for the heap, generational ZGC one per generation ({@code Young Generation Statistics:}) after a
 *   generation prefix ({@code y:}, {@code Y:}, {@code O:});</li>
 *   <li>{@code Soft Max Capacity: 192M(100%)};</li>
 *   <li>{@code MMU: 2ms/99.3%, 5ms/99.6%, ...}.</li>
 * </ul>
 */
final class ZgcStatistics {

    private static final byte[] LIVE = ascii("Live:");
    private static final byte[] ALLOCATED = ascii("Allocated:");
    private static final byte[] PROMOTED = ascii("Promoted:");
    private static final byte[] SOFT_MAX = ascii("Soft Max Capacity:");
    private static final byte[] MMU = ascii("MMU:");
    /** Cycles open at once: a major collection and the minor ones that run inside it. */
    private static final int MAX_OPEN = 16;

    private final Map<Long, Cycle> open = new LinkedHashMap<>();

    private static final class Cycle {
        long live = -1;
        long youngLive = -1;
        long oldLive = -1;
        long allocated = -1;
        long promoted = -1;
        long softMax = -1;
        List<CycleStatistics.Mmu> mmu = List.of();
    }

    /**
     * Reads a line of cycle {@code id} if it is one of the statistics; {@code gen} is the generation prefix
     * ({@code 'y'}, {@code 'Y'}, {@code 'O'}) or 0.
     */
    boolean read(long id, byte gen, byte[] b, int from, int end) {
        int r = skipSpaces(b, from, end);
        if (r >= end) {
            return false;
        }
        switch (b[r]) {
            case 'L' -> {
                if (!startsWith(b, r, end, LIVE)) {
                    return false;
                }
                long live = firstSize(b, r + LIVE.length, end, false);
                Cycle c = cycle(id);
                if (gen == 0) {
                    c.live = live;
                } else if (gen == 'O') {
                    c.oldLive = live;
                } else {
                    c.youngLive = live;
                }
                return true;
            }
            case 'A' -> {
                if (!startsWith(b, r, end, ALLOCATED)) {
                    return false;
                }
                if (gen != 'O') { // the old generation's "allocated" is what the cycle moved into it
                    cycle(id).allocated = firstSize(b, r + ALLOCATED.length, end, true);
                }
                return true;
            }
            case 'P' -> {
                if (!startsWith(b, r, end, PROMOTED)) {
                    return false;
                }
                cycle(id).promoted = firstSize(b, r + PROMOTED.length, end, true);
                return true;
            }
            case 'S' -> {
                if (!startsWith(b, r, end, SOFT_MAX)) {
                    return false;
                }
                int v = skipSpaces(b, r + SOFT_MAX.length, end);
                int paren = indexOf(b, v, end, (byte) '(');
                cycle(id).softMax = parseSize(b, v, paren < 0 ? end : paren);
                return true;
            }
            case 'M' -> {
                if (!startsWith(b, r, end, MMU)) {
                    return false;
                }
                cycle(id).mmu = mmu(b, r + MMU.length, end);
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** The statistics of cycle {@code id}, which has just ended, or null when none were logged. */
    CycleStatistics end(long id, double uptimeSec, boolean generational, long line) {
        Cycle c = open.remove(id);
        if (c == null) {
            return null;
        }
        long live = c.live;
        if (live < 0 && c.oldLive >= 0 && c.youngLive >= 0) {
            live = c.oldLive + c.youngLive;
        }
        return new CycleStatistics(uptimeSec, id, generational, live, c.youngLive, c.allocated, c.promoted, c.softMax,
                c.mmu, line);
    }

    /** Whether no cycle's statistics are being gathered. */
    boolean isEmpty() {
        return open.isEmpty();
    }

    void clear() {
        open.clear();
    }

    private Cycle cycle(long id) {
        Cycle c = open.get(id);
        if (c == null) {
            if (open.size() >= MAX_OPEN) {
                Iterator<Long> oldest = open.keySet().iterator();
                oldest.next();
                oldest.remove();
            }
            c = new Cycle();
            open.put(id, c);
        }
        return c;
    }

    /**
     * The first ({@code last} false) or last size among the columns after a row's label: {@code 82M (43%)} or
     * {@code -}; -1 when there is none.
     */
    private static long firstSize(byte[] b, int from, int end, boolean last) {
        long found = -1;
        int i = from;
        while (i < end) {
            i = skipSpaces(b, i, end);
            if (i >= end) {
                break;
            }
            if (isDigit(b[i])) {
                int n = numberEnd(b, i, end);
                int unit = n < end && Character.isLetter(b[n]) ? n + 1 : n;
                long size = parseSize(b, i, unit);
                if (!last) {
                    return size;
                }
                found = size;
                i = unit;
                int close = i < end ? skipSpaces(b, i, end) : end;
                if (close < end && b[close] == '(') { // the percentage
                    int c = indexOf(b, close, end, (byte) ')');
                    i = c < 0 ? end : c + 1;
                }
            } else {
                i++;
            }
        }
        return found;
    }

    /** {@code 2ms/99.3%, 5ms/99.6%, ...} */
    private static List<CycleStatistics.Mmu> mmu(byte[] b, int from, int end) {
        List<CycleStatistics.Mmu> out = new ArrayList<>(6);
        int i = from;
        while (i < end) {
            i = skipSpaces(b, i, end);
            int wEnd = numberEnd(b, i, end);
            int slash = indexOf(b, wEnd, end, (byte) '/');
            if (wEnd == i || slash < 0) {
                break;
            }
            int p = slash + 1;
            int pEnd = numberEnd(b, p, end);
            double window = parseDouble(b, i, wEnd);
            double pct = parseDouble(b, p, pEnd);
            if (!Double.isNaN(window) && !Double.isNaN(pct)) {
                out.add(new CycleStatistics.Mmu(window, pct));
            }
            int comma = indexOf(b, pEnd, end, (byte) ',');
            if (comma < 0) {
                break;
            }
            i = comma + 1;
        }
        return out;
    }
}
