package dev.jvmtune.tune;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.FlagSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The declared parameter space the tuner falls back on when the rules have nothing left to propose: a few
 * values per flag, each dimension knowing when it applies (a collector's flags only under that collector,
 * experimental flags unlocked by {@link FlagSet}). Kept small on purpose: every point costs an A/B of fresh
 * JVMs, and a point is only worth a trial where it has a reason to matter. Documented in docs/tuner.md.
 */
public final class SearchSpace {

    /** One dimension: from the current flags, the changes along it worth trying (none where it does not apply). */
    public record Dimension(String name, Function<FlagSet, List<Candidate>> points) {
    }

    /** At most this share of the machine's memory goes to a candidate heap. */
    static final double MAX_HEAP_SHARE = 0.5;
    private static final long MIB = 1L << 20;
    /** The code cache HotSpot reserves by default with tiered compilation. */
    static final long DEFAULT_CODE_CACHE = 240 * MIB;

    private final List<Dimension> dimensions;

    public SearchSpace(List<Dimension> dimensions) {
        this.dimensions = List.copyOf(dimensions);
    }

    /**
     * The default space; {@code machineBytes} bounds heap growth. Order is the order of trial: an override
     * below the JDK's default first (cheap to undo, S4), then heap shape before heap size, the collector last.
     */
    public static SearchSpace standard(long machineBytes) {
        return new SearchSpace(List.of(
                new Dimension("code-cache", SearchSpace::codeCache),
                new Dimension("heap-fixed", SearchSpace::heapFixed),
                new Dimension("old-generation", SearchSpace::oldGeneration),
                new Dimension("heap-size", f -> heapSize(f, machineBytes)),
                new Dimension("collector", SearchSpace::collector)));
    }

    /** Every point of every dimension from {@code current}, in the declared order. */
    public List<Candidate> candidates(FlagSet current) {
        List<Candidate> out = new ArrayList<>();
        for (Dimension d : dimensions) {
            out.addAll(d.points().apply(current));
        }
        return out;
    }

    private static Candidate point(String dim, String title, List<String> change, String... why) {
        return new Candidate("search:" + dim, title, change, List.of(why));
    }

    /** {@code -Xms} = {@code -Xmx}: no resizing, and the old generation has its full size from the start (S3). */
    static List<Candidate> heapFixed(FlagSet f) {
        String xmx = f.value("-Xmx").orElse(null);
        if (xmx == null || xmx.equals(f.value("-Xms").orElse(null))) {
            return List.of();
        }
        return List.of(point("heap-fixed", "fix the heap at -Xmx: -Xms" + xmx, List.of("-Xms" + xmx),
                "the heap starts at -Xms" + f.value("-Xms").orElse(" (1/64 of memory by default)")
                        + " and grows by Full GCs and resizing toward -Xmx" + xmx + "; -Xms = -Xmx gives the old "
                        + "generation its whole size from the start"));
    }

    /**
     * A larger old generation for the generational collectors that size it by {@code NewRatio} (old:young,
     * 2 by default): S3 kept more data on the fast line with 8-16 and a young generation of ~128 MB or more
     * (its table gives 114 MB at 1 GB). At laptop scale the floor is min(128 MB, heap / 10).
     */
    static List<Candidate> oldGeneration(FlagSet f) {
        Collector gc = f.collector();
        if (gc != Collector.PARALLEL && gc != Collector.SERIAL || f.value("-Xmn").isPresent()) {
            return List.of();
        }
        long heap = FlagSet.bytes(f.value("-Xmx").orElse("-1"));
        int now = Integer.parseInt(f.value("-XX:NewRatio").orElse("2"));
        List<Candidate> out = new ArrayList<>();
        for (int ratio : new int[] {4, 8, 16}) {
            long young = heap > 0 ? heap / (ratio + 1) : -1;
            long floor = Math.min(128 * MIB, heap / 10);
            if (ratio <= now || heap > 0 && young < floor) {
                continue;
            }
            out.add(point("old-generation", "old generation " + ratio + "x the young one: -XX:NewRatio=" + ratio,
                    List.of("-XX:NewRatio=" + ratio), heap > 0 ? String.format(Locale.ROOT,
                            "-Xmx %d MB / (NewRatio %d + 1) = young %d MB (floor min(128, %d / 10) = %d MB), "
                                    + "old %d MB", heap / MIB, ratio, young / MIB, heap / MIB, floor / MIB,
                            (heap - young) / MIB)
                            : "NewRatio " + now + " -> " + ratio + ": old generation " + ratio + "/" + (ratio + 1)
                            + " of the heap"));
        }
        return out;
    }

    /** Whether {@code f} holds the code cache below today's default (240 MB with tiered compilation: S4). */
    static boolean smallCodeCache(FlagSet f) {
        long now = FlagSet.bytes(f.value("-XX:ReservedCodeCacheSize").orElse("-1"));
        return now > 0 && now < DEFAULT_CODE_CACHE;
    }

    /** An old {@code ReservedCodeCacheSize} override below today's default. */
    static List<Candidate> codeCache(FlagSet f) {
        if (!smallCodeCache(f)) {
            return List.of();
        }
        long now = FlagSet.bytes(f.value("-XX:ReservedCodeCacheSize").orElse("-1"));
        return List.of(point("code-cache", "code cache at the JDK default: -XX:ReservedCodeCacheSize=240m",
                List.of("-XX:ReservedCodeCacheSize=240m"), String.format(Locale.ROOT, "ReservedCodeCacheSize "
                        + "%d MB is below the default of 240 MB for tiered compilation; a full code cache stops or "
                        + "flushes JIT compilation", now / MIB)));
    }

    /** Twice the heap, while it stays within {@link #MAX_HEAP_SHARE} of the machine. */
    static List<Candidate> heapSize(FlagSet f, long machineBytes) {
        long heap = FlagSet.bytes(f.value("-Xmx").orElse("-1"));
        if (heap <= 0 || machineBytes <= 0 || 2 * heap > MAX_HEAP_SHARE * machineBytes) {
            return List.of();
        }
        String next = FlagSet.size(2 * heap);
        List<String> change = new ArrayList<>(List.of("-Xmx" + next));
        if (f.value("-Xms").isPresent()) {
            change.add("-Xms" + (f.value("-Xms").get().equals(f.value("-Xmx").get()) ? next : f.value("-Xms").get()));
        }
        return List.of(point("heap-size", "twice the heap: -Xmx" + next, change, String.format(Locale.ROOT,
                "2 x %d MB = %d MB, within %.0f%% of the machine's %d MB", heap / MIB, 2 * heap / MIB,
                MAX_HEAP_SHARE * 100, machineBytes / MIB)));
    }

    /** The other stop-the-world generational collectors: Parallel for throughput, G1 for pauses. */
    static List<Candidate> collector(FlagSet f) {
        List<Candidate> out = new ArrayList<>();
        Collector gc = f.collector();
        if (gc != Collector.PARALLEL) {
            out.add(point("collector", "Parallel collector: -XX:+UseParallelGC", List.of("-XX:+UseParallelGC"),
                    "from " + gc + ": no concurrent work or barriers, the most throughput per core"));
        }
        if (gc != Collector.G1) {
            out.add(point("collector", "G1 collector: -XX:+UseG1GC", List.of("-XX:+UseG1GC"),
                    "from " + gc + ": incremental old-generation collection, pauses sized to MaxGCPauseMillis"));
        }
        return out;
    }
}
