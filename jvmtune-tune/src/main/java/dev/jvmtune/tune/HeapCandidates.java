package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Candidates for the heap's size from the peak live set ({@link PeakLiveSet}): a heap of {@link #ROOM} times the
 * peak, where the heap is smaller (twice the heap at least where collections ran out of room: the peak is then
 * capped by the heap); fixed at that size where the trial spent time in pauses of a growing heap. And the heap fixed
 * at {@code -Xmx} where it grew by pauses and Full GCs. A larger heap reduces the GC's causes, it does not remove
 * them: the claim is what they took.
 */
public final class HeapCandidates implements CandidateSource {

    /**
     * Heap per peak live set: an old generation of two thirds of the heap (Parallel's default) then holds twice the
     * peak, a concurrent collector's cycles start with room to finish.
     */
    static final int ROOM = 3;
    /** A heap this much larger than the current one is worth a trial. */
    static final double WORTH = 1.1;
    /** At most this share of the machine's memory goes to a candidate heap. */
    static final double MAX_HEAP_SHARE = 0.5;
    private static final long MIB = 1 << 20;

    private final long machineBytes;

    /** @param machineBytes the machine's memory, which bounds the heap; 0 or less: unknown */
    public HeapCandidates(long machineBytes) {
        this.machineBytes = machineBytes;
    }

    @Override
    public List<Candidate> propose(FlagSet best, Evidence e) {
        List<Candidate> out = new ArrayList<>();
        PeakLiveSet peak = e.peak();
        double gc = e.seconds(Cause.GC);
        if (peak == null || Double.isNaN(gc)) {
            return out;
        }
        long heap = heap(best, e);
        double resizing = e.seconds(Cause.HEAP_RESIZING);
        Size size = size(best, e, machineBytes);
        if (size.worthIt(heap)) {
            boolean fixed = resizing > 0 || fixed(best);
            out.add(new Candidate("heap:peak-live-set", "a heap from the peak live set: " + String.join(" ",
                    size.change(fixed)), size.change(fixed), List.of(peak.describe(),
                    size.why() + String.format(Locale.ROOT, ", against %.0f MiB now", heap / (double) MIB),
                    fixed ? String.format(Locale.ROOT, "fixed at that size: %.2f s of pauses ran while the heap grew",
                            resizing) : "its initial size left to the JVM"),
                    List.of(new Claim(Cause.GC, gc, false))));
        }
        String xmx = best.value("-Xmx").orElse(null);
        double growth = resizing + e.seconds(Cause.FULL_GCS);
        if (xmx != null && !xmx.equals(best.value("-Xms").orElse(null)) && resizing > 0) {
            out.add(new Candidate("heap:fixed", "fix the heap at -Xmx: -Xms" + xmx, List.of("-Xms" + xmx),
                    List.of(String.format(Locale.ROOT, "%.2f s of pauses ran while the heap grew toward -Xmx%s, and "
                            + "%.2f s of Full GCs: -Xms = -Xmx gives it its whole size from the start", resizing, xmx,
                            e.seconds(Cause.FULL_GCS))),
                    List.of(new Claim(java.util.EnumSet.of(Cause.HEAP_RESIZING, Cause.FULL_GCS), growth, false))));
        }
        return out;
    }

    /**
     * A heap from the peak live set and its arithmetic.
     *
     * @param bytes the heap, rounded up to a MiB
     * @param why   how it was drawn: "heap = 3 x the peak live set: 3 x 120 MiB = 360 MiB"
     */
    record Size(long bytes, String why) {

        /** Whether it is worth a trial against {@code heap} bytes now: {@link #WORTH} times larger. */
        boolean worthIt(long heap) {
            return heap > 0 && bytes > WORTH * heap;
        }

        /** The flags that set it: -Xmx, and -Xms too where {@code fixed}. */
        List<String> change(boolean fixed) {
            String size = FlagSet.size(bytes);
            return fixed ? List.of("-Xmx" + size, "-Xms" + size) : List.of("-Xmx" + size);
        }
    }

    /**
     * The heap for {@code flags} from {@code e}'s peak live set (which it needs): {@link #ROOM} times the peak, at
     * least twice the heap where collections ran out of room, at most {@link #MAX_HEAP_SHARE} of the machine's memory
     * ({@code machineBytes}; 0 or less: unknown).
     */
    static Size size(FlagSet flags, Evidence e, long machineBytes) {
        PeakLiveSet peak = e.peak();
        long heap = heap(flags, e);
        long target = ROOM * peak.peakBytes();
        String why = String.format(Locale.ROOT, "heap = %d x the peak live set: %d x %.0f MiB = %.0f MiB", ROOM, ROOM,
                peak.peakBytes() / (double) MIB, target / (double) MIB);
        if (peak.censored() && 2 * heap > target) {
            target = 2 * heap;
            why += String.format(Locale.ROOT, "; collections ran out of room, so the peak is capped by the heap: twice "
                    + "the heap, %.0f MiB", target / (double) MIB);
        }
        if (machineBytes > 0 && target > MAX_HEAP_SHARE * machineBytes) {
            target = (long) (MAX_HEAP_SHARE * machineBytes);
            why += String.format(Locale.ROOT, "; at most %.0f%% of the machine's %d MiB", 100 * MAX_HEAP_SHARE,
                    machineBytes / MIB);
        }
        return new Size(wholeMib(target), why);
    }

    /** The heap a stop-the-world collector needs for {@code e}'s peak live set: {@link #ROOM} times it. */
    static long room(Evidence e) {
        return ROOM * e.peak().peakBytes();
    }

    /** {@code bytes} rounded up to a whole MiB, a size -Xmx says exactly. */
    static long wholeMib(long bytes) {
        return (bytes + MIB - 1) / MIB * MIB;
    }

    /** Whether {@code flags} fix the heap's size: -Xms = -Xmx. */
    static boolean fixed(FlagSet flags) {
        return flags.value("-Xms").isPresent() && flags.value("-Xms").equals(flags.value("-Xmx"));
    }

    /** The heap {@code flags} allow: -Xmx, else the largest the trial had. */
    static long heap(FlagSet flags, Evidence e) {
        long xmx = FlagSet.bytes(flags.value("-Xmx").orElse("-1"));
        return xmx > 0 ? xmx : e.peak() == null ? -1 : e.peak().capacityBytes();
    }

    /**
     * Whether {@code to} has room for its collector where it switches {@code from} a concurrent one to a stop-the-world
     * one: the heap holds {@link #ROOM} times the peak live set (Parallel's old generation is two thirds of the heap; on
     * H2's 96 MB with 67 MiB live it ran out of memory, on javac's 160 MB with the live set at 69% it ran 1.51x slower).
     */
    static boolean fits(FlagSet from, FlagSet to, Evidence e) {
        if (!CpuCandidates.stopTheWorld(to.collector()) || CpuCandidates.stopTheWorld(from.collector())
                || e.peak() == null) {
            return true;
        }
        return heap(to, e) >= room(e);
    }
}
