package dev.jvmtune.core.parse;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Splits a byte stream into lines without decoding or copying them: each line is a range of
 * {@link #buffer()} valid until the next call to {@link #next()}. Accepts LF and CRLF. A line longer
 * than {@code maxLineBytes} is cut at that length (the rest is skipped) and reported through
 * {@link #lastLineTruncated()}, so one corrupt line cannot exhaust memory.
 */
public final class LineReader {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final InputStream in;
    private final int maxLineBytes;
    /**
     * A stream's first buffer: larger than the {@link java.io.BufferedInputStream}s of the inputs (64 KiB), which then
     * hand reads of a file straight through instead of copying them once more.
     */
    private static final int STREAM_BUFFER_BYTES = 1 << 18;

    private byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private int lineStart;
    private int lineEnd;
    private boolean truncated;
    private boolean lastLineUnterminated;
    private long lineNumber;
    private long bytesRead;

    public LineReader(InputStream in, int maxLineBytes) {
        this(in, maxLineBytes, 0, 0);
    }

    /**
     * A reader that goes on where another stopped: its first line is number {@code linesBefore + 1} and
     * {@link #bytesRead()} counts on from {@code bytesBefore}.
     */
    public LineReader(InputStream in, int maxLineBytes, long linesBefore, long bytesBefore) {
        this.in = in;
        this.buf = new byte[STREAM_BUFFER_BYTES];
        this.maxLineBytes = maxLineBytes;
        this.lineNumber = linesBefore;
        this.bytesRead = bytesBefore;
    }

    /**
     * The lines of {@code b[from, to)}, read in place; the first is number {@code linesBefore + 1}. The range is the
     * whole input: a last line without a line end is {@link #lastLineUnterminated()}.
     */
    public LineReader(byte[] b, int from, int to, int maxLineBytes, long linesBefore) {
        this(b, from, to, maxLineBytes, linesBefore, 0);
    }

    /** As {@link #LineReader(byte[], int, int, int, long)}, {@link #bytesRead()} counting on from {@code bytesBefore}. */
    public LineReader(byte[] b, int from, int to, int maxLineBytes, long linesBefore, long bytesBefore) {
        this.in = InputStream.nullInputStream();
        this.maxLineBytes = maxLineBytes;
        this.buf = b;
        this.pos = from;
        this.limit = to;
        this.eof = true;
        this.lineNumber = linesBefore;
        this.bytesRead = bytesBefore + to - from;
    }

    public byte[] buffer() {
        return buf;
    }

    public int start() {
        return lineStart;
    }

    public int end() {
        return lineEnd;
    }

    public long lineNumber() {
        return lineNumber;
    }

    public long bytesRead() {
        return bytesRead;
    }

    /** The bytes of the input before the current line (its start, for a line cut at the limit). */
    public long lineOffset() {
        return bytesRead - (limit - lineStart);
    }

    public boolean lastLineTruncated() {
        return truncated;
    }

    /** True when the file ended without a final newline (a log cut off mid-line). */
    public boolean lastLineUnterminated() {
        return lastLineUnterminated;
    }

    /** Advances to the next line; false at end of input. */
    public boolean next() throws IOException {
        truncated = false;
        int scan = pos;
        while (true) {
            int nl = newline(buf, scan, limit);
            if (nl >= 0) {
                setLine(pos, nl);
                cutIfOverLong();
                pos = nl + 1;
                return true;
            }
            if (eof) {
                if (pos < limit) {
                    lastLineUnterminated = true;
                    setLine(pos, limit);
                    cutIfOverLong();
                    pos = limit;
                    return true;
                }
                return false;
            }
            if (limit - pos >= maxLineBytes + 2) {
                // over-long line (more than the limit even if "\r\n" comes next, so that the cut does not depend on
                // where the reads fell): keep its head at the front of the buffer, discard bytes up to the next newline
                if (pos > 0) {
                    System.arraycopy(buf, pos, buf, 0, limit - pos);
                    limit -= pos;
                    pos = 0;
                }
                lineNumber++;
                lineStart = 0;
                lineEnd = maxLineBytes; // cut mid-line: a '\r' there ends no line
                truncated = true;
                skipRestOfLine();
                return true;
            }
            scan = fill();
        }
    }

    /**
     * Index of the first '\n' in {@code [from, to)}, or -1. Eight bytes per step (a zero-byte test on the word
     * xor '\n'): finding line ends was 13% of a cold parse of a 334 MB log read byte by byte. The lowest flagged
     * byte is always a true match, so the first newline is exact.
     */
    public static int newline(byte[] b, int from, int to) {
        int i = from;
        for (; i <= to - 2 * Long.BYTES; i += 2 * Long.BYTES) { // two words a step: half the branches
            long w0 = (long) LONGS.get(b, i) ^ 0x0A0A0A0A0A0A0A0AL;
            long w1 = (long) LONGS.get(b, i + Long.BYTES) ^ 0x0A0A0A0A0A0A0A0AL;
            long zero0 = (w0 - 0x0101010101010101L) & ~w0 & 0x8080808080808080L;
            long zero1 = (w1 - 0x0101010101010101L) & ~w1 & 0x8080808080808080L;
            if ((zero0 | zero1) != 0) {
                return zero0 != 0 ? i + (Long.numberOfTrailingZeros(zero0) >>> 3)
                        : i + Long.BYTES + (Long.numberOfTrailingZeros(zero1) >>> 3);
            }
        }
        for (; i <= to - Long.BYTES; i += Long.BYTES) {
            long w = (long) LONGS.get(b, i) ^ 0x0A0A0A0A0A0A0A0AL;
            long zero = (w - 0x0101010101010101L) & ~w & 0x8080808080808080L;
            if (zero != 0) {
                return i + (Long.numberOfTrailingZeros(zero) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * How many '\n' bytes {@code b[from, to)} holds. Eight bytes per step, as {@link #newline}: an exact zero-byte test
     * (no borrow between bytes) leaves 1 in each byte that was '\n', summed per byte over up to 255 steps, then across.
     */
    public static long countLines(byte[] b, int from, int to) {
        long n = 0;
        int i = from;
        while (i <= to - Long.BYTES) {
            long perByte = 0;
            int stop = Math.min(to - Long.BYTES, i + 254 * Long.BYTES);
            for (; i <= stop; i += Long.BYTES) {
                long w = (long) LONGS.get(b, i) ^ 0x0A0A0A0A0A0A0A0AL;
                long t = (w & 0x7F7F7F7F7F7F7F7FL) + 0x7F7F7F7F7F7F7F7FL;
                perByte += ~(t | w | 0x7F7F7F7F7F7F7F7FL) >>> 7;
            }
            long pairs = (perByte & 0x00FF00FF00FF00FFL) + (perByte >>> 8 & 0x00FF00FF00FF00FFL);
            n += pairs * 0x0001000100010001L >>> 48;
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    /**
     * fix (robustness): a line over the limit that happened to lie wholly in the buffer (it is larger than
     * the limit) came out uncut and unflagged, so whether a line was cut depended on where it fell.
     */
    private void cutIfOverLong() {
        if (lineEnd - lineStart > maxLineBytes) {
            lineEnd = lineStart + maxLineBytes;
            truncated = true;
        }
    }

    private void setLine(int from, int to) {
        lineNumber++;
        lineStart = from;
        lineEnd = to > from && buf[to - 1] == '\r' ? to - 1 : to;
    }

    /** Moves unread bytes to the front, reads more; returns where scanning for a newline resumes. */
    private int fill() throws IOException {
        int unread = limit - pos;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, unread);
            pos = 0;
            limit = unread;
        }
        if (limit == buf.length) {
            byte[] bigger = new byte[Math.min(buf.length * 2, maxLineBytes + (1 << 16))];
            System.arraycopy(buf, 0, bigger, 0, limit);
            buf = bigger;
        }
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
            bytesRead += n;
        }
        return unread;
    }

    private void skipRestOfLine() throws IOException {
        // the line's head [0, maxLineBytes) stays valid; the buffer needs room beyond it
        int keep = maxLineBytes;
        if (buf.length - keep < 1 << 12) {
            // fix (robustness): fill() can grow the buffer to exactly maxLineBytes (a power of two such as
            // 1 MiB), leaving no room after the head; read(buf, keep, 0) then returned 0 forever and any
            // line over the limit hung the reader. Make room for the skip reads.
            buf = java.util.Arrays.copyOf(buf, keep + (1 << 16));
        }
        while (true) {
            for (int i = keep; i < limit; i++) {
                if (buf[i] == '\n') {
                    pos = i + 1;
                    return;
                }
            }
            if (eof) {
                pos = limit;
                lastLineUnterminated = true; // the cut line was the last, and ended without a line end
                return;
            }
            // drop everything after the kept head and read on
            limit = keep;
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
                bytesRead += n;
            }
        }
    }
}
