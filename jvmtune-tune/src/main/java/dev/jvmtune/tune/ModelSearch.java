package dev.jvmtune.tune;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.FlagSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * A model-based search over the declared space, for when the evidence has no candidate left: a Tree-structured
 * Parzen Estimator (TPE, Bergstra et al. 2011) fitted to every configuration measured so far in the session, each by
 * its goal metric relative to the start (measured against the best beside it, then chained: drift between the
 * comparisons stays out). The measured configurations are split into the best quarter and the rest; per dimension
 * a density of each (smoothed counts for a choice, Gaussian kernels on the log of the heap, each with a uniform
 * prior); of {@link #SAMPLES} draws from the good density the one with the highest ratio of good to rest is proposed.
 * The space is the one {@code bench/realapps} searches with Optuna's TPE: the heap from the start's to {@link
 * #HEAP_SPAN} times it (at most half the machine), -Xms = -Xmx or not, the collector (G1, Parallel, Serial),
 * NewRatio 1-8 under Parallel and Serial, C1 only. Pinned settings keep the best's value. Deterministic for a seed.
 */
final class ModelSearch {

    /** One measured configuration: its flags and its goal metric over the start's, lower better. */
    record Observation(FlagSet flags, double relative) {
    }

    static final double GAMMA = 0.25;
    static final int SAMPLES = 32;
    static final double HEAP_SPAN = 8;
    private static final Collector[] COLLECTORS = {Collector.G1, Collector.PARALLEL, Collector.SERIAL};
    private static final int[] NEW_RATIOS = {1, 2, 4, 8};
    private static final long MIB = 1 << 20;

    private final double lowMb;
    private final double highMb;
    private final Set<String> pinned;

    /**
     * @param startHeapBytes the start's heap (its -Xmx, else the largest the baseline had); 0 or less: no heap
     *                       dimension
     */
    ModelSearch(long startHeapBytes, long machineBytes, List<String> pinned) {
        double low = startHeapBytes / (double) MIB;
        double high = Math.max(low, Math.min(HEAP_SPAN * low, machineBytes > 0 ? machineBytes / 2.0 / MIB
                : HEAP_SPAN * low));
        this.lowMb = low;
        this.highMb = high;
        this.pinned = Set.copyOf(pinned);
    }

    /** A point of the space: heap MiB (NaN: none), -Xms = -Xmx, collector index, NewRatio index, C1 only. */
    private record Point(double heapMb, boolean fixed, int gc, int ratio, boolean c1) {
    }

    /**
     * The next configuration to try from {@code best}: the draw with the highest good/rest density ratio among those
     * {@code open} accepts (not tried yet, room for the collector); empty where none of the draws is open.
     */
    java.util.Optional<Candidate> propose(FlagSet best, List<Observation> measured, long seed,
                                          Predicate<FlagSet> open) {
        List<Observation> sorted = new ArrayList<>(measured.stream().filter(o -> !Double.isNaN(o.relative())).toList());
        sorted.sort(Comparator.comparingDouble(Observation::relative));
        int nGood = Math.max(1, (int) Math.floor(GAMMA * sorted.size()));
        List<Point> good = sorted.subList(0, Math.min(nGood, sorted.size())).stream().map(o -> point(o.flags())).toList();
        List<Point> rest = sorted.subList(Math.min(nGood, sorted.size()), sorted.size()).stream()
                .map(o -> point(o.flags())).toList();
        SplittableRandom random = new SplittableRandom(seed);
        Point chosen = null;
        FlagSet chosenFlags = null;
        double score = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < SAMPLES; i++) {
            Point p = draw(good, random, best);
            FlagSet f = best.with(change(best, p));
            if (f.equals(best) || !open.test(f)) {
                continue;
            }
            double s = logDensity(p, good) - logDensity(p, rest);
            if (s > score) {
                score = s;
                chosen = p;
                chosenFlags = f;
            }
        }
        if (chosen == null) {
            return java.util.Optional.empty();
        }
        List<String> change = change(best, chosen);
        return java.util.Optional.of(new Candidate("model:tpe", "the model's next point: " + String.join(" ", change),
                change, List.of(String.format(Locale.ROOT, "TPE over %d measured configurations, the best %d of them "
                        + "(at most %.3gx the start) against the rest: of %d draws from the good ones' density, the "
                        + "one most likely among them than among the rest (log ratio %.2f)", sorted.size(), nGood,
                        sorted.isEmpty() ? Double.NaN : sorted.get(Math.min(nGood, sorted.size()) - 1).relative(),
                        SAMPLES, score), "the search space: heap " + (Double.isNaN(lowMb) || lowMb <= 0 ? "as it is"
                        : String.format(Locale.ROOT, "%.0f-%.0f MiB", lowMb, highMb)) + ", -Xms = -Xmx or not, G1, "
                        + "Parallel or Serial, NewRatio 1-8, C1 only or all tiers")));
    }

    private boolean free(String key) {
        return !pinned.contains(key);
    }

    private boolean heapDimension() {
        return lowMb > 0 && highMb > lowMb && free("-Xmx");
    }

    private Point point(FlagSet f) {
        long xmx = FlagSet.bytes(f.value("-Xmx").orElse("-1"));
        int gc = 0;
        for (int i = 0; i < COLLECTORS.length; i++) {
            gc = COLLECTORS[i] == f.collector() ? i : gc;
        }
        int ratio = 1;
        int r = Integer.parseInt(f.value("-XX:NewRatio").orElse("2"));
        for (int i = 0; i < NEW_RATIOS.length; i++) {
            ratio = NEW_RATIOS[i] == r ? i : ratio;
        }
        return new Point(xmx > 0 ? xmx / (double) MIB : Double.NaN,
                f.value("-Xms").isPresent() && f.value("-Xms").equals(f.value("-Xmx")), gc, ratio,
                f.value("-XX:TieredStopAtLevel").orElse("4").equals("1"));
    }

    /** A draw from the good points' density: each dimension from one of them or from the prior, uniformly. */
    private Point draw(List<Point> good, SplittableRandom random, FlagSet best) {
        Point base = point(best);
        double heap = base.heapMb();
        if (heapDimension()) {
            Point from = pick(good, random);
            double centre = from == null || Double.isNaN(from.heapMb()) ? Double.NaN : Math.log(from.heapMb());
            double lo = Math.log(lowMb);
            double hi = Math.log(highMb);
            double x = Double.isNaN(centre) ? lo + random.nextDouble() * (hi - lo)
                    : centre + bandwidth(good.size()) * (hi - lo) * gaussian(random);
            heap = Math.rint(Math.exp(Math.max(lo, Math.min(hi, x))));
        }
        Point a = pick(good, random);
        Point b = pick(good, random);
        Point c = pick(good, random);
        Point d = pick(good, random);
        return new Point(heap,
                free("-Xms") ? a == null ? random.nextBoolean() : a.fixed() : base.fixed(),
                free("collector") ? b == null ? random.nextInt(COLLECTORS.length) : b.gc() : base.gc(),
                free("-XX:NewRatio") ? c == null ? random.nextInt(NEW_RATIOS.length) : c.ratio() : base.ratio(),
                free("-XX:TieredStopAtLevel") ? d == null ? random.nextBoolean() : d.c1() : base.c1());
    }

    /** One of the good points, or null for the prior (one share among the points'). */
    private static Point pick(List<Point> good, SplittableRandom random) {
        int i = random.nextInt(good.size() + 1);
        return i == good.size() ? null : good.get(i);
    }

    private static double bandwidth(int n) {
        return 0.5 / Math.sqrt(Math.max(1, n));
    }

    private static double gaussian(SplittableRandom random) {
        double u = Math.max(1e-12, random.nextDouble());
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** log of the density of {@code p} among {@code points}, each dimension smoothed with its prior. */
    private double logDensity(Point p, List<Point> points) {
        int n = points.size();
        double log = 0;
        if (heapDimension() && !Double.isNaN(p.heapMb())) {
            double lo = Math.log(lowMb);
            double width = Math.log(highMb) - lo;
            double sigma = bandwidth(n) * width;
            double sum = 1 / width; // the uniform prior
            for (Point q : points) {
                if (!Double.isNaN(q.heapMb())) {
                    double z = (Math.log(p.heapMb()) - Math.log(q.heapMb())) / sigma;
                    sum += Math.exp(-z * z / 2) / (sigma * Math.sqrt(2 * Math.PI));
                }
            }
            log += Math.log(sum / (n + 1));
        }
        log += Math.log((1 + points.stream().filter(q -> q.fixed() == p.fixed()).count()) / (2.0 + n));
        log += Math.log((1 + points.stream().filter(q -> q.gc() == p.gc()).count()) / (double) (COLLECTORS.length + n));
        if (p.gc() != 0) { // NewRatio applies to the generational stop-the-world collectors
            List<Point> stw = points.stream().filter(q -> q.gc() != 0).toList();
            log += Math.log((1 + stw.stream().filter(q -> q.ratio() == p.ratio()).count())
                    / (double) (NEW_RATIOS.length + stw.size()));
        }
        log += Math.log((1 + points.stream().filter(q -> q.c1() == p.c1()).count()) / (2.0 + n));
        return log;
    }

    /** The options that turn {@code best} into {@code p}: only the settings that differ, each where it is free. */
    private List<String> change(FlagSet best, Point p) {
        List<String> out = new ArrayList<>();
        Point now = point(best);
        long heap = Double.isNaN(p.heapMb()) ? -1 : (long) p.heapMb();
        if (heapDimension() && heap > 0 && !(p.heapMb() == now.heapMb())) {
            out.add("-Xmx" + heap + "m");
        }
        long xmx = heap > 0 ? heap * MIB : FlagSet.bytes(best.value("-Xmx").orElse("-1"));
        long xms = FlagSet.bytes(best.value("-Xms").orElse("-1"));
        if (free("-Xms") && xmx > 0) {
            if (p.fixed() && xms != xmx) {
                out.add("-Xms" + FlagSet.size(xmx));
            } else if (!p.fixed() && xms > xmx) {
                out.add("-Xms" + FlagSet.size(xmx)); // never above the maximum
            }
        }
        if (free("collector") && p.gc() != now.gc()) {
            out.add("-XX:+" + COLLECTORS[p.gc()].flag());
        }
        if (free("-XX:NewRatio") && p.gc() != 0 && p.ratio() != now.ratio()) {
            out.add("-XX:NewRatio=" + NEW_RATIOS[p.ratio()]);
        }
        if (free("-XX:TieredStopAtLevel") && p.c1() != now.c1()) {
            out.add(p.c1() ? CpuCandidates.C1_ONLY : "-XX:TieredStopAtLevel=4");
        }
        return out;
    }
}
