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
     * The CPU time of reading a large log in blocks over that of reading it in order: the blocks' loop compiled again,
     * more lines parsed before C2's code is ready, cutting, joining and replaying (docs/performance.md: 1.35-1.45x on
     * a 394 MB log, 10 alternating runs on an idle 2-core machine).
     */
    static final double BLOCK_CPU_COST = 1.4;

    /**
     * As many threads as the system property {@code jvmtune.parseThreads} says ({@code 1} reads in order); without
     * it, one per processor where reading in blocks can win. The JIT's compiler threads hold about one processor
     * during a read's first seconds, so the blocks have {@code p - 1} processors for {@link #BLOCK_CPU_COST} times
     * the work of a read in order on one: they win only where {@code p - 1 > BLOCK_CPU_COST}, from 3 processors on.
     * On 2 they were measured 10-20% slower in wall time than a read in order.
     */
    public static Parallelism machine() {
        return of(Integer.getInteger("jvmtune.parseThreads", -1), Runtime.getRuntime().availableProcessors());
    }

    /** {@link #machine()} for {@code asked} threads (-1: not asked) on {@code processors}. */
    static Parallelism of(int asked, int processors) {
        int threads = asked > 0 ? asked : processors - 1 > BLOCK_CPU_COST ? processors : 1;
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
