package dev.jvmtune.core.parse;

import static dev.jvmtune.core.parse.Bytes.isDigit;

/**
 * Whether a line looks like a GC record, whatever the dialect: a pause time closing a JDK 6-8 record
 * ({@code , 0.0069788 secs]}, Shenandoah's {@code , 0.419 ms]}), a {@code Pause}, {@code GC(N)},
 * {@code [GC} or {@code [Full GC} marker, a duration at the end ({@code 6.363ms}, {@code 6.363 ms}), or a
 * heap transition {@code A->B(C)}. A parser that skips such a line may have lost a collection, so these are
 * counted apart from other skipped lines (application output, stack traces): they make the figures
 * incomplete. Called for skipped lines only, never on the parsers' fast path.
 */
public final class RecordShape {

    private static final byte[] SECS = Bytes.ascii("secs]");
    private static final byte[] MS_CLOSE = Bytes.ascii(" ms]");
    private static final byte[] PAUSE = Bytes.ascii("Pause ");
    private static final byte[] GC_ID = Bytes.ascii("GC(");
    private static final byte[] GC = Bytes.ascii("[GC");
    private static final byte[] FULL_GC = Bytes.ascii("[Full GC");

    private RecordShape() {
    }

    public static boolean looksLikeGc(byte[] b, int from, int to) {
        int end = Bytes.trimEnd(b, from, to);
        return Bytes.indexOf(b, from, end, SECS) >= 0 || Bytes.indexOf(b, from, end, MS_CLOSE) >= 0
                || pauseMarker(b, from, end) || gcId(b, from, end)
                || Bytes.indexOf(b, from, end, GC) >= 0 || Bytes.indexOf(b, from, end, FULL_GC) >= 0
                || endsWithDuration(b, from, end) || heapTransition(b, from, end);
    }

    /** {@code Pause } followed by a capital: {@code Pause Young}, {@code Pause Init Mark}. */
    private static boolean pauseMarker(byte[] b, int from, int end) {
        int p = Bytes.indexOf(b, from, end, PAUSE);
        return p >= 0 && p + PAUSE.length < end && b[p + PAUSE.length] >= 'A' && b[p + PAUSE.length] <= 'Z';
    }

    private static boolean gcId(byte[] b, int from, int end) {
        int p = Bytes.indexOf(b, from, end, GC_ID);
        return p >= 0 && p + GC_ID.length < end && isDigit(b[p + GC_ID.length]);
    }

    /** {@code 6.363ms}, {@code 6,363 ms}, {@code 0.015s} at the end of the line. */
    private static boolean endsWithDuration(byte[] b, int from, int end) {
        int u = end;
        while (u > from && b[u - 1] >= 'a' && b[u - 1] <= 'z') {
            u--;
        }
        int unit = end - u;
        if (unit == 0 || unit > 2 || b[end - 1] != 's' || (unit == 2 && b[u] != 'm' && b[u] != 'u' && b[u] != 'n')) {
            return false;
        }
        int n = u > from && b[u - 1] == ' ' ? u - 1 : u;
        int digits = 0;
        boolean separator = false;
        while (n > from && (isDigit(b[n - 1]) || b[n - 1] == '.' || b[n - 1] == ',')) {
            separator |= !isDigit(b[n - 1]);
            digits++;
            n--;
        }
        return digits >= 3 && separator && (n == from || b[n - 1] == ' ' || b[n - 1] == '[');
    }

    /** {@code 24M->4M(256M)}, {@code 174848K->25512K}: digits, an optional unit, {@code ->}, digits. */
    private static boolean heapTransition(byte[] b, int from, int end) {
        for (int i = from + 1; i + 2 < end; i++) {
            if (b[i] == '-' && b[i + 1] == '>' && isDigit(b[i + 2])) {
                int j = i - 1;
                if (j > from && b[j] == ')') {
                    j--; // "17.2M(256.0M)->"
                }
                if (j > from && (b[j] == 'K' || b[j] == 'M' || b[j] == 'G' || b[j] == 'B')) {
                    j--;
                }
                if (isDigit(b[j])) {
                    return true;
                }
            }
        }
        return false;
    }
}
