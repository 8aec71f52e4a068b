package dev.jvmtune.core.input;

/**
 * How one timeline's text is read: in order on the caller's thread, or cut into blocks of about {@code blockBytes}
 * at line ends that up to {@code threads} threads parse at once (see {@link GcLogStream}). Either way the events,
 * their order and every figure are the same.
 *
 * @param threads    blocks parsed at once; 1 reads in order
 * @param blockBytes a block ends at the first line end at or after this many bytes
 */
public record Parallelism(int threads, int blockBytes) {

    /** Large enough that the work of joining two blocks (a collection's lines) is a small part of one. */
    public static final int BLOCK_BYTES = 4 << 20;

    /** Every line read and parsed in order on the caller's thread. */
    public static final Parallelism SEQUENTIAL = new Parallelism(1, BLOCK_BYTES);

    public Parallelism {
        if (threads < 1 || blockBytes < 1) {
            throw new IllegalArgumentException("threads and block size must be positive: " + threads + ", " + blockBytes);
        }
    }

    /**
     * One thread per processor, or as many as the system property {@code jvmtune.parseThreads} says ({@code 1} reads
     * in order).
     */
    public static Parallelism machine() {
        int threads = Integer.getInteger("jvmtune.parseThreads", Runtime.getRuntime().availableProcessors());
        return threads <= 1 ? SEQUENTIAL : new Parallelism(threads, BLOCK_BYTES);
    }

    /**
     * Whether a timeline is worth reading in blocks: a stream (its size is unknown) or files of two blocks or more
     * (compressed sizes count as they are).
     */
    boolean worthIt(LogInputs.Timeline timeline) {
        if (threads == 1) {
            return false;
        }
        long bytes = 0;
        for (LogFile f : timeline.files()) {
            if (f.isStream()) {
                return true;
            }
            bytes += Math.max(0, f.bytes());
        }
        return bytes >= 2L * blockBytes;
    }
}
