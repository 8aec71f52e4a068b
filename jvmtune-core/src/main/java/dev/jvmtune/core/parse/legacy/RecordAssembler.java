package dev.jvmtune.core.parse.legacy;

import static dev.jvmtune.core.parse.Bytes.isDigit;

import java.util.Arrays;

/**
 * Joins the physical lines of one collection record. A JDK 6-8 record is printed piecewise while the
 * collection runs, so other output lands inside it: the tenuring distribution and adaptive-size lines
 * between {@code [ParNew} and {@code : 1088K->448K(2176K)...}, and the CMS background thread's concurrent
 * phase records anywhere, even mid-line ({@code [Full GC (System) 4.363: [CMS4.368: [CMS-concurrent-mark:
 * 0.012/0.813 secs] [Times: ...]} then {@code  (concurrent mode interrupted): ...} on the next line).
 * The caller drops the interleaved lines; this class cuts the concurrent records out of the text (handing
 * each to a {@link Cuts}), and tells when the brackets of the record are balanced again.
 */
final class RecordAssembler {

    /** Receives each concurrent-phase record cut out of the text, stamps and CPU times included. */
    interface Cuts {
        void concurrent(byte[] b, int from, int to, long line);
    }

    /** A record longer than this is garbage, not a collection: it is dropped with a warning. */
    static final int MAX_RECORD = 1 << 20;
    private static final byte[] CONCURRENT = "CMS-concurrent-".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    private static final byte[] ADAPTIVE = "AdaptiveSize".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    private final Cuts cuts;
    private byte[] buf = new byte[4096];
    private int len;
    private int depth;
    private boolean open;
    private long firstLine;
    private int lines;
    private boolean cutSomething;

    RecordAssembler(Cuts cuts) {
        this.cuts = cuts;
    }

    boolean isOpen() {
        return open;
    }

    long firstLine() {
        return firstLine;
    }

    byte[] buffer() {
        return buf;
    }

    int length() {
        return len;
    }

    /** Whether the last {@link #append} cut a concurrent record out of its line. */
    boolean cutSomething() {
        return cutSomething;
    }

    void clear() {
        len = 0;
        depth = 0;
        open = false;
        lines = 0;
    }

    /**
     * Appends a line; returns true when the record's outer brackets have closed (the text is then in
     * {@link #buffer()}{@code [0, }{@link #length()}{@code )}) or the text holds no record at all.
     */
    boolean append(byte[] b, int from, int to, long line) {
        if (!open) {
            len = 0;
            depth = 0;
            firstLine = line;
            lines = 0;
            open = true;
        }
        lines++;
        int start = len;
        int n = to - from;
        if (len + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }
        System.arraycopy(b, from, buf, len, n);
        len += n;
        cutSomething = false;
        scan(start, line);
        if (depth <= 0) {
            open = false;
            return true;
        }
        return false;
    }

    /** Whether the record grew beyond any real one; the caller drops it. */
    boolean tooLong() {
        return len > MAX_RECORD || lines > 10_000;
    }

    /** Cuts concurrent records and adaptive-size text out of the new text, then counts its brackets. */
    private void scan(int start, long line) {
        int i = start;
        while (i < len) {
            byte c = buf[i];
            if (c == '[') {
                if (i + 1 + CONCURRENT.length < len && buf[i + 1] == 'C' && matches(i + 1, CONCURRENT)) {
                    i = cutConcurrent(start, i, line);
                    continue;
                }
                depth++;
            } else if (c == ']') {
                depth--;
            } else if (c == 'A' && matches(i, ADAPTIVE)) {
                // PrintAdaptiveSizePolicy continues the "[GC (Allocation Failure) " line with its own
                // report; the record resumes on a later line with "[PSYoungGen: ..."
                len = i;
                return;
            }
            i++;
        }
    }

    /** Removes {@code stamps [CMS-concurrent-...] [Times: ...]} at {@code open}; returns where to go on. */
    private int cutConcurrent(int lineStart, int open, long line) {
        int close = open;
        while (close < len && buf[close] != ']') {
            close++;
        }
        int end = Math.min(close + 1, len);
        int t = end;
        while (t < len && buf[t] == ' ') {
            t++;
        }
        if (t + 7 < len && buf[t] == '[' && buf[t + 1] == 'T' && buf[t + 2] == 'i' && buf[t + 5] == 's') {
            while (t < len && buf[t] != ']') {
                t++;
            }
            end = Math.min(t + 1, len);
        }
        int from = stampStart(lineStart, open);
        cuts.concurrent(buf, from, end, line);
        System.arraycopy(buf, end, buf, from, len - end);
        len -= end - from;
        cutSomething = true;
        return from;
    }

    /** Start of the stamps right before {@code open}: {@code 2016-03-22T10:06:31.139-0100: 42.738: [}. */
    private int stampStart(int lo, int open) {
        int j = open;
        while (j - 2 >= lo && buf[j - 1] == ' ' && buf[j - 2] == ':') {
            int k = j - 2;
            while (k > lo && isStampChar(buf[k - 1])) {
                k--;
            }
            if (k >= j - 2 || !isDigit(buf[k])) {
                break;
            }
            j = k;
        }
        return j;
    }

    private static boolean isStampChar(byte c) {
        return isDigit(c) || c == '.' || c == ',' || c == ':' || c == '-' || c == '+' || c == 'T';
    }

    private boolean matches(int at, byte[] s) {
        if (at + s.length > len) {
            return false;
        }
        for (int k = 0; k < s.length; k++) {
            if (buf[at + k] != s[k]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the text holds a frame at all; a line left with none held only concurrent records. */
    boolean hasFrame() {
        for (int i = 0; i < len; i++) {
            if (buf[i] == '[') {
                return true;
            }
        }
        return false;
    }
}
