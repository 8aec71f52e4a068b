package dev.jvmtune.host.memory;

import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The resident set of a JVM as a function of its configuration, fitted to one or a few measured runs of the same
 * program: a sum of terms, each with its arithmetic and its basis (docs/memory.md).
 *
 * <p>The runs of the configuration's collector and JDK are the fit (all runs where none is). What the configuration
 * does not change is carried over as measured, each part the median over the fit runs at their own resident peaks:
 * class metadata, code, the compiler, symbols, files, direct buffers and other native memory, and the rest the parts
 * do not account for (each run's resident peak less its terms). A peak is one moment, and what was running then
 * comes with it (a compilation holds the compiler's arenas for a second or two): the median takes the program's
 * usual memory, not one moment's. What the configuration changes is computed: the heap's resident pages (the median
 * of the runs at the same heap; between two heaps, in the logarithm of the maximum heap; past them as the GC log
 * says the heap was or was not the limit), the GC's structures that grow with the heap (per collector and JDK), the
 * thread stacks (per thread as measured, times the threads), ZGC's extra views, caps that bind (code cache, direct
 * memory), and Native Memory Tracking's own memory. With one run and its own configuration the terms add up to its
 * measured peak exactly. Medians of an even count are the mean of the middle two, as the accuracy bench takes its
 * measured runs.
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
     * @param threads the threads the program will run; -1: as in the runs
     */
    public static Prediction predict(List<MeasuredRun> runs, MemoryConfig target, int threads) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no measured run to fit the model to");
        }
        List<MeasuredRun> fit = sameSetting(runs, target);
        MeasuredRun base = nearest(fit, target);
        List<Term> terms = medians(fit, target, heap(fit, target), threads);
        List<String> warnings = warnings(base, target, runs);
        if (base.config().collector() != target.collector()) {
            warnings.add(0, "measured under " + base.config().collector().label() + ", predicted for "
                    + target.collector().label() + ": the heap's use and the parts are assumed the same");
        }
        return new Prediction(target, base, terms, terms.stream().mapToLong(Term::bytes).sum(), warnings);
    }

    /** The runs of the configuration's collector and JDK; all of them where none is. */
    static List<MeasuredRun> sameSetting(List<MeasuredRun> runs, MemoryConfig c) {
        List<MeasuredRun> same = runs.stream().filter(r -> r.config().collector() == c.collector()
                && r.config().jdk() == c.jdk()).toList();
        return same.isEmpty() ? runs : same;
    }

    /**
     * The run named as the base: of the runs whose maximum heap is nearest the configuration's (by ratio), the one
     * with the median resident peak (the lower of two).
     */
    static MeasuredRun nearest(List<MeasuredRun> runs, MemoryConfig target) {
        double d = runs.stream().mapToDouble(r -> distance(r, target)).min().orElseThrow();
        List<MeasuredRun> near = new ArrayList<>(runs.stream().filter(r -> distance(r, target) == d).toList());
        near.sort(Comparator.comparingLong(r -> r.footprint().resident().peakBytes()));
        return near.get((near.size() - 1) / 2);
    }

    private static double distance(MeasuredRun r, MemoryConfig c) {
        return Math.abs(Math.log((double) r.config().maxHeapBytes() / c.maxHeapBytes()));
    }

    /**
     * Each run's terms for the configuration (the heap's the same in all) and its rest, then term by term the median
     * over the runs; one run's terms as they are.
     */
    private static List<Term> medians(List<MeasuredRun> runs, MemoryConfig c, Term heap, int threads) {
        Map<String, List<Term>> byName = new LinkedHashMap<>();
        for (MeasuredRun r : runs) {
            List<Term> own = new ArrayList<>(terms(r, c, heap, threads));
            own.add(rest(r));
            own.forEach(t -> byName.computeIfAbsent(t.name(), k -> new ArrayList<>()).add(t));
        }
        List<Term> out = new ArrayList<>();
        for (List<Term> same : byName.values()) {
            Term first = same.get(0);
            if (same.size() == 1 || same.stream().allMatch(t -> t.bytes() == first.bytes())) {
                out.add(first);
                continue;
            }
            List<Long> values = same.stream().map(Term::bytes).sorted().toList();
            Term middle = same.stream().filter(t -> t.bytes() == values.get((values.size() - 1) / 2)).findFirst()
                    .orElseThrow();
            out.add(new Term(first.name(), median(values), first.basis(), String.format(Locale.ROOT,
                    "median of %d runs' %s; the run at the middle: %s", values.size(),
                    String.join(", ", values.stream().map(RssModel::mib).toList()), middle.arithmetic())));
        }
        return out;
    }

    /** The median; of an even count, the mean of the middle two. */
    static long median(List<Long> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** What a run's parts do not account for: its resident peak less its own terms. */
    private static Term rest(MeasuredRun run) {
        long modelled = terms(run, run.config(), new Term("", run.heapResident(), Term.Basis.MEASURED, ""), -1)
                .stream().mapToLong(Term::bytes).sum();
        long peak = run.footprint().resident().peakBytes();
        return new Term("rest", peak - modelled, Term.Basis.MEASURED, String.format(Locale.ROOT,
                "%s resident peak of %s less its parts above (%s): malloc arenas' slack, libraries' own memory, "
                        + "what NMT does not track, and committed memory not resident (negative)",
                mib(peak), run.name(), mib(modelled)));
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

    /**
     * The runs at one maximum heap, as one: the median of their heaps' resident pages (of those smaps measured, where
     * any did) and of the most each held at a collection. Its name gives the repeats' range: a heap that moves between
     * runs of one configuration (a fixed-time program doing what the machine's load lets it, a young generation sized
     * from measured pauses) moves a prediction as much.
     */
    record HeapPoint(long maxHeapBytes, long residentBytes, long usedBytes, String name) {
        /** The heap was the limit: at a collection it held at least this share of its maximum. */
        static final int FILLED_PCT = 80;

        static HeapPoint of(List<MeasuredRun> repeats) {
            List<MeasuredRun> measured = repeats.stream().filter(MeasuredRun::heapFromSmaps).toList();
            List<MeasuredRun> rs = measured.isEmpty() ? repeats : measured;
            long used = repeats.stream().anyMatch(r -> r.usedBytes() < 0) ? -1
                    : median(repeats.stream().map(MeasuredRun::usedBytes).sorted().toList());
            return new HeapPoint(repeats.get(0).config().maxHeapBytes(),
                    median(rs.stream().map(MeasuredRun::heapResident).sorted().toList()), used,
                    rs.size() == 1 ? rs.get(0).name() : "the median of " + String.join(", ",
                            rs.stream().map(MeasuredRun::name).toList()) + " (their heaps " + mib(rs.stream()
                            .mapToLong(MeasuredRun::heapResident).min().orElseThrow()) + " to " + mib(rs.stream()
                            .mapToLong(MeasuredRun::heapResident).max().orElseThrow()) + ")");
        }

        boolean filled() {
            return usedBytes >= 0 && usedBytes * 100 >= FILLED_PCT * maxHeapBytes;
        }
    }

    /** The heap's resident pages at the target's maximum heap, from the runs (of its collector and JDK). */
    static Term heap(List<MeasuredRun> runs, MemoryConfig c) {
        Map<Long, List<MeasuredRun>> byHeap = new TreeMap<>();
        runs.forEach(r -> byHeap.computeIfAbsent(r.config().maxHeapBytes(), k -> new ArrayList<>()).add(r));
        List<HeapPoint> points = byHeap.values().stream().map(HeapPoint::of).toList();
        long h = c.maxHeapBytes();
        Term t = null;
        for (HeapPoint r : points) {
            if (Math.abs(r.maxHeapBytes() - h) * 100 <= h) {
                t = new Term("", r.residentBytes(), Term.Basis.MEASURED, String.format(Locale.ROOT,
                        "%s resident at the peak of %s, whose maximum heap was the same (%s)", mib(r.residentBytes()),
                        r.name(), mib(r.maxHeapBytes())));
                break;
            }
        }
        HeapPoint lo = null;
        HeapPoint hi = null;
        for (HeapPoint r : points) {
            if (r.maxHeapBytes() < h) {
                lo = r;
            } else if (hi == null && r.maxHeapBytes() > h) {
                hi = r;
            }
        }
        if (t == null && lo != null && hi != null) {
            // collectors size their generations as shares of the heap they are given, and a program's use levels off:
            // the heap's use grows with the logarithm of its maximum more nearly than with the maximum itself
            double x = Math.log((double) h / lo.maxHeapBytes())
                    / Math.log((double) hi.maxHeapBytes() / lo.maxHeapBytes());
            long v = Math.round(lo.residentBytes() + x * (hi.residentBytes() - lo.residentBytes()));
            t = new Term("", v, Term.Basis.MEASURED, String.format(Locale.ROOT, "%s: between %s at %s (%s) and %s at "
                    + "%s (%s), %.0f%% of the way in the logarithm of the maximum heap", mib(v), mib(lo.residentBytes()),
                    mib(lo.maxHeapBytes()), lo.name(), mib(hi.residentBytes()), mib(hi.maxHeapBytes()),
                    hi.name(), 100 * x));
        } else if (t == null && lo != null) {
            t = lo.filled() ? new Term("", Math.round(lo.residentBytes() * (double) h / lo.maxHeapBytes()),
                    Term.Basis.ASSUMED, String.format(Locale.ROOT, "%s x %s / %s: the heap was the limit in %s (%s in "
                            + "use at a collection, %d%% or more of its maximum), assumed to fill a larger one in "
                            + "proportion (a run with a larger heap would measure it)", mib(lo.residentBytes()), mib(h),
                    mib(lo.maxHeapBytes()), lo.name(), mib(lo.usedBytes()), HeapPoint.FILLED_PCT))
                    : new Term("", lo.residentBytes(), Term.Basis.MEASURED, String.format(Locale.ROOT,
                    "%s as in %s: its heap was not the limit (at most %s of %s in use at a collection), so a larger "
                            + "maximum leaves its use as it is", mib(lo.residentBytes()), lo.name(), mib(lo.usedBytes()),
                    mib(lo.maxHeapBytes())));
        } else if (t == null) {
            t = hi.filled() || hi.residentBytes() > h
                    ? new Term("", Math.round(hi.residentBytes() * (double) h / hi.maxHeapBytes()),
                    Term.Basis.ASSUMED, String.format(Locale.ROOT, "%s x %s / %s: a smaller heap than %s's, assumed "
                            + "filled in the same proportion", mib(hi.residentBytes()), mib(h),
                    mib(hi.maxHeapBytes()), hi.name()))
                    : new Term("", hi.residentBytes(), Term.Basis.MEASURED, String.format(Locale.ROOT,
                    "%s as in %s, whose use (at most %s at a collection) fits the smaller maximum", mib(hi.residentBytes()),
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
