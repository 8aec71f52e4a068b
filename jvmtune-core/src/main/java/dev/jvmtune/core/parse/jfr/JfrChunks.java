package dev.jvmtune.core.parse.jfr;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/**
 * The time span a recording covers, from its chunk headers alone. {@code RecordingFile} tells no byte
 * position, so progress is estimated from where the events read lie in this span.
 *
 * @param startNanos first chunk's start, epoch nanoseconds; 0 if unknown
 * @param endNanos   last complete chunk's end; 0 if unknown
 */
record JfrChunks(long startNanos, long endNanos) {

    private static final int HEADER_BYTES = 48;

    static JfrChunks scan(Path file) {
        long start = 0;
        long end = 0;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long pos = 0;
            long length = f.length();
            // header: magic, major, minor (2+2), chunk size, constant pool offset, metadata offset, start nanos,
            // duration nanos (all big-endian longs)
            while (pos + HEADER_BYTES <= length) {
                f.seek(pos);
                if (f.readInt() != 0x464C5200) {
                    break;
                }
                f.readInt();
                long size = f.readLong();
                f.readLong();
                f.readLong();
                long chunkStart = f.readLong();
                long duration = f.readLong();
                if (size <= 0 || pos + size > length) {
                    break;
                }
                if (start == 0) {
                    start = chunkStart;
                }
                end = chunkStart + Math.max(0, duration);
                pos += size;
            }
        } catch (IOException e) {
            // progress is only an estimate: a file that cannot be scanned shows none
        }
        return new JfrChunks(start, end);
    }

    /** Share of the recording's span before {@code epochNanos}, 0 to 1; 0 when the span is unknown. */
    double fraction(long epochNanos) {
        if (endNanos <= startNanos) {
            return 0;
        }
        return Math.max(0, Math.min(1, (epochNanos - startNanos) / (double) (endNanos - startNanos)));
    }
}
