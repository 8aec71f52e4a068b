package dev.jvmtune.report.html;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.model.GcKind;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One run's chart data as the JSON object the page's script draws: times in seconds of uptime, pauses and
 * durations in ms, memory in MiB, rates in MiB/s. Every series is already bounded by {@link RunCharts}.
 */
final class ChartData {

    /** Bins of the allocation/promotion chart and of the phase chart, at most. */
    static final int RATE_BINS = 200;
    static final int PHASE_BINS = 60;
    /** Collections per bin at least: a rate over a bin with one collection in it is a spike, not a rate. */
    private static final int EVENTS_PER_BIN = 5;
    /** Histogram bins per decade of pause time. */
    private static final int BINS_PER_DECADE = 5;
    private static final double MIB = 1024.0 * 1024.0;

    private ChartData() {
    }

    static void write(JsonText j, String name, RunCharts c, Analysis a) {
        j.open();
        j.key("name").string(name);
        j.key("start").number(c.firstSec, 3);
        j.key("end").number(c.lastSec, 3);
        j.key("goalMs").number(a.pauseGoal() == null ? Double.NaN : a.pauseGoal().goalMs(), 3);
        j.key("warmupEndSec").number(a.steadyState().warmupEndSec(), 3);
        j.key("pauses").open();
        for (Map.Entry<GcKind, MinMaxSeries> e : c.pausesByKind.entrySet()) {
            j.key(label(e.getKey())).pairs(e.getValue().points(), 3, 3);
        }
        j.close();
        histogram(j, c);
        j.key("heap").open();
        j.key("before").pairs(c.heapBefore.points(), 3, 1);
        j.key("after").pairs(c.heapAfter.points(), 3, 1);
        j.key("capacity").pairs(c.heapCapacity.points(), 3, 1);
        j.close();
        named(j, "pools", c.poolsAfter, 1);
        rates(j, c);
        phases(j, c);
        named(j, "concurrent", c.concurrent, 3);
        j.key("safepoints").open();
        j.key("total").pairs(c.safepointTotal.points(), 3, 3);
        j.key("timeToSafepoint").pairs(c.timeToSafepoint.points(), 3, 3);
        j.close();
        j.key("codeHeaps").open();
        for (Map.Entry<String, MinMaxSeries> e : c.codeHeapUsed.entrySet()) {
            j.key(e.getKey()).open();
            j.key("used").pairs(e.getValue().points(), 3, 2);
            j.key("reserved").number(c.codeHeapReserved.getOrDefault(e.getKey(), -1L) / MIB, 2);
            j.close();
        }
        j.close();
        j.close();
    }

    /** "CONCURRENT_START" -> "concurrent start". */
    static String label(GcKind k) {
        return k.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private static void named(JsonText j, String key, Map<String, MinMaxSeries> series, int decimals) {
        j.key(key).open();
        for (Map.Entry<String, MinMaxSeries> e : series.entrySet()) {
            j.key(e.getKey()).pairs(e.getValue().points(), 3, decimals);
        }
        j.close();
    }

    /**
     * Counts per logarithmic bin (5 per decade: a 0.2 ms pause and a 2 s pause both get a readable bar) and
     * the percentile curve: the pause at 1 - 10^-x for x up to the nines the count supports.
     */
    private static void histogram(JsonText j, RunCharts c) {
        long total = c.histogram.getTotalCount();
        j.key("histogram").open();
        if (total > 0) {
            int lo = (int) Math.floor(Math.log10(c.histogram.getMinValue() / 1000.0) * BINS_PER_DECADE);
            int hi = (int) Math.floor(Math.log10(c.histogram.getMaxValue() / 1000.0) * BINS_PER_DECADE);
            double[] counts = new double[hi - lo + 1];
            for (HistogramIterationValue v : c.histogram.recordedValues()) {
                int b = (int) Math.floor(Math.log10(v.getValueIteratedTo() / 1000.0) * BINS_PER_DECADE) - lo;
                counts[Math.max(0, Math.min(counts.length - 1, b))] += v.getCountAddedInThisIterationStep();
            }
            double[] edges = new double[counts.length + 1];
            for (int i = 0; i < edges.length; i++) {
                edges[i] = Math.pow(10, (double) (lo + i) / BINS_PER_DECADE);
            }
            j.key("edges").numbers(edges, 4);
            j.key("counts").numbers(counts, 0);
            double maxNines = Math.min(6, Math.log10(total));
            j.key("percentiles").openArray();
            for (double x = 0; x <= maxNines + 1e-9; x += 0.05) {
                double pct = 100.0 * (1 - Math.pow(10, -x));
                j.openArray().number(x, 2).number(c.histogram.getValueAtPercentile(pct) / 1000.0, 3).closeArray();
            }
            j.openArray().number(maxNines, 2).number(c.histogram.getMaxValue() / 1000.0, 3).closeArray();
            j.closeArray();
        }
        j.close();
    }

    private static void rates(JsonText j, RunCharts c) {
        j.key("rates").open();
        double span = c.lastSec - c.firstSec;
        if (span > 0) {
            int bins = bins(RATE_BINS, c.allocated.count());
            double[] alloc = c.allocated.regroup(c.firstSec, c.lastSec, bins);
            double[] promo = c.promoted.regroup(c.firstSec, c.lastSec, bins);
            boolean promoKnown = c.promoted.count() > 0;
            double width = span / bins;
            for (int i = 0; i < bins; i++) {
                alloc[i] = alloc[i] / MIB / width;
                promo[i] = promoKnown ? promo[i] / MIB / width : Double.NaN;
            }
            j.key("t").numbers(centers(c, bins), 3);
            j.key("allocation").numbers(alloc, 2);
            j.key("promotion").numbers(promo, 2);
        }
        j.close();
    }

    /**
     * Pause time in each top-level phase per bin, ms: stacked, the bars are the time paused in logged phases.
     * Sums, not means, so that bins mixing young and full collections stay true.
     */
    private static void phases(JsonText j, RunCharts c) {
        j.key("phases").open();
        double span = c.lastSec - c.firstSec;
        if (span >= 0 && !c.phases.isEmpty()) {
            int bins = span > 0 ? bins(PHASE_BINS, c.phasedPauses.count()) : 1;
            j.key("t").numbers(centers(c, bins), 3);
            j.key("series").open();
            for (Map.Entry<String, SumSeries> e : c.phases.entrySet()) {
                j.key(e.getKey()).numbers(e.getValue().regroup(c.firstSec, c.lastSec, bins), 3);
            }
            j.close();
        }
        j.close();
    }

    private static int bins(int most, long events) {
        return (int) Math.max(1, Math.min(most, events / EVENTS_PER_BIN));
    }

    private static double[] centers(RunCharts c, int bins) {
        double[] t = new double[bins];
        double width = (c.lastSec - c.firstSec) / bins;
        for (int i = 0; i < bins; i++) {
            t[i] = c.firstSec + (i + 0.5) * width;
        }
        return t;
    }
}
