package dev.jvmtune.core.input;

import dev.jvmtune.core.parse.LineReader;
import java.io.IOException;
import java.io.InputStream;

/**
 * Cuts one file's bytes, as they are read, into blocks that end at a line end: each block ends at the first line end
 * at or after {@code blockBytes} bytes, so that where the cuts fall depends on the content only. It counts the lines
 * before each block (a block's parser numbers its lines from there) and the bytes read. A line too long for a buffer
 * ends the cutting: the rest of the file is a {@link Cut#tail()}, read in order as one stream.
 *
 * <p>A read that fails ends the file as a sequential read would: the complete lines read before it are the last
 * block, the bytes of a line it cut off are counted but not parsed.
 */
final class BlockCutter {

    /** Where a block lies in the buffer given to {@link #next}, and where it lies in the file. */
    record Cut(int length, long linesBefore, long bytesEnd, boolean last, String error, boolean tail) {
    }

    private final InputStream in;
    private final int blockBytes;
    private byte[] head;
    private byte[] carry;
    private int carryFrom;
    private int carryLength;
    private long lines;
    private long bytes;
    private IOException error;
    private boolean eof;
    private boolean done;

    /** @param head the file's first bytes, already read; {@code rest} gives the others */
    BlockCutter(byte[] head, InputStream rest, int blockBytes) {
        this.head = head;
        this.in = rest;
        this.blockBytes = blockBytes;
    }

    /**
     * The size of a buffer: a block and 64 KiB more for the line it ends with. A block before a longer line ends at the
     * line end before it; a line that does not fit in a whole buffer makes the rest of the file a tail.
     */
    static int capacity(int blockBytes) {
        return Math.max(blockBytes, 1 << 16) + (1 << 16);
    }

    /** Lines of the blocks cut so far: after the last, the file's. */
    long lines() {
        return lines;
    }

    /** Bytes read so far (of the decompressed content). */
    long bytes() {
        return bytes;
    }

    InputStream rest() {
        return in;
    }

    /**
     * Fills {@code buf} (of {@link #capacity} bytes) with the next block; null when the file has been cut to its end.
     * Bytes read beyond the block stay for the next call, which may be given the same buffer.
     */
    Cut next(byte[] buf) {
        if (done) {
            return null;
        }
        int len;
        if (head != null) {
            len = head.length;
            System.arraycopy(head, 0, buf, 0, len);
            bytes += len;
            head = null;
        } else {
            len = carryLength;
            System.arraycopy(carry, carryFrom, buf, 0, len);
        }
        carryLength = 0;
        int target = blockBytes - 1;
        int scanned = 0;
        while (true) {
            int from = Math.max(target, scanned);
            int cut = from < len ? LineReader.newline(buf, from, len) : -1;
            scanned = Math.max(scanned, len);
            if (cut >= 0) {
                return block(buf, cut + 1, len, false);
            }
            if (eof || error != null) {
                int end = error == null ? len : lastLineEnd(buf, len);
                done = true;
                return block(buf, end, len, true);
            }
            if (len == buf.length) {
                int end = lastLineEnd(buf, len);
                if (end > 0) {
                    return block(buf, end, len, false); // a long line follows: the block ends before it
                }
                done = true;
                return new Cut(len, lines, bytes, true, null, true);
            }
            try {
                int n = in.read(buf, len, Math.min(buf.length - len, Math.max(target + 1 - len, 1 << 16)));
                if (n < 0) {
                    eof = true;
                } else {
                    len += n;
                    bytes += n;
                }
            } catch (IOException e) {
                error = e;
            }
        }
    }

    /** After the last line end in {@code buf[0, len)}; 0 if there is none. */
    private static int lastLineEnd(byte[] buf, int len) {
        for (int i = len - 1; i >= 0; i--) {
            if (buf[i] == '\n') {
                return i + 1;
            }
        }
        return 0;
    }

    /** The block {@code buf[0, end)}; what was read after it is kept for the next one. */
    private Cut block(byte[] buf, int end, int len, boolean last) {
        long before = lines;
        lines += LineReader.countLines(buf, 0, end);
        if (last && error == null && end > 0 && buf[end - 1] != '\n') {
            lines++; // a last line without a line end
        }
        if (!last) {
            carry = buf;
            carryFrom = end;
            carryLength = len - end;
        }
        return new Cut(end, before, bytes - (len - end), last, error == null ? null : error.getMessage(), false);
    }
}
