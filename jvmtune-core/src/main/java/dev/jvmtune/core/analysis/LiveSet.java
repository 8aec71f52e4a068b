package dev.jvmtune.core.analysis;

import static dev.jvmtune.core.run.Rounding.text;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;

/**
 * The heap left after collections that clean the old generation (Full GCs, G1 mixed pauses that evacuated
 * without failure, G1's remark or cleanup, which free the regions marking found empty, Shenandoah's degenerated cycles
 * of the whole heap): the closest a GC log comes to the live set.
 * Its trend over the run is the leak signal: a live set that keeps rising from one old collection to the next.
 *
 * <p>Its validity rule: collections during start-up (before warm-up ended, {@link Analysis.SteadyState}) and those
 * somebody asked for ({@code System.gc()}, jcmd, a heap dump) do not define the live set of a long run - a Full GC for
 * class metadata in the first seconds leaves the 17 MiB of a 24 GiB heap whose old generation holds 10-14 GiB after
 * the mixed pauses of the next minutes. In a run whose steady state lasts {@link #LONG_RUN_SEC} or more they are left
 * out of the level (the least, the most, what whole-heap collections left) where any other collection cleaned the old
 * generation; where none did, the figures come from them and {@code unsure} says so. A job of seconds has no steady
 * state apart from its start: every collection counts there (a System.gc() at its end measures what lives exactly).
 * The trend leaves out only requested collections: how the live set moves from the start on is what a leak is judged
 * by, over the span, number and fit its rule asks for. It is a least-squares line ({@link Trend}): from 3 collections
 * on, as a rate per hour only where they span 6 minutes or more (never extrapolated beyond 10 times the span), else as
 * the rise over the span. Without a whole-heap collection the level is the least of bounds - a mixed pause, a remark
 * or cleanup leaves the old regions it did not free, garbage and what was promoted since marking began (one mixed
 * pause left 173 MiB where the next remark left 41 MiB) - and fewer than {@link #MIN_BOUNDS} of them are too thin:
 * {@code unsure} says so. Computed at the end from the {@link PauseSeries}, which keeps each such collection's heap.
 *
 * @param collections      the collections the level comes from, with a heap-after figure
 * @param minBytes         the smallest heap after them
 * @param maxBytes         the largest
 * @param fullMaxBytes     the largest heap after a whole-heap collection among them (a Full GC, Shenandoah's
 *                         degenerated cycle of the whole heap), -1 without one: it collects everything, so this is the
 *                         live set itself, where a mixed pause leaves the garbage of the regions it did not choose
 * @param leftOut          start-up and requested collections left out of the level
 * @param unsure           why the level does not stand for the run's live set (it comes only from start-up or
 *                         requested collections, or from fewer than {@link #MIN_BOUNDS} bounds); {@code null} when it
 *                         does
 * @param trendCollections the collections the trend comes from
 * @param firstBytes       heap after the first of them
 * @param lastBytes        after the last
 * @param slopeMBPerHour   trend of the live set, MiB per hour; NaN with fewer than 3 collections or a span under 6
 *                         minutes
 * @param riseBytes        how much the trend line rose from the first of them to the last; NaN with fewer than 3
 * @param correlation      how well a line fits (Pearson r, -1..1): near 1 is a steady rise
 * @param risePct          {@code riseBytes} in percent of the line's value at the first of them; NaN when unknown
 * @param spanSec          time from the first to the last of them
 */
public record LiveSet(long collections, long minBytes, long maxBytes, long fullMaxBytes, long leftOut, String unsure,
                      long trendCollections, long firstBytes, long lastBytes, double slopeMBPerHour, double riseBytes,
                      double correlation, double risePct, double spanSec) {

    private static final double MIB = 1024.0 * 1024.0;
    /** A run is long, a service rather than a job, when its steady state lasts this long. */
    static final double LONG_RUN_SEC = 60;
    /** Bounds (mixed, remark, cleanup) the level needs without a whole-heap collection: a trend's least points. */
    static final int MIN_BOUNDS = 3;

    /**
     * The heap {@code e} left if it cleaned the old generation, else -1. A mixed pause that failed evacuation kept
     * what it could not copy: no measure of what lives; a degenerated cycle of generational Shenandoah's young
     * generation leaves the old one as it was.
     */
    static long oldCleanedAfter(GcEvent e) {
        boolean oldCleaned = e.kind() == GcKind.FULL || e.kind() == GcKind.MIXED && e.incidents().isEmpty()
                || e.kind() == GcKind.DEGENERATED && !e.name().contains("(Young)") || freesEmptyRegions(e);
        MemoryUsage heap = e.heap();
        return oldCleaned && heap != null ? Math.max(-1, heap.afterBytes()) : -1;
    }

    /**
     * Whether {@code e} is G1's remark or cleanup pause, which frees the old regions marking found empty (remark from
     * JDK 9, cleanup before): the heap it leaves holds the rest of the old generation, live or not, and the young
     * regions in use - a bound on the live set as a mixed pause's is, with Eden in it, so the level takes it and the
     * trend does not.
     */
    private static boolean freesEmptyRegions(GcEvent e) {
        return e.collector() == Collector.G1 && (e.kind() == GcKind.REMARK || e.kind() == GcKind.CLEANUP);
    }

    /** Whether the pause of class {@code code} leaves a bound on the live set, not the live set: not whole-heap. */
    private static boolean bound(int code) {
        GcKind k = PauseClass.kindOf(code);
        return k == GcKind.MIXED || k == GcKind.REMARK || k == GcKind.CLEANUP;
    }

    /** The live set of the kept pauses, the steady state's from {@code steadyFrom} on; null without any figure. */
    static LiveSet of(PauseSeries series, int steadyFrom) {
        int n = series.size();
        boolean longRun = n > 0 && series.time(n - 1) - series.time(steadyFrom) >= LONG_RUN_SEC;
        int all = 0;
        int startUp = 0;
        int requested = 0;
        for (int i = 0; i < n; i++) {
            if (series.oldCleanedAfter(i) >= 0) {
                all++;
                startUp += longRun && i < steadyFrom ? 1 : 0;
                requested += longRun && i >= steadyFrom && PauseClass.triggerOf(series.code(i)).requested() ? 1 : 0;
            }
        }
        if (all == 0) {
            return null;
        }
        boolean leaveOut = startUp + requested > 0 && startUp + requested < all;
        String unsure = startUp + requested < all ? null : startUp == all ? text("only start-up collections (before "
                + "warm-up ended at %.1f s) cleaned the old generation", series.time(steadyFrom)) : startUp == 0
                ? "only collections somebody asked for (System.gc(), jcmd, a heap dump) cleaned the old generation"
                : "only start-up collections and collections somebody asked for cleaned the old generation";
        Trend trend = new Trend();
        long count = 0;
        long min = Long.MAX_VALUE;
        long max = -1;
        long fullMax = -1;
        long trendCount = 0;
        long first = -1;
        long last = -1;
        double firstT = Double.NaN;
        double lastT = Double.NaN;
        for (int i = 0; i < n; i++) {
            long after = series.oldCleanedAfter(i);
            if (after < 0) {
                continue;
            }
            boolean requestedHere = longRun && PauseClass.triggerOf(series.code(i)).requested();
            if (!leaveOut || !requestedHere && i >= steadyFrom) {
                count++;
                min = Math.min(min, after);
                max = Math.max(max, after);
                if (!bound(series.code(i))) { // a whole-heap collection
                    fullMax = Math.max(fullMax, after);
                }
            }
            GcKind kind = PauseClass.kindOf(series.code(i));
            if ((!leaveOut || !requestedHere) && kind != GcKind.REMARK && kind != GcKind.CLEANUP) {
                trendCount++;
                if (first < 0) {
                    first = after;
                    firstT = series.time(i);
                }
                last = after;
                lastT = series.time(i);
                trend.add(series.time(i) / 3600.0, after / MIB);
            }
        }
        if (unsure == null && fullMax < 0 && count < MIN_BOUNDS) {
            unsure = text("only %d mixed, remark or cleanup pauses bound it, and no whole-heap collection: each leaves "
                    + "the old regions it did not free, garbage and all that was promoted since marking began, so "
                    + "fewer than %d do not stand for the live set", count * series.stride(), MIN_BOUNDS);
        }
        double span = Double.isNaN(firstT) || Double.isNaN(lastT) ? Double.NaN : lastT - firstT;
        double rise = trend.rise();
        double start = trend.at(trend.firstX);
        long stride = series.stride();
        return new LiveSet(count * stride, min, max, fullMax, leaveOut ? (long) (startUp + requested) * stride : 0,
                unsure, trendCount * stride, first, last, trend.rate(), rise * MIB, trend.correlation(),
                start > 0 ? 100.0 * rise / start : Double.NaN, span);
    }
}
