package dev.jvmtune.host.memory;

import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The resident set of a JVM as a function of its configuration, fitted to one or a few measured runs of the same
 * program: a sum of terms, each with its arithmetic and its basis (docs/memory.md).
 *
 * <p>Repeats of one configuration count as their median run. The run nearest the configuration (by maximum heap) is
 * the base. What the configuration does not change is
 * carried over from it as measured: class metadata, code, the compiler, symbols, files, direct buffers and other
 * native memory, and the rest its parts do not account for (the resident peak less the terms). What it changes is
 * computed: the heap's resident pages (from the runs: the same heap; between two, in the logarithm of the maximum
 * heap; past them as the GC log says the heap was or was not the limit), the GC's structures that grow with the heap (per collector
 * and JDK), the thread stacks (per thread as measured, times the threads), ZGC's extra views, caps that bind (code
 * cache, direct memory), and Native Memory Tracking's own memory. With the base's own configuration the terms add
 * up to its measured peak exactly.
 */
public final class RssModel {

    /** What the model says of one configuration. */
    public record Prediction(MemoryConfig config, MeasuredRun base, List<Term> terms, long rssBytes,
                             List<String> warnings) {
        public Prediction {
            terms = List.copyOf(terms);
            warnings = List.copyOf(warnings);
        }
    }

    private RssModel() {
    }

    /**
     * @param runs    measured runs of one program (at least one)
     * @param target  the configuration to predict
     * @param threads the threads the program will run; -1: as in the base run
     */
    public static Prediction predict(List<MeasuredRun> runs, MemoryConfig target, int threads) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no measured run to fit the model to");
        }
        runs = medians(runs);
        MeasuredRun base = nearest(runs, target);
        Term rest = rest(base);
        List<Term> terms = new ArrayList<>(terms(base, target, heap(runs, target), threads));
        terms.add(rest);
        List<String> warnings = warnings(base, target, runs);
        if (base.config().collector() != target.collector()) {
            warnings.add(0, "measured under " + base.config().collector().label() + ", predicted for "
                    + target.collector().label() + ": the heap's use and the parts are assumed the same");
        }
        return new Prediction(target, base, terms, terms.stream().mapToLong(Term::bytes).sum(), warnings);
    }

    /**
     * One run per configuration: of runs with the same collector, JDK and maximum heap (repeats), the one with the
     * median resident peak (the lower of two), so that one run's noise does not become the model's.
     */
    static List<MeasuredRun> medians(List<MeasuredRun> runs) {
        java.util.Map<String, List<MeasuredRun>> same = new java.util.LinkedHashMap<>();
        for (MeasuredRun r : runs) {
            same.computeIfAbsent(r.config().collector() + "/" + r.config().jdk() + "/" + r.config().maxHeapBytes(),
                    k -> new ArrayList<>()).add(r);
        }
        List<MeasuredRun> out = new ArrayList<>();
        for (List<MeasuredRun> group : same.values()) {
            List<MeasuredRun> sorted = new ArrayList<>(group);
            sorted.sort(Comparator.comparingLong(r -> r.footprint().resident().peakBytes()));
            out.add(sorted.get((sorted.size() - 1) / 2));
        }
        return out;
    }

    /** The run whose maximum heap is nearest (by ratio), among those of the same collector and JDK if any. */
    static MeasuredRun nearest(List<MeasuredRun> runs, MemoryConfig target) {
        List<MeasuredRun> same = runs.stream().filter(r -> r.config().collector() == target.collector()
                && r.config().jdk() == target.jdk()).toList();
        return (same.isEmpty() ? runs : same).stream().min(Comparator.comparingDouble(r -> Math.abs(Math.log(
                (double) r.config().maxHeapBytes() / target.maxHeapBytes())))).orElseThrow();
    }

    /** What the base's parts do not account for: its resident peak less its own terms. */
    private static Term rest(MeasuredRun base) {
        long modelled = terms(base, base.config(), new Term("", base.heapResident(), Term.Basis.MEASURED, ""), -1)
                .stream().mapToLong(Term::bytes).sum();
        long peak = base.footprint().resident().peakBytes();
        return new Term("rest", peak - modelled, Term.Basis.MEASURED, String.format(Locale.ROOT,
                "%s resident peak of %s less its parts above (%s): malloc arenas' slack, libraries' own memory, "
                        + "what NMT does not track, and committed memory not resident (negative)",
                mib(peak), base.name(), mib(modelled)));
    }

    private static List<Term> terms(MeasuredRun b, MemoryConfig c, Term heap, int threadsWanted) {
        Footprint f = b.footprint();
        List<Term> t = new ArrayList<>();
        t.add(new Term("Java heap (resident)", heap.bytes(), heap.basis(), heap.arithmetic()));
        int views = c.heapViews();
        if (views > 1) {
            t.add(new Term("ZGC's extra heap views", (views - 1) * heap.bytes(), Term.Basis.JDK_DEFAULT,
                    String.format(Locale.ROOT, "%d x %s: non-generational ZGC maps its heap at %d addresses (its "
                            + "colored pointers' views) and the resident set counts each; the cgroup charges it once",
                            views - 1, mib(heap.bytes()), views)));
        }
        GcShare share = GcShare.of(c);
        long gcMalloc = Math.max(0, part(f, MemoryPart.GC, true));
        long gc = gcMalloc + Math.round(share.fraction() * heap.bytes());
        t.add(new Term("GC structures", gc, Term.Basis.JDK_DEFAULT, String.format(Locale.ROOT,
                "%s malloc (measured) + %s x %s resident heap = %s: %s, assumed touched where the heap is",
                mib(gcMalloc), share.text(), mib(heap.bytes()), mib(gc), share.why())));
        int measuredThreads = Math.max(1, f.threadsPeak());
        long stacks = part(f, MemoryPart.THREADS, false);
        if (stacks >= 0) {
            int n = threadsWanted > 0 ? threadsWanted : measuredThreads;
            long perThread = stacks / measuredThreads;
            t.add(new Term("thread stacks", perThread * n, threadsWanted > 0 ? Term.Basis.ASSUMED : Term.Basis.MEASURED,
                    String.format(Locale.ROOT, "%d threads x %s per thread (%s over %d threads measured; stacks are "
                            + "resident only as deep as they ran, whatever -Xss reserves)", n, kib(perThread),
                            mib(stacks), measuredThreads)));
        }
        long meta = part(f, MemoryPart.METASPACE, false) + Math.max(0, part(f, MemoryPart.CLASS_SPACE, false));
        if (meta >= 0) {
            t.add(new Term("metaspace and class space", meta, Term.Basis.MEASURED, "committed at the resident peak"));
        }
        long code = part(f, MemoryPart.CODE_CACHE, false);
        if (code >= 0) {
            long capped = Math.min(code, c.codeCacheBytes());
            t.add(new Term("code cache", capped, Term.Basis.MEASURED, capped < code ? String.format(Locale.ROOT,
                    "%s measured, capped by ReservedCodeCacheSize %s", mib(code), mib(c.codeCacheBytes()))
                    : "committed at the resident peak (ReservedCodeCacheSize " + mib(c.codeCacheBytes()) + ")"));
        }
        long direct = part(f, MemoryPart.DIRECT, false);
        if (direct >= 0) {
            long capped = Math.min(direct, c.maxDirectBytes());
            t.add(new Term("direct buffers", capped, Term.Basis.MEASURED, capped < direct ? String.format(Locale.ROOT,
                    "%s measured, capped by %s (%s)", mib(direct), mib(c.maxDirectBytes()), c.maxDirectFrom())
                    : "allocated at the resident peak (NMT's Other: Unsafe.allocateMemory)"));
        }
        for (MemoryPart p : List.of(MemoryPart.COMPILER, MemoryPart.SYMBOLS, MemoryPart.OTHER)) {
            long v = part(f, p, false);
            if (v >= 0) {
                t.add(new Term(p.label(), v, Term.Basis.MEASURED, "committed at the resident peak"));
            }
        }
        long tracking = part(f, MemoryPart.TRACKING, false);
        if (tracking > 0) {
            t.add(new Term("memory tracking (NMT)", c.nmt() ? tracking : 0, Term.Basis.MEASURED, c.nmt()
                    ? "NMT's own tables, measured" : String.format(Locale.ROOT, "0: NMT is off (%s measured with it "
                    + "on)", mib(tracking))));
        }
        long files = f.resident().fileBytes();
        if (files >= 0) {
            t.add(new Term("files", files, Term.Basis.MEASURED, "resident pages of files at the resident peak: the "
                    + "JDK's libraries and jars, the CDS archive, files the program mapped"));
        }
        return t;
    }

    /** A part's committed bytes at the peak (its malloc share with {@code malloc}); -1 when not measured. */
    private static long part(Footprint f, MemoryPart p, boolean malloc) {
        return f.part(p).map(x -> malloc ? x.mallocBytes() : x.atPeakBytes()).filter(v -> v >= 0).orElse(-1L);
    }

    /** The heap's resident pages at the target's maximum heap, from the runs. */
    static Term heap(List<MeasuredRun> all, MemoryConfig c) {
        List<MeasuredRun> same = all.stream().filter(r -> r.config().collector() == c.collector()
                && r.config().jdk() == c.jdk()).toList();
        List<MeasuredRun> runs = new ArrayList<>(same.isEmpty() ? all : same);
        runs.sort(Comparator.comparingLong(r -> r.config().maxHeapBytes()));
        long h = c.maxHeapBytes();
        Term t = null;
        for (MeasuredRun r : runs) {
            if (Math.abs(r.config().maxHeapBytes() - h) * 100 <= h) {
                t = new Term("", r.heapResident(), Term.Basis.MEASURED, String.format(Locale.ROOT,
                        "%s resident at the peak of %s, whose maximum heap was the same (%s)", mib(r.heapResident()),
                        r.name(), mib(r.config().maxHeapBytes())));
                break;
            }
        }
        MeasuredRun lo = null;
        MeasuredRun hi = null;
        for (MeasuredRun r : runs) {
            if (r.config().maxHeapBytes() < h) {
                lo = r;
            } else if (hi == null && r.config().maxHeapBytes() > h) {
                hi = r;
            }
        }
        if (t == null && lo != null && hi != null) {
            // collectors size their generations as shares of the heap they are given, and a program's use levels off:
            // the heap's use grows with the logarithm of its maximum more nearly than with the maximum itself
            double x = Math.log((double) h / lo.config().maxHeapBytes())
                    / Math.log((double) hi.config().maxHeapBytes() / lo.config().maxHeapBytes());
            long v = Math.round(lo.heapResident() + x * (hi.heapResident() - lo.heapResident()));
            t = new Term("", v, Term.Basis.MEASURED, String.format(Locale.ROOT, "%s: between %s at %s (%s) and %s at "
                    + "%s (%s), %.0f%% of the way in the logarithm of the maximum heap", mib(v), mib(lo.heapResident()),
                    mib(lo.config().maxHeapBytes()), lo.name(), mib(hi.heapResident()), mib(hi.config().maxHeapBytes()),
                    hi.name(), 100 * x));
        } else if (t == null && lo != null) {
            t = lo.heapFilled() ? new Term("", Math.round(lo.heapResident() * (double) h / lo.config().maxHeapBytes()),
                    Term.Basis.ASSUMED, String.format(Locale.ROOT, "%s x %s / %s: the heap was the limit in %s (%s in "
                            + "use at a collection, %d%% or more of its maximum), assumed to fill a larger one in "
                            + "proportion (a run with a larger heap would measure it)", mib(lo.heapResident()), mib(h),
                    mib(lo.config().maxHeapBytes()), lo.name(), mib(lo.usedBytes()), MeasuredRun.FILLED_PCT))
                    : new Term("", lo.heapResident(), Term.Basis.MEASURED, String.format(Locale.ROOT,
                    "%s as in %s: its heap was not the limit (at most %s of %s in use at a collection), so a larger "
                            + "maximum leaves its use as it is", mib(lo.heapResident()), lo.name(), mib(lo.usedBytes()),
                    mib(lo.config().maxHeapBytes())));
        } else if (t == null) {
            t = hi.heapFilled() || hi.heapResident() > h
                    ? new Term("", Math.round(hi.heapResident() * (double) h / hi.config().maxHeapBytes()),
                    Term.Basis.ASSUMED, String.format(Locale.ROOT, "%s x %s / %s: a smaller heap than %s's, assumed "
                            + "filled in the same proportion", mib(hi.heapResident()), mib(h),
                    mib(hi.config().maxHeapBytes()), hi.name()))
                    : new Term("", hi.heapResident(), Term.Basis.MEASURED, String.format(Locale.ROOT,
                    "%s as in %s, whose use (at most %s at a collection) fits the smaller maximum", mib(hi.heapResident()),
                    hi.name(), mib(hi.usedBytes())));
        }
        if (c.preTouch() && t.bytes() < c.initialHeapBytes()) {
            t = new Term("", c.initialHeapBytes(), Term.Basis.JDK_DEFAULT, String.format(Locale.ROOT, "%s: "
                    + "-XX:+AlwaysPreTouch touches the whole initial heap at start (without it: %s)",
                    mib(c.initialHeapBytes()), t.arithmetic()));
        }
        return t;
    }

    private static List<String> warnings(MeasuredRun b, MemoryConfig c, List<MeasuredRun> runs) {
        List<String> w = new ArrayList<>();
        Footprint f = b.footprint();
        long live = runs.stream().mapToLong(MeasuredRun::liveBytes).max().orElse(-1);
        if (live > c.maxHeapBytes()) {
            w.add(String.format(Locale.ROOT, "the heap (%s) is below the live set measured (%s): "
                    + "OutOfMemoryError: Java heap space", mib(c.maxHeapBytes()), mib(live)));
        }
        f.part(MemoryPart.CODE_CACHE).filter(p -> p.peakBytes() > c.codeCacheBytes()).ifPresent(p -> w.add(String.format(
                Locale.ROOT, "the code cache (%s) is below its measured peak (%s): it fills and compilation stops",
                mib(c.codeCacheBytes()), mib(p.peakBytes()))));
        f.part(MemoryPart.DIRECT).filter(p -> p.peakBytes() > c.maxDirectBytes()).ifPresent(p -> w.add(String.format(
                Locale.ROOT, "direct memory is capped at %s, below its measured peak (%s): OutOfMemoryError: Direct "
                        + "buffer memory", mib(c.maxDirectBytes()), mib(p.peakBytes()))));
        long meta = f.part(MemoryPart.METASPACE).map(Footprint.Part::peakBytes).orElse(0L)
                + f.part(MemoryPart.CLASS_SPACE).map(Footprint.Part::peakBytes).orElse(0L);
        if (c.maxMetaspaceBytes() > 0 && meta > c.maxMetaspaceBytes()) {
            w.add(String.format(Locale.ROOT, "MaxMetaspaceSize %s is below the measured peak (%s): OutOfMemoryError: "
                    + "Metaspace", mib(c.maxMetaspaceBytes()), mib(meta)));
        }
        return w;
    }

    /** The GC's structures that grow with the heap, per byte of heap, by collector and JDK. */
    record GcShare(double fraction, String text, String why) {
        static GcShare of(MemoryConfig c) {
            return switch (c.collector()) {
                case G1 -> c.jdk() >= 20
                        ? new GcShare(2 / 512.0 + 1 / 64.0, "(2/512 + 1/64)", "G1's card table and block offset "
                        + "table (a byte per 512 B of heap each) and its marking bitmap (a bit per 8 B; one since JDK 20)")
                        : new GcShare(2 / 512.0 + 2 / 64.0, "(2/512 + 2/64)", "G1's card table and block offset "
                        + "table (a byte per 512 B each) and its two marking bitmaps (a bit per 8 B each, JDK 19 and "
                        + "earlier)");
                case PARALLEL, SERIAL, CMS -> new GcShare(2 / 512.0, "2/512", "the card table and the object start "
                        + "array, a byte per 512 B of heap each");
                case SHENANDOAH -> new GcShare(1 / 64.0, "1/64", "Shenandoah's marking bitmap, a bit per 8 B of heap");
                case ZGC -> new GcShare(1 / 32.0, "1/32", "ZGC's live maps, two bits per 8 B granule of the pages "
                        + "being marked (assumed all of them)");
                default -> new GcShare(0, "0", "no structure known to grow with the heap");
            };
        }
    }

    static String mib(long bytes) {
        return MemoryConfig.mib(bytes);
    }

    static String kib(long bytes) {
        return String.format(Locale.ROOT, "%.0f KiB", bytes / 1024.0);
    }
}
