package dev.jvmtune.core.parse.unified;

import static dev.jvmtune.core.parse.Bytes.ascii;
import static dev.jvmtune.core.parse.Bytes.indexOf;
import static dev.jvmtune.core.parse.Bytes.startsWith;

import dev.jvmtune.core.model.PlabStatistics;
import dev.jvmtune.core.parse.Bytes;
import java.util.Arrays;

/**
 * G1's PLAB lines ({@code gc+plab=debug}, JDK 9+), three per destination and collection, before its summary:
 * <pre>
 * GC(5) Young PLAB allocation: allocated: 2064B, wasted: 0B, unused: 2040B, used: 24B, undo waste: 0B,
 * GC(5) Young other allocation: region end waste: 193824B, regions filled: 3, ..., direct allocated: 2949840B, ...
 * GC(5) Young sizing: calculated: 0B, actual: 2064B
 * </pre>
 * and the same for {@code Old}; the sizing line only with {@code -XX:+ResizePLAB}. JDK 25 (not 17) adds
 * {@code PLAB boost: ...} lines at trace level (a worker's PLABs enlarged during a collection), which are
 * recognised and not kept. The figures of one collection are gathered into the fields below without allocating.
 */
final class PlabLines {

    private static final byte[] YOUNG = ascii("Young ");
    private static final byte[] OLD = ascii("Old ");
    private static final byte[] PLAB_ALLOCATION = ascii("PLAB allocation: ");
    private static final byte[] OTHER_ALLOCATION = ascii("other allocation: ");
    private static final byte[] SIZING = ascii("sizing: ");
    private static final byte[] BOOST = ascii("PLAB boost: ");
    private static final byte[] ALLOCATED = ascii("allocated: ");
    private static final byte[] WASTED = ascii("wasted: ");
    private static final byte[] UNUSED = ascii("unused: ");
    private static final byte[] UNDO_WASTE = ascii("undo waste: ");
    private static final byte[] REGION_END_WASTE = ascii("region end waste: ");
    private static final byte[] DIRECT_ALLOCATED = ascii("direct allocated: ");
    private static final byte[] CALCULATED = ascii("calculated: ");
    private static final byte[] ACTUAL = ascii("actual: ");

    /** Per destination (0 young, 1 old): the figures of {@link PlabStatistics.Destination}, -1 until read. */
    private final long[][] figures = {new long[8], new long[8]};
    private boolean any;

    PlabLines() {
        clear();
    }

    /** Whether the message at {@code from} is a PLAB line: a cheap test on the first bytes. */
    static boolean isPlabLine(byte[] b, int from, int end) {
        if (from >= end) {
            return false;
        }
        byte c = b[from];
        if (c == 'Y') {
            return startsWith(b, from, end, YOUNG) && isKind(b, from + YOUNG.length, end);
        }
        if (c == 'O') {
            return startsWith(b, from, end, OLD) && isKind(b, from + OLD.length, end);
        }
        return c == 'P' && startsWith(b, from, end, BOOST);
    }

    private static boolean isKind(byte[] b, int at, int end) {
        return startsWith(b, at, end, PLAB_ALLOCATION) || startsWith(b, at, end, OTHER_ALLOCATION)
                || startsWith(b, at, end, SIZING);
    }

    /** Reads a line {@link #isPlabLine} accepted. */
    void read(byte[] b, int from, int end) {
        int at;
        long[] f;
        if (b[from] == 'Y') {
            at = from + YOUNG.length;
            f = figures[0];
        } else if (b[from] == 'O') {
            at = from + OLD.length;
            f = figures[1];
        } else {
            return; // PLAB boost
        }
        any = true;
        if (startsWith(b, at, end, PLAB_ALLOCATION)) {
            f[0] = bytesAfter(b, at, end, ALLOCATED);
            f[1] = bytesAfter(b, at, end, WASTED);
            f[2] = bytesAfter(b, at, end, UNUSED);
            f[3] = bytesAfter(b, at, end, UNDO_WASTE);
        } else if (startsWith(b, at, end, OTHER_ALLOCATION)) {
            f[4] = bytesAfter(b, at, end, REGION_END_WASTE);
            f[5] = bytesAfter(b, at, end, DIRECT_ALLOCATED);
        } else {
            f[6] = bytesAfter(b, at, end, CALCULATED);
            f[7] = bytesAfter(b, at, end, ACTUAL);
        }
    }

    /** {@code KEY 1234B}: the figure after the first {@code key}; -1 when absent. */
    private static long bytesAfter(byte[] b, int from, int end, byte[] key) {
        int k = indexOf(b, from, end, key);
        if (k < 0) {
            return -1;
        }
        int s = k + key.length;
        int e = s;
        while (e < end && Bytes.isDigit(b[e])) {
            e++;
        }
        return e < end && b[e] == 'B' ? Bytes.parseLong(b, s, e) : -1;
    }

    boolean isEmpty() {
        return !any;
    }

    /** The collection's statistics, or null when no figure was read; resets for the next collection. */
    PlabStatistics take() {
        if (!any) {
            return null;
        }
        PlabStatistics s = new PlabStatistics(destination(figures[0]), destination(figures[1]));
        clear();
        return s;
    }

    private static PlabStatistics.Destination destination(long[] f) {
        for (long v : f) {
            if (v >= 0) {
                return new PlabStatistics.Destination(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]);
            }
        }
        return null;
    }

    private void clear() {
        Arrays.fill(figures[0], -1);
        Arrays.fill(figures[1], -1);
        any = false;
    }
}
