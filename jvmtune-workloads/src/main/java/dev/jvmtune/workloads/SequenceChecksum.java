package dev.jvmtune.workloads;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;

/**
 * CRC32 of one client thread's first operations (10,000 unless said otherwise): what the same seed and
 * parameters must reproduce (issue 7, acceptance 2). Bounded, so that how many operations a timed run fits does
 * not matter and even a short run gets there.
 */
public final class SequenceChecksum {

    private final CRC32 crc = new CRC32();
    private final byte[] buf = new byte[8];
    private final long limit;
    private long operations;

    public SequenceChecksum() {
        this(10_000);
    }

    public SequenceChecksum(long limit) {
        this.limit = limit;
    }

    /** Counts an operation; true while it is one of the first {@code limit}, whose parts are then added. */
    public boolean next() {
        if (operations < limit) {
            operations++;
            return true;
        }
        return false;
    }

    public void add(long v) {
        for (int i = 0; i < 8; i++) {
            buf[i] = (byte) (v >>> (8 * i));
        }
        crc.update(buf);
    }

    public void add(byte[] bytes) {
        crc.update(bytes);
    }

    public void add(String s) {
        crc.update(s.getBytes(StandardCharsets.UTF_8));
    }

    public long value() {
        return crc.getValue();
    }

    public long operations() {
        return operations;
    }

    /** The threads' checksums folded in thread order. */
    public static long combine(List<SequenceChecksum> threads) {
        long c = 0;
        for (SequenceChecksum s : threads) {
            c = c * 1_000_003L + s.value();
        }
        return c;
    }

    /** The fewest operations any of the threads folded in: the limit when every one got there. */
    public static long minOperations(List<SequenceChecksum> threads) {
        return threads.stream().mapToLong(SequenceChecksum::operations).min().orElse(0);
    }
}
