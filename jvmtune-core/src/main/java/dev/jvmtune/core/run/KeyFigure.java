package dev.jvmtune.core.run;

import dev.jvmtune.core.analysis.Analysis;
import java.util.function.ToDoubleFunction;

/**
 * The figures of a run that fit in one number each, under stable names with their unit: the lab's metrics of a
 * trial's GC log ({@code gc.pause.p99Ms} in goals, queries and comparisons) and the columns of the CSV format.
 */
public enum KeyFigure {
    PAUSE_COUNT("gc.pause.count", a -> a.pauses().count()),
    PAUSE_TOTAL("gc.pause.totalMs", a -> a.pauses().totalMs()),
    PAUSE_MEAN("gc.pause.meanMs", a -> a.pauses().meanMs()),
    PAUSE_P50("gc.pause.p50Ms", a -> a.pauses().p50Ms()),
    PAUSE_P99("gc.pause.p99Ms", a -> a.pauses().p99Ms()),
    /** 0 when there were no pauses: a run without pauses has none longer than nothing. */
    PAUSE_MAX("gc.pause.maxMs", a -> a.pauses().count() == 0 ? 0 : a.pauses().maxMs()),
    /** Share of the run not held up by GC: neither paused nor stalled. */
    THROUGHPUT("gc.throughputPct", Analysis::throughputPct),
    PAUSE_THROUGHPUT("gc.pauseThroughputPct", Analysis::pauseThroughputPct),
    /** Pauses plus stalls outside them. */
    HELD_UP("gc.heldUpMs", a -> a.heldUp().totalMs()),
    STALL_COUNT("gc.stall.count", a -> a.stalls() == null ? 0 : a.stalls().count()),
    /** Thread time lost to stalls: two threads stalled for 10 ms count 20 ms. */
    STALL_TOTAL("gc.stall.totalMs", a -> a.stalls() == null ? 0 : a.stalls().totalMs()),
    FULL_COUNT("gc.fullCount", Analysis::fullGcCount),
    ALLOCATION_RATE("gc.allocationRateMBps", Analysis::allocationRateMBps),
    DURATION("gc.durationSec", Analysis::durationSec);

    private final String metric;
    private final ToDoubleFunction<Analysis> value;

    KeyFigure(String metric, ToDoubleFunction<Analysis> value) {
        this.metric = metric;
        this.value = value;
    }

    /** The stable name, unit last: {@code gc.pause.p99Ms}. */
    public String metric() {
        return metric;
    }

    /** The figure of {@code a}; NaN when the run does not tell it. */
    public double of(Analysis a) {
        return value.applyAsDouble(a);
    }
}
