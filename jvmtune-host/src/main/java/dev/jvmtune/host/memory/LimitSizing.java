package dev.jvmtune.host.memory;

import dev.jvmtune.core.model.Collector;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The flags for a container of a given memory limit, from measured runs: the heap is what the limit leaves once
 * every other part has its measured peak with stated headroom, each capped by a flag so that it stays there
 * ({@link NonHeap}), and a share of the limit is kept for what no part counts. Every page of the heap is counted as
 * resident (a heap is touched up to its maximum sooner or later), so the sum bounds what the cgroup is charged;
 * {@link RssModel} then predicts what the configuration will really occupy. A limit that leaves less heap than the
 * live set needs is too small, and the sizing says by how much.
 *
 * @param limitBytes  the container's memory limit
 * @param cpus        its CPUs; -1 when not given
 * @param terms       the parts, each at its bound, and the heap last
 * @param flags       the flags to run it with; empty when the limit is too small
 * @param heapBytes   the maximum heap the limit leaves; may be below {@code neededHeapBytes}
 * @param neededHeapBytes the heap the live set needs
 * @param shortBytes  how much larger the limit must be (its headroom grows with it); 0 when it is enough
 * @param predicted   the RSS the model predicts for {@code flags}; null when the limit is too small
 * @param notes       what a person should know (caps left to the JVM, MaxRAMPercentage)
 */
public record LimitSizing(long limitBytes, int cpus, List<Term> terms, List<String> flags, long heapBytes,
                          long neededHeapBytes, long shortBytes, RssModel.Prediction predicted, List<String> notes) {

    /** Of the limit, kept for what no part counts: kernel memory charged to the cgroup, page cache, growth. */
    public static final int HEADROOM_PCT = 5;
    /** The heap the live set needs: this times it (room to copy into; below it collections come back to back). */
    public static final double LIVE_FACTOR = 1.5;
    static final long HEAP_MIN = 16L << 20;

    public LimitSizing {
        terms = List.copyOf(terms);
        flags = List.copyOf(flags);
        notes = List.copyOf(notes);
    }

    public boolean fits() {
        return shortBytes == 0;
    }

    /**
     * @param runs  measured runs of the program (the one with the largest resident peak sets the bounds)
     * @param limit the container's memory limit
     * @param cpus  its CPUs, -1 when not given (GC threads are then left to the JVM)
     */
    public static LimitSizing of(List<MeasuredRun> runs, long limit, int cpus) {
        MeasuredRun b = runs.stream().max(java.util.Comparator.comparingLong(r -> r.footprint().resident()
                .peakBytes())).orElseThrow(() -> new IllegalArgumentException("no measured run"));
        MemoryConfig measured = b.config();
        NonHeap nonHeap = NonHeap.of(b);
        List<Term> t = new ArrayList<>();
        long headroom = limit * HEADROOM_PCT / 100;
        t.add(new Term("headroom", headroom, Term.Basis.ASSUMED, String.format(Locale.ROOT, "%d%% x %s: memory "
                + "charged to the cgroup that no part counts (page tables, socket buffers, page cache the program "
                + "writes) and use beyond the measured run", HEADROOM_PCT, mib(limit))));
        t.addAll(nonHeap.terms());
        List<String> flags = new ArrayList<>(nonHeap.flags());
        List<String> notes = new ArrayList<>(nonHeap.notes());
        RssModel.GcShare share = RssModel.GcShare.of(measured);
        long nonHeapBytes = t.stream().mapToLong(Term::bytes).sum() - headroom;
        long heap = heap(limit, nonHeapBytes, share);
        long gc = Math.round(share.fraction() * Math.max(0, heap));
        t.add(new Term("GC structures", gc, Term.Basis.JDK_DEFAULT, String.format(Locale.ROOT, "%s x %s heap: %s",
                share.text(), mib(Math.max(0, heap)), share.why())));
        long live = runs.stream().mapToLong(MeasuredRun::liveBytes).max().orElse(-1);
        long needed = Math.max(HEAP_MIN, live < 0 ? 0 : NonHeap.roundUp((long) (live * LIVE_FACTOR)));
        t.add(new Term("Java heap", Math.max(0, heap), Term.Basis.ASSUMED, String.format(Locale.ROOT,
                "%s limit - %s for the parts above = %s, every page counted as resident (the heap is touched up to "
                        + "its maximum in time); the live set needs %s (%.1f x %s, the most the heap held after a "
                        + "collection)", mib(limit), mib(limit - Math.max(0, heap)), mib(Math.max(0, heap)),
                mib(needed), LIVE_FACTOR, mib(live))));
        if (heap < needed) {
            // the headroom grows with the limit: the least limit is where the heap left reaches the heap needed
            long least = NonHeap.roundUp((long) Math.ceil((nonHeapBytes + needed * (1 + share.fraction())) * 100.0
                    / (100 - HEADROOM_PCT)));
            while (heap(least, nonHeapBytes, share) < needed) {
                least += 1 << 20;
            }
            return new LimitSizing(limit, cpus, t, List.of(), heap, needed, least - limit, null, notes);
        }
        flags.add(0, "-Xmx" + (heap >> 20) + "m");
        flags.add(1, "-Xms" + (heap >> 20) + "m");
        if (measured.collector().flag() != null) {
            flags.add(2, "-XX:+" + measured.collector().flag());
            if (cpus > 0 && cpus < 2 || limit < MemoryConfig.SERVER_CLASS_BYTES) {
                notes.add("the collector is kept as measured (" + measured.collector().label() + "): with "
                        + (cpus > 0 && cpus < 2 ? cpus + " CPU" : mib(limit)) + " the JVM would choose Serial itself");
            }
        }
        if (cpus > 0 && (measured.collector() == Collector.G1 || measured.collector() == Collector.PARALLEL)) {
            flags.add("-XX:ParallelGCThreads=" + (cpus <= 8 ? cpus : 8 + (cpus - 8) * 5 / 8));
        }
        notes.add(String.format(Locale.ROOT, "-Xms = -Xmx: the container's memory is the program's; as a share of "
                + "the limit the heap is -XX:MaxRAMPercentage=%.1f (for a limit that may change)", 100.0 * heap / limit));
        MemoryConfig target = MemoryConfig.of(flags, measured.jdk(), limit, cpus > 0 ? cpus : 2);
        return new LimitSizing(limit, cpus, t, flags, heap, needed, 0, RssModel.predict(runs, target, -1), notes);
    }

    /** The heap a limit leaves, in whole MiB: heap + share x heap = limit - headroom - the rest (the GC's
     * structures grow with the heap they serve). */
    private static long heap(long limit, long nonHeapBytes, RssModel.GcShare share) {
        long headroom = limit * HEADROOM_PCT / 100;
        return (long) Math.floor((limit - headroom - nonHeapBytes) / (1 + share.fraction()) / (1 << 20)) << 20;
    }

    private static String mib(long bytes) {
        return MemoryConfig.mib(bytes);
    }
}
