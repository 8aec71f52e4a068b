package dev.jvmtune.core.parse.legacy;

import static dev.jvmtune.core.parse.Bytes.isDigit;

import dev.jvmtune.core.parse.Bytes;

/**
 * The lines of a class histogram ({@code -XX:+PrintClassHistogramBefore/AfterFullGC}, a heap dump's histogram)
 * printed inside or after a Full GC record:
 *
 * <pre>
 *  num     #instances         #bytes  class name
 * ----------------------------------------------
 *    1:      13269691     2158610984  [C
 * 34128:             1             16  sun.util.resources.LocaleData
 * Total     170072935     8583124392
 * </pre>
 *
 * A row starts with a number and a colon like an uptime stamp, and its class name may hold a bracket
 * ({@code [C}): read as a record line it would turn the clock back to 1 s and unbalance the record. Its
 * {@code [Class Histogram ...:} opening and {@code , 4.7 secs]} closing are left to the record reader.
 */
final class ClassHistogram {

    private static final byte[] NUM = Bytes.ascii("num ");
    private static final byte[] INSTANCES = Bytes.ascii("#instances");
    private static final byte[] TOTAL = Bytes.ascii("Total ");

    private ClassHistogram() {
    }

    /** Whether {@code b[from, end)} (trailing blanks removed) is a histogram's header, separator, row or total. */
    static boolean isLine(byte[] b, int from, int end) {
        int p = Bytes.skipSpaces(b, from, end);
        if (p >= end) {
            return false;
        }
        byte c = b[p];
        if (isDigit(c)) {
            // "   1:      13269691     2158610984  [C": index, colon, two counts, a class name
            int q = digits(b, p, end);
            if (q >= end || b[q] != ':' || q + 1 >= end || b[q + 1] != ' ') {
                return false;
            }
            q = Bytes.skipSpaces(b, q + 1, end);
            int r = digits(b, q, end);
            if (r == q || r >= end || b[r] != ' ') {
                return false;
            }
            q = Bytes.skipSpaces(b, r, end);
            r = digits(b, q, end);
            return r > q && r < end && b[r] == ' ';
        }
        if (c == 'n') {
            return Bytes.startsWith(b, p, end, NUM) && Bytes.indexOf(b, p, end, INSTANCES) >= 0;
        }
        if (c == 'T') {
            // "Total     170072935     8583124392"
            if (!Bytes.startsWith(b, p, end, TOTAL)) {
                return false;
            }
            for (int i = p + TOTAL.length; i < end; i++) {
                if (!isDigit(b[i]) && b[i] != ' ') {
                    return false;
                }
            }
            return true;
        }
        if (c == '-') {
            for (int i = p; i < end; i++) {
                if (b[i] != '-') {
                    return false;
                }
            }
            return end - p >= 10;
        }
        return false;
    }

    private static int digits(byte[] b, int p, int end) {
        while (p < end && isDigit(b[p])) {
            p++;
        }
        return p;
    }
}
