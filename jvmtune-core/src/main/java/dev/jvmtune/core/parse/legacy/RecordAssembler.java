package dev.jvmtune.core.parse.legacy;

import static dev.jvmtune.core.parse.Bytes.ascii;

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
    private static final byte[] CONCURRENT = ascii("CMS-concurrent-");
    private static final byte[] ADAPTIVE = ascii("AdaptiveSize");
    private static final byte[] HEAP_BEFORE = ascii("{Heap before");
    private static final byte[] HEAP_AFTER = ascii("Heap after");
    private static final byte[] FLS_BEFORE = ascii("Before GC:");
    private static final byte[] FLS_AFTER = ascii("After GC:");
    private static final byte[] LARGE_BLOCK = ascii("CMS: Large ");
    private static final byte[] YG_OCCUPANCY = ascii("[YG occupancy");

    private final Cuts cuts;
    private byte[] buf = new byte[4096];
    private int len;
    private int depth;
    private boolean open;
    private long firstLine;
    private int lines;
    private boolean cutSomething;
    private boolean heapPrintOpened;
    private final LegacyText.Stamp scratch = new LegacyText.Stamp();

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

    /**
     * Whether the last {@link #append} cut a {@code PrintHeapAtGC} print ({@code {Heap before gc invocations=7:},
     * {@code Heap after GC invocations=8 (full 1):}) off the end of its line: its indented lines follow.
     */
    boolean heapPrintOpened() {
        return heapPrintOpened;
    }

    /**
     * Whether the open record is a CMS remark that has printed only the young occupancy so far: with
     * {@code -XX:+CMSScavengeBeforeRemark} the young collection it runs first is printed inside it, as a record of
     * its own ({@code [GC [YG occupancy: ...]} then {@code 12.357: [GC 12.357: [ParNew ...}), not cut short by it.
     */
    boolean awaitsScavenge() {
        return open && indexOf(YG_OCCUPANCY) >= 0;
    }

    private int indexOf(byte[] s) {
        for (int i = 0; i + s.length <= len; i++) {
            if (buf[i] == s[0] && matches(i, s)) {
                return i;
            }
        }
        return -1;
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
        heapPrintOpened = false;
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

    /**
     * Cuts concurrent records out of the new text, and the reports other options start at the end of a record's
     * line, then counts its brackets. Those reports run to the end of the line and on over lines of their own
     * (which the caller drops); the record resumes on a later line: {@code PrintAdaptiveSizePolicy}
     * ({@code [GC (Allocation Failure) AdaptiveSizeStart: ...}), {@code PrintHeapAtGC}
     * ({@code [GC {Heap before gc invocations=529:}, {@code ...(1441600K)Heap after gc invocations=530:}) and
     * {@code PrintFLSStatistics} ({@code [GCBefore GC:}, {@code ...(98300K)After GC:},
     * {@code (concurrent mode failure)CMS: Large block 0x00000000f8648448}).
     */
    private void scan(int start, long line) {
        int i = start;
        while (i < len) {
            byte c = buf[i];
            switch (c) {
                case '[' -> {
                    if (i + 1 + CONCURRENT.length < len && buf[i + 1] == 'C' && matches(i + 1, CONCURRENT)) {
                        i = cutConcurrent(start, i, line);
                        continue;
                    }
                    depth++;
                }
                case ']' -> depth--;
                case 'A' -> {
                    if (matches(i, ADAPTIVE) || matches(i, FLS_AFTER)) {
                        len = i;
                        return;
                    }
                }
                case 'B' -> {
                    if (matches(i, FLS_BEFORE)) {
                        len = i;
                        return;
                    }
                }
                case 'C' -> {
                    if (matches(i, LARGE_BLOCK)) {
                        len = i;
                        return;
                    }
                }
                case '{', 'H' -> {
                    if (matches(i, c == '{' ? HEAP_BEFORE : HEAP_AFTER)) {
                        len = i;
                        heapPrintOpened = true;
                        return;
                    }
                }
                default -> {
                }
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
        int from = LegacyText.stampsBefore(buf, lineStart, open, scratch);
        cuts.concurrent(buf, from, end, line);
        System.arraycopy(buf, end, buf, from, len - end);
        len -= end - from;
        cutSomething = true;
        return from;
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
