package dev.jvmtune.report.html;

import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.model.SafepointEvent;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * The series one run's charts need, gathered while the log streams, in memory bounded by the number of
 * series (never by the length of the log): pauses per kind, heap and pools, allocation and promotion,
 * phases, concurrent work, safepoints and code heaps. Filled by {@link ChartCollector}.
 */
public final class RunCharts {

    /** Buckets per time series: up to twice as many points per line of a chart. */
    static final int BUCKETS = 4096;
    /** Coarser buckets for sums, later regrouped into a few hundred bins. */
    static final int SUM_BUCKETS = 2048;
    /** Named lines per chart beyond which names go to "other": a chart with 40 lines says nothing. */
    static final int MAX_NAMES = 10;
    static final String OTHER = "other";
    private static final int MAX_PHASE_PATHS = 10_000;
    private static final SumSeries SUB_PHASE = new SumSeries(1);

    private static final double MIB = 1024.0 * 1024.0;
    private static final Set<String> OLD_POOLS = Set.of("Old regions", "ParOldGen", "PSOldGen", "Tenured", "CMS");

    final Map<GcKind, MinMaxSeries> pausesByKind = new EnumMap<>(GcKind.class);
    /** Pause times in µs, for the histogram and the percentile curve. */
    final Histogram histogram = new Histogram(3);
    final MinMaxSeries heapBefore = new MinMaxSeries(BUCKETS);
    final MinMaxSeries heapAfter = new MinMaxSeries(BUCKETS);
    final MinMaxSeries heapCapacity = new MinMaxSeries(BUCKETS);
    /** Occupancy after collections per pool or region type, MiB. */
    final Map<String, MinMaxSeries> poolsAfter = new LinkedHashMap<>();
    final SumSeries allocated = new SumSeries(SUM_BUCKETS);
    final SumSeries promoted = new SumSeries(SUM_BUCKETS);
    /** Top-level phase ms; {@link #phasedPauses} counts the pauses that logged phases (for the bin width). */
    final Map<String, SumSeries> phases = new LinkedHashMap<>();
    /** Series by phase path, {@link #SUB_PHASE} for nested ones: a debug log has 60 phases per pause. */
    private final Map<String, SumSeries> phaseSeries = new HashMap<>();
    final SumSeries phasedPauses = new SumSeries(SUM_BUCKETS);
    /** Concurrent phase and whole-cycle durations, ms, by name. */
    final Map<String, MinMaxSeries> concurrent = new LinkedHashMap<>();
    final MinMaxSeries safepointTotal = new MinMaxSeries(BUCKETS);
    final MinMaxSeries timeToSafepoint = new MinMaxSeries(BUCKETS);
    /** Used MiB per code heap, and the largest reservation seen. */
    final Map<String, MinMaxSeries> codeHeapUsed = new LinkedHashMap<>();
    final Map<String, Long> codeHeapReserved = new LinkedHashMap<>();
    double firstSec = Double.NaN;
    double lastSec = Double.NaN;
    private long prevHeapAfter = -1;

    void event(GcEvent e) {
        double t = e.uptimeSec();
        seen(t);
        if (e.isPause()) {
            pausesByKind.computeIfAbsent(e.kind(), k -> new MinMaxSeries(BUCKETS)).add(t, e.pauseMs());
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
            if (p.afterBytes() >= 0) {
                named(poolsAfter, p.name()).add(t, p.afterBytes() / MIB);
            }
        }
    }

    private void promotion(GcEvent e, double t) {
        for (MemoryUsage p : e.pools()) {
            if (OLD_POOLS.contains(p.name()) && p.beforeBytes() >= 0 && p.afterBytes() >= 0) {
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

    void safepoint(SafepointEvent s) {
        seen(s.uptimeSec());
        safepointTotal.add(s.uptimeSec(), s.totalMs());
        timeToSafepoint.add(s.uptimeSec(), s.timeToSafepointMs());
    }

    void codeCache(CodeCacheSample s) {
        seen(s.uptimeSec());
        named(codeHeapUsed, s.codeHeap()).add(s.uptimeSec(), s.usedBytes() / MIB);
        codeHeapReserved.merge(s.codeHeap(), s.reservedBytes(), Math::max);
    }

    /** The series of {@code name}, or of {@link #OTHER} once {@link #MAX_NAMES} names are taken. */
    private static MinMaxSeries named(Map<String, MinMaxSeries> map, String name) {
        MinMaxSeries s = map.get(name);
        if (s == null) {
            s = map.computeIfAbsent(map.size() < MAX_NAMES ? name : OTHER, k -> new MinMaxSeries(BUCKETS));
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
}
