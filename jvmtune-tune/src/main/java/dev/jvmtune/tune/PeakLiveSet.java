package dev.jvmtune.tune;

import java.util.Arrays;
import java.util.Locale;

/**
 * The high-water mark of what collections leave, the figure a heap is sized from: the {@link #PERCENTILE}th
 * percentile of the heap after every collection past warm-up. A program whose live set rises and falls with its work
 * units (a file, a request, a batch) has a peak that the least any collection left hides; the largest one may be a
 * single collection that ran just before a cycle freed the old generation's garbage, so a high percentile, reached
 * again and again, stands for the peak. Collections that ran out of room (G1's evacuation failures, a failed
 * promotion) say the heap is too small for that peak: the figures are then a floor, capped by the heap.
 *
 * @param collections collections past warm-up with a heap figure
 * @param fromSec     where warm-up ended (0: none found)
 * @param peakBytes   the {@link #PERCENTILE}th percentile of the heap after them
 * @param medianBytes the median
 * @param maxBytes    the largest
 * @param capacityBytes the largest heap capacity of the run
 * @param outOfRoom   collections that ran out of room, over the whole run
 */
public record PeakLiveSet(long collections, double fromSec, long peakBytes, long medianBytes, long maxBytes,
                          long capacityBytes, long outOfRoom) {

    /** The percentile taken as the peak: reached by one collection in ten. */
    static final int PERCENTILE = 90;

    private static final double MIB = 1 << 20;

    /** The figures of the heap-after values {@code after} (bytes, any order); null without any. */
    static PeakLiveSet of(long[] after, double fromSec, long capacityBytes, long outOfRoom) {
        if (after.length == 0) {
            return null;
        }
        long[] s = after.clone();
        Arrays.sort(s);
        return new PeakLiveSet(s.length, fromSec, s[rank(s.length, PERCENTILE)], s[rank(s.length, 50)],
                s[s.length - 1], capacityBytes, outOfRoom);
    }

    /** The nearest-rank index of percentile {@code p} among {@code n} sorted values. */
    private static int rank(int n, int p) {
        return Math.max(0, (int) Math.ceil(p / 100.0 * n) - 1);
    }

    /** Whether collections ran out of room: the heap is too small for the peak, which is then at least this. */
    public boolean censored() {
        return outOfRoom > 0;
    }

    /** The figures in one line, with the percentile and why. */
    public String describe() {
        return String.format(Locale.ROOT, "the heap after %d collections past warm-up%s: p%d %.0f MiB (the peak: "
                        + "reached by one collection in ten, where the least any left hides a live set that rises and "
                        + "falls with the work), p50 %.0f, max %.0f of %.0f MiB%s", collections,
                fromSec > 0 ? String.format(Locale.ROOT, " (from %.1f s)", fromSec) : "", PERCENTILE, peakBytes / MIB,
                medianBytes / MIB, maxBytes / MIB, capacityBytes / MIB, censored() ? String.format(Locale.ROOT,
                        "; %d collections ran out of room (evacuation failure, failed promotion, a Full GC that left "
                                + "half the heap or more): the heap is too small for its peak, which is at least this",
                        outOfRoom) : "");
    }
}
