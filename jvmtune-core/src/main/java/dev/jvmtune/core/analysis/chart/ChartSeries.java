package dev.jvmtune.core.analysis.chart;

import dev.jvmtune.core.analysis.Aggregation;
import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.InputFile;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.model.PoolRole;
import dev.jvmtune.core.model.SafepointEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The series one run's charts need, gathered while the events stream, in memory bounded by the number of series
 * (never by the length of the log), and reduced at the end to what the page draws ({@link RunSeries}): pauses per
 * kind (each point with its GC id, cause, heap and log line), their distribution, heap and pools, allocation and
 * promotion, phases, concurrent work, safepoints and code heaps.
 */
public final class ChartSeries implements Aggregation {

    /** Buckets per time series: up to twice as many points per line of a chart. */
    static final int BUCKETS = 4096;
    /** Coarser buckets for sums, later regrouped into a few hundred bins. */
    static final int SUM_BUCKETS = 2048;
    /** Named lines per chart beyond which names go to "other": a chart with 40 lines says nothing. */
    static final int MAX_NAMES = 10;
    static final String OTHER = "other";
    /** Distinct causes and files named in tooltips; later ones are "other". */
    static final int MAX_LABELS = 256;
    /** Bins of the allocation/promotion chart and of the phase chart, at most. */
    static final int RATE_BINS = 200;
    static final int PHASE_BINS = 60;
    /** Collections per bin at least: a rate over a bin with one collection in it is a spike, not a rate. */
    private static final int EVENTS_PER_BIN = 5;
    /** Histogram bins per decade of pause time. */
    private static final int BINS_PER_DECADE = 5;
    private static final int MAX_PHASE_PATHS = 10_000;
    private static final SumSeries SUB_PHASE = new SumSeries(1);
    private static final double MIB = 1024.0 * 1024.0;

    /** What a pause point of the chart was, for its tooltip. */
    private record Pause(long gcId, int cause, long heapBefore, long heapAfter, int file, long line) {
    }

    private final Map<GcKind, MinMaxSeries<Pause>> pausesByKind = new EnumMap<>(GcKind.class);
    /** Pause times in µs, for the histogram and the percentile curve. */
    private final Histogram histogram = new Histogram(3);
    private final MinMaxSeries<Void> heapBefore = new MinMaxSeries<>(BUCKETS);
    private final MinMaxSeries<Void> heapAfter = new MinMaxSeries<>(BUCKETS);
    private final MinMaxSeries<Void> heapCapacity = new MinMaxSeries<>(BUCKETS);
    /** Occupancy after collections per pool or region type, Eden before them ("Eden before GC"), MiB. */
    private final Map<String, MinMaxSeries<Void>> pools = new LinkedHashMap<>();
    private final SumSeries allocated = new SumSeries(SUM_BUCKETS);
    private final SumSeries promoted = new SumSeries(SUM_BUCKETS);
    /** Top-level phase ms; {@link #phasedPauses} counts the pauses that logged phases (for the bin width). */
    private final Map<String, SumSeries> phases = new LinkedHashMap<>();
    /** Series by phase path, {@link #SUB_PHASE} for nested ones: a debug log has 60 phases per pause. */
    private final Map<String, SumSeries> phaseSeries = new HashMap<>();
    private final SumSeries phasedPauses = new SumSeries(SUM_BUCKETS);
    /** Concurrent phase and whole-cycle durations, ms, by name. */
    private final Map<String, MinMaxSeries<Void>> concurrent = new LinkedHashMap<>();
    private final MinMaxSeries<Void> safepointTotal = new MinMaxSeries<>(BUCKETS);
    private final MinMaxSeries<Void> timeToSafepoint = new MinMaxSeries<>(BUCKETS);
    /** Used MiB per code heap, and the largest reservation seen. */
    private final Map<String, MinMaxSeries<Void>> codeHeapUsed = new LinkedHashMap<>();
    private final Map<String, Long> codeHeapReserved = new LinkedHashMap<>();
    private final List<String> files = new ArrayList<>();
    private final Map<String, Integer> causes = new LinkedHashMap<>();
    private double firstSec = Double.NaN;
    private double lastSec = Double.NaN;
    private double wallOffsetSec = Double.NaN;
    private long prevHeapAfter = -1;

    @Override
    public void accept(JvmEvent e) {
        if (e instanceof GcEvent g) {
            event(g);
        } else if (e instanceof SafepointEvent s) {
            seen(s.uptimeSec());
            safepointTotal.add(s.uptimeSec(), s.totalMs());
            timeToSafepoint.add(s.uptimeSec(), s.timeToSafepointMs());
        } else if (e instanceof CodeCacheSample s) {
            seen(s.uptimeSec());
            named(codeHeapUsed, s.codeHeap()).add(s.uptimeSec(), s.usedBytes() / MIB);
            codeHeapReserved.merge(s.codeHeap(), s.reservedBytes(), Math::max);
        } else if (e instanceof InputFile f && files.size() < MAX_LABELS) {
            files.add(f.path());
        }
    }

    private void event(GcEvent e) {
        double t = e.uptimeSec();
        seen(t);
        if (Double.isNaN(wallOffsetSec) && e.wallTime() != null && !Double.isNaN(t)) {
            wallOffsetSec = e.wallTime().toEpochMilli() / 1000.0 - t;
        }
        if (e.isPause()) {
            pausesByKind.computeIfAbsent(e.kind(), k -> new MinMaxSeries<>(BUCKETS)).add(t, e.pauseMs(), () -> pause(e));
            if (e.pauseMs() >= 0) {
                histogram.recordValue(Math.max(1, Math.round(e.pauseMs() * 1000.0)));
            }
            phases(e, t);
            if (e.kind() == GcKind.YOUNG || e.kind() == GcKind.CONCURRENT_START) {
                promotion(e, t);
            }
        } else if (e.kind() == GcKind.CONCURRENT || e.kind() == GcKind.CYCLE) {
            String name = e.kind() == GcKind.CYCLE ? "whole cycle" : e.name();
            named(concurrent, name).add(t, e.durationMs());
        }
        heap(e, t);
    }

    private Pause pause(GcEvent e) {
        MemoryUsage h = e.heap();
        Integer cause = causes.get(e.cause());
        if (cause == null) {
            cause = causes.computeIfAbsent(causes.size() < MAX_LABELS - 1 ? e.cause() : OTHER, k -> causes.size());
        }
        return new Pause(e.gcId(), cause, h == null ? -1 : h.beforeBytes(), h == null ? -1 : h.afterBytes(),
                files.size() - 1, e.line());
    }

    private void seen(double t) {
        if (!Double.isNaN(t)) {
            firstSec = Double.isNaN(firstSec) ? t : Math.min(firstSec, t);
            lastSec = Double.isNaN(lastSec) ? t : Math.max(lastSec, t);
        }
    }

    private void heap(GcEvent e, double t) {
        MemoryUsage h = e.heap();
        if (h != null) {
            if (h.beforeBytes() >= 0) {
                heapBefore.add(t, h.beforeBytes() / MIB);
            }
            if (h.afterBytes() >= 0) {
                heapAfter.add(t, h.afterBytes() / MIB);
            }
            if (h.capacityBytes() >= 0) {
                heapCapacity.add(t, h.capacityBytes() / MIB);
            }
            // allocation between collections, as the analysis counts it
            if (h.beforeBytes() >= 0 && h.afterBytes() >= 0) {
                if (prevHeapAfter >= 0) {
                    allocated.add(t, Math.max(0, h.beforeBytes() - prevHeapAfter));
                }
                prevHeapAfter = h.afterBytes();
            }
        }
        for (MemoryUsage p : e.pools()) {
            boolean eden = p.role() == PoolRole.EDEN; // empty after every collection: how full it got tells
            long bytes = eden ? p.beforeBytes() : p.afterBytes();
            if (bytes >= 0) {
                named(pools, eden ? p.name() + " before GC" : p.name()).add(t, bytes / MIB);
            }
        }
    }

    private void promotion(GcEvent e, double t) {
        for (MemoryUsage p : e.pools()) {
            if (p.role() == PoolRole.OLD && p.beforeBytes() >= 0 && p.afterBytes() >= 0) {
                promoted.add(t, Math.max(0, p.afterBytes() - p.beforeBytes()));
                return;
            }
        }
    }

    private void phases(GcEvent e, double t) {
        boolean any = false;
        for (Phase p : e.phases()) {
            SumSeries s = phaseSeries.get(p.path());
            if (s == null) {
                if (phaseSeries.size() > MAX_PHASE_PATHS) {
                    phaseSeries.clear(); // ever-new names (a damaged log): look them up again rather than grow
                }
                s = p.path().indexOf('/') < 0 ? sums(phases, p.path()) : SUB_PHASE;
                phaseSeries.put(p.path(), s);
            }
            if (s != SUB_PHASE && !Double.isNaN(p.ms())) {
                any = true;
                s.add(t, p.ms());
            }
        }
        if (any) {
            phasedPauses.add(t, 1);
        }
    }

    /** The series of {@code name}, or of {@link #OTHER} once {@link #MAX_NAMES} names are taken. */
    private static MinMaxSeries<Void> named(Map<String, MinMaxSeries<Void>> map, String name) {
        MinMaxSeries<Void> s = map.get(name);
        if (s == null) {
            s = map.computeIfAbsent(map.size() < MAX_NAMES ? name : OTHER, k -> new MinMaxSeries<>(BUCKETS));
        }
        return s;
    }

    private static SumSeries sums(Map<String, SumSeries> map, String name) {
        SumSeries s = map.get(name);
        if (s == null) {
            s = map.computeIfAbsent(map.size() < MAX_NAMES ? name : OTHER, k -> new SumSeries(SUM_BUCKETS));
        }
        return s;
    }

    /** The series reduced to what the page draws, with the goal and warm-up of {@code a}. */
    public RunSeries build(Analysis a) {
        Map<String, double[][]> pauses = new LinkedHashMap<>();
        pausesByKind.forEach((kind, s) -> pauses.put(label(kind), pauseRows(s)));
        Map<String, RunSeries.CodeHeap> heaps = new LinkedHashMap<>();
        codeHeapUsed.forEach((name, s) -> heaps.put(name, new RunSeries.CodeHeap(s.points(3, 2),
                round(codeHeapReserved.getOrDefault(name, -1L) / MIB, 2))));
        return new RunSeries(round(firstSec, 3), round(lastSec, 3), round(wallOffsetSec, 3),
                a.pauseGoal() == null ? Double.NaN : a.pauseGoal().goalMs(), a.steadyState().warmupEndSec(),
                List.copyOf(files), List.copyOf(causes.keySet()), Collections.unmodifiableMap(pauses), histogram(),
                new RunSeries.Heap(heapBefore.points(3, 1), heapAfter.points(3, 1), heapCapacity.points(3, 1)),
                lines(pools, 1), rates(), phaseBins(), lines(concurrent, 3),
                new RunSeries.Safepoints(safepointTotal.points(3, 3), timeToSafepoint.points(3, 3)),
                Collections.unmodifiableMap(heaps));
    }

    private static double[][] pauseRows(MinMaxSeries<Pause> s) {
        List<double[]> rows = new ArrayList<>();
        s.forEach((t, v, p) -> rows.add(new double[] {round(t, 3), round(v, 3), p.gcId < 0 ? Double.NaN : p.gcId,
            p.cause, p.heapBefore < 0 ? Double.NaN : round(p.heapBefore / MIB, 1),
            p.heapAfter < 0 ? Double.NaN : round(p.heapAfter / MIB, 1), p.file < 0 ? Double.NaN : p.file, p.line}));
        return rows.toArray(new double[0][]);
    }

    /** "CONCURRENT_START" -> "concurrent start". */
    public static String label(GcKind k) {
        return k.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private static Map<String, double[][]> lines(Map<String, MinMaxSeries<Void>> series, int decimals) {
        Map<String, double[][]> out = new LinkedHashMap<>();
        series.forEach((name, s) -> out.put(name, s.points(3, decimals)));
        return Collections.unmodifiableMap(out);
    }

    /**
     * Counts per logarithmic bin (5 per decade: a 0.2 ms pause and a 2 s pause both get a readable bar) and
     * the percentile curve: the pause at 1 - 10^-x for x up to the nines the count supports.
     */
    private RunSeries.Histogram histogram() {
        long total = histogram.getTotalCount();
        if (total == 0) {
            return new RunSeries.Histogram(BINS_PER_DECADE, 0, new double[0], new double[0][]);
        }
        int lo = (int) Math.floor(Math.log10(histogram.getMinValue() / 1000.0) * BINS_PER_DECADE);
        int hi = (int) Math.floor(Math.log10(histogram.getMaxValue() / 1000.0) * BINS_PER_DECADE);
        double[] counts = new double[hi - lo + 1];
        for (HistogramIterationValue v : histogram.recordedValues()) {
            int b = (int) Math.floor(Math.log10(v.getValueIteratedTo() / 1000.0) * BINS_PER_DECADE) - lo;
            counts[Math.max(0, Math.min(counts.length - 1, b))] += v.getCountAddedInThisIterationStep();
        }
        double maxNines = Math.min(6, Math.log10(total));
        List<double[]> percentiles = new ArrayList<>();
        for (double x = 0; x <= maxNines + 1e-9; x += 0.05) {
            double pct = 100.0 * (1 - Math.pow(10, -x));
            percentiles.add(new double[] {round(x, 2), round(histogram.getValueAtPercentile(pct) / 1000.0, 3)});
        }
        percentiles.add(new double[] {round(maxNines, 2), round(histogram.getMaxValue() / 1000.0, 3)});
        return new RunSeries.Histogram(BINS_PER_DECADE, lo, counts, percentiles.toArray(new double[0][]));
    }

    private RunSeries.Rates rates() {
        double span = lastSec - firstSec;
        if (!(span > 0)) {
            return new RunSeries.Rates(new double[0], new double[0], new double[0]);
        }
        int bins = bins(RATE_BINS, allocated.count());
        double[] alloc = allocated.regroup(firstSec, lastSec, bins);
        double[] promo = promoted.regroup(firstSec, lastSec, bins);
        boolean promoKnown = promoted.count() > 0;
        double width = span / bins;
        for (int i = 0; i < bins; i++) {
            alloc[i] = round(alloc[i] / MIB / width, 2);
            promo[i] = promoKnown ? round(promo[i] / MIB / width, 2) : Double.NaN;
        }
        return new RunSeries.Rates(centers(bins), alloc, promo);
    }

    /**
     * Pause time in each top-level phase per bin, ms: stacked, the bars are the time paused in logged phases.
     * Sums, not means, so that bins mixing young and full collections stay true.
     */
    private RunSeries.Phases phaseBins() {
        double span = lastSec - firstSec;
        if (!(span >= 0) || phases.isEmpty()) {
            return new RunSeries.Phases(new double[0], Map.of());
        }
        int bins = span > 0 ? bins(PHASE_BINS, phasedPauses.count()) : 1;
        Map<String, double[]> series = new LinkedHashMap<>();
        phases.forEach((name, s) -> {
            double[] v = s.regroup(firstSec, lastSec, bins);
            for (int i = 0; i < v.length; i++) {
                v[i] = round(v[i], 3);
            }
            series.put(name, v);
        });
        return new RunSeries.Phases(centers(bins), Collections.unmodifiableMap(series));
    }

    private static int bins(int most, long events) {
        return (int) Math.max(1, Math.min(most, events / EVENTS_PER_BIN));
    }

    private double[] centers(int bins) {
        double[] t = new double[bins];
        double width = (lastSec - firstSec) / bins;
        for (int i = 0; i < bins; i++) {
            t[i] = round(firstSec + (i + 0.5) * width, 3);
        }
        return t;
    }

    private static final double[] POW10 = {1, 10, 100, 1_000, 10_000};

    /** {@code v} to {@code decimals} decimals, as a chart shows it (the page stays small); NaN stays NaN. */
    static double round(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v) || Math.abs(v) * POW10[decimals] >= 9e15) {
            return v;
        }
        return Math.round(v * POW10[decimals]) / POW10[decimals];
    }
}
