package dev.jvmtune.host.memory;

import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Everything but the heap and the GC's heap-sized structures (the GC's own malloc is here), each at its measured peak
 * with stated headroom and, where the JVM has one, the flag that caps it there: what a memory limit must hold besides
 * the heap. Shared by the sizing for a limit ({@link LimitSizing}) and the host baseline.
 *
 * @param terms the parts, each with its arithmetic
 * @param flags the caps: {@code -XX:MaxMetaspaceSize}, {@code -XX:ReservedCodeCacheSize}, {@code -XX:MaxDirectMemorySize}
 * @param notes parts left to the JVM because the run did not measure them
 */
public record NonHeap(List<Term> terms, List<String> flags, List<String> notes) {

    /** Metaspace and direct memory: measured peak plus this. */
    static final int GROWTH_PCT = 25;
    /** Code cache: this times the measured peak (code compiled after the run measured), within the floor and the default. */
    static final int CODE_CACHE_FACTOR = 2;
    static final long CODE_CACHE_MIN = 48L << 20;
    static final long METASPACE_MIN = 16L << 20;
    static final long DIRECT_MIN = 16L << 20;

    public NonHeap {
        terms = List.copyOf(terms);
        flags = List.copyOf(flags);
        notes = List.copyOf(notes);
    }

    /** The non-heap parts of a measured run, bounded for a run as long as the program's life. */
    public static NonHeap of(MeasuredRun run) {
        Footprint f = run.footprint();
        MemoryConfig measured = run.config();
        List<Term> t = new ArrayList<>();
        List<String> flags = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        long meta = peak(f, MemoryPart.METASPACE) + Math.max(0, peak(f, MemoryPart.CLASS_SPACE));
        if (meta >= 0) {
            long cap = Math.max(METASPACE_MIN, roundUp(meta * (100 + GROWTH_PCT) / 100));
            flags.add("-XX:MaxMetaspaceSize=" + (cap >> 20) + "m");
            t.add(new Term("metaspace and class space", cap, Term.Basis.MEASURED, String.format(Locale.ROOT,
                    "%s measured peak + %d%% for classes loaded later, at least %s -> -XX:MaxMetaspaceSize (the JDK "
                            + "sets no cap)", mib(meta), GROWTH_PCT, mib(METASPACE_MIN))));
        } else {
            notes.add("metaspace not measured (Native Memory Tracking off): left to the JVM, uncapped, and not counted");
        }
        long code = peak(f, MemoryPart.CODE_CACHE);
        if (code >= 0) {
            long cap = Math.min(measured.codeCacheBytes(), Math.max(CODE_CACHE_MIN, roundUp(code * CODE_CACHE_FACTOR)));
            flags.add("-XX:ReservedCodeCacheSize=" + (cap >> 20) + "m");
            t.add(new Term("code cache", cap, Term.Basis.MEASURED, String.format(Locale.ROOT, "%d x %s measured "
                    + "peak, at least %s, at most %s (the run's): code compiled after the run measured needs room, "
                    + "and a full code cache stops compilation (S4) -> -XX:ReservedCodeCacheSize", CODE_CACHE_FACTOR,
                    mib(code), mib(CODE_CACHE_MIN), mib(measured.codeCacheBytes()))));
        } else {
            t.add(new Term("code cache", measured.codeCacheBytes(), Term.Basis.JDK_DEFAULT,
                    "not measured: the whole ReservedCodeCacheSize, " + mib(measured.codeCacheBytes())));
        }
        long direct = peak(f, MemoryPart.DIRECT);
        if (direct >= 0) {
            long cap = Math.max(DIRECT_MIN, roundUp(direct * (100 + GROWTH_PCT) / 100));
            flags.add("-XX:MaxDirectMemorySize=" + (cap >> 20) + "m");
            t.add(new Term("direct buffers", cap, Term.Basis.MEASURED, String.format(Locale.ROOT, "%s measured peak "
                    + "+ %d%%, at least %s -> -XX:MaxDirectMemorySize (the JDK's default is the maximum heap, which "
                    + "a budget cannot hold twice)", mib(direct), GROWTH_PCT, mib(DIRECT_MIN))));
        } else {
            notes.add("direct memory not measured (Native Memory Tracking off): left to the JVM's default (as much "
                    + "as the heap) and not counted; measure a run with it on to cap it");
        }
        long stacks = peak(f, MemoryPart.THREADS);
        int threads = Math.max(1, f.threadsPeak());
        if (stacks >= 0) {
            int n = (int) Math.ceil(threads * (100 + GROWTH_PCT) / 100.0);
            t.add(new Term("thread stacks", stacks / threads * n, Term.Basis.MEASURED, String.format(Locale.ROOT,
                    "%d threads (%d measured + %d%%) x %s per thread measured; -Xss stays at %s: a stack is resident "
                            + "only as deep as it runs", n, threads, GROWTH_PCT, RssModel.kib(stacks / threads),
                    mib(measured.threadStackBytes()))));
        }
        for (MemoryPart p : List.of(MemoryPart.COMPILER, MemoryPart.SYMBOLS, MemoryPart.OTHER)) {
            long v = peak(f, p);
            if (v >= 0) {
                t.add(new Term(p.label(), v, Term.Basis.MEASURED, "measured peak"));
            }
        }
        long files = f.resident().fileBytes();
        if (files >= 0) {
            t.add(new Term("files", files, Term.Basis.MEASURED, "resident file pages at the measured peak: "
                    + "libraries, jars, the CDS archive, mapped files"));
        }
        long gcMalloc = Math.max(0, f.part(MemoryPart.GC).map(Footprint.Part::mallocBytes).orElse(0L));
        if (gcMalloc > 0) {
            t.add(new Term("GC's own malloc", gcMalloc, Term.Basis.MEASURED, "measured at the resident peak "
                    + "(remembered sets, work queues)"));
        }
        return new NonHeap(t, flags, notes);
    }

    /** A part's measured peak; -1 when not measured. */
    private static long peak(Footprint f, MemoryPart p) {
        return f.part(p).map(Footprint.Part::peakBytes).filter(v -> v >= 0).orElse(-1L);
    }

    static long roundUp(long bytes) {
        long mib = 1L << 20;
        return (bytes + mib - 1) / mib * mib;
    }

    private static String mib(long bytes) {
        return MemoryConfig.mib(bytes);
    }
}
