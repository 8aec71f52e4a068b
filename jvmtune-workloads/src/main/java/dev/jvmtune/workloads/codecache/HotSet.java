package dev.jvmtune.workloads.codecache;

/**
 * Which handlers requests call: {@code size} consecutive handlers, starting at an offset that moves on by
 * {@code size} every {@code rotateNanos} of serving time, wrapping around. S4's server had a hot set that kept
 * moving: code that went cold was flushed, and the code that became hot had to be compiled again. With
 * {@code size} equal to the number of handlers and no rotation, every handler is hot all the time.
 *
 * @param handlers    number of handlers
 * @param size        handlers hot at any time, 1 to {@code handlers}
 * @param rotateNanos how often the hot set moves on; 0 keeps it in place
 * @param startNanos  {@link System#nanoTime()} when serving began
 */
record HotSet(int handlers, int size, long rotateNanos, long startNanos) {

    HotSet {
        if (size < 1 || size > handlers) {
            throw new IllegalArgumentException("--hot-set must be 1 to --classes (" + handlers + "), not " + size);
        }
    }

    /** Every handler hot, all the time. */
    static HotSet all(int handlers) {
        return new HotSet(handlers, handlers, 0, 0);
    }

    /** The first handler of the hot set at {@code nowNanos}. */
    int offset(long nowNanos) {
        if (rotateNanos <= 0) {
            return 0;
        }
        long rotations = Math.max(0, nowNanos - startNanos) / rotateNanos;
        return (int) (rotations * size % handlers);
    }

    /** The handler {@code pick} (0 to {@code size - 1}) of the hot set starting at {@code offset}. */
    int handler(int offset, int pick) {
        return (offset + pick) % handlers;
    }
}
