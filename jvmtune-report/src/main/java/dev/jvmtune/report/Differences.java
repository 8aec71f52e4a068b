package dev.jvmtune.report;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.report.html.Figures;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

/**
 * Run B against run A, one row per key figure, each judged better or worse for a latency goal: the table of a
 * {@link RunComparison}. A figure that goes from 0 to
 * anything (Full GCs 0 -> 430) is judged like any other: "from 0", worse.
 */
public final class Differences {

    private Differences() {
    }

    /** How a figure moving down reads: better, worse, or neither (a property of the workload). */
    private enum Direction { LOWER_IS_BETTER, HIGHER_IS_BETTER, NEUTRAL }

    private record Figure(String key, String label, ToDoubleFunction<Analysis> value, DoubleFunction<String> format,
                          Direction direction) {
    }

    private static final Figure[] FIGURES = {
        new Figure("pauses", "pauses", a -> a.pauses().count(), v -> Figures.count((long) v), Direction.LOWER_IS_BETTER),
        new Figure("pauseTotalMs", "total pause time", a -> a.pauses().totalMs(), Figures::ms, Direction.LOWER_IS_BETTER),
        new Figure("pauseMeanMs", "mean pause", a -> a.pauses().meanMs(), Figures::ms, Direction.LOWER_IS_BETTER),
        new Figure("pauseP50Ms", "p50 pause", a -> a.pauses().p50Ms(), Figures::ms, Direction.LOWER_IS_BETTER),
        new Figure("pauseP90Ms", "p90 pause", a -> a.pauses().p90Ms(), Figures::ms, Direction.LOWER_IS_BETTER),
        new Figure("pauseP99Ms", "p99 pause", a -> a.pauses().p99Ms(), Figures::ms, Direction.LOWER_IS_BETTER),
        new Figure("pauseP999Ms", "p99.9 pause", a -> a.pauses().p999Ms(), Figures::ms, Direction.LOWER_IS_BETTER),
        new Figure("pauseMaxMs", "longest pause", a -> a.pauses().maxMs(), Figures::ms, Direction.LOWER_IS_BETTER),
        new Figure("steadyStateP99Ms", "steady-state p99", a -> a.steadyState().pauses().p99Ms(), Figures::ms,
                Direction.LOWER_IS_BETTER),
        new Figure("pausesOverGoal", "pauses over the goal",
                a -> a.pauseGoal() == null ? Double.NaN : a.pauseGoal().overall().over(),
                v -> Double.isNaN(v) ? Figures.UNKNOWN : Figures.count((long) v), Direction.LOWER_IS_BETTER),
        new Figure("throughputPct", "throughput", Analysis::throughputPct, Figures::pct, Direction.HIGHER_IS_BETTER),
        new Figure("fullGcs", "Full GCs", a -> a.fullGcCount(), v -> Figures.count((long) v), Direction.LOWER_IS_BETTER),
        new Figure("allocationRateMBps", "allocation rate", Analysis::allocationRateMBps, Figures::rate,
                Direction.NEUTRAL),
        new Figure("promotionRateMBps", "promotion rate", Analysis::promotionRateMBps, Figures::rate,
                Direction.LOWER_IS_BETTER),
        new Figure("concurrentMs", "concurrent GC time", a -> a.concurrent().totalMs(), Figures::ms,
                Direction.LOWER_IS_BETTER),
        new Figure("stoppedNotForGcMs", "stopped not for GC", a -> a.safepoints().nonGcMs(), Figures::ms,
                Direction.LOWER_IS_BETTER),
        new Figure("durationSec", "log covers", Analysis::durationSec, Figures::seconds, Direction.NEUTRAL),
    };

    /**
     * One figure of both runs.
     *
     * @param change  B against A as text: "+12.3 %", "from 0", or empty (unknown, or both 0)
     * @param verdict "better", "worse", or empty (the same, unknown, or neither: allocation rate, log length)
     */
    public record Row(String key, String label, double a, double b, String aText, String bText, String change,
                      String verdict) {
    }

    static List<Row> of(Analysis a, Analysis b) {
        List<Row> rows = new ArrayList<>();
        for (Figure f : FIGURES) {
            double va = f.value.applyAsDouble(a);
            double vb = f.value.applyAsDouble(b);
            String verdict = Double.isNaN(va) || Double.isNaN(vb) || va == vb || f.direction == Direction.NEUTRAL ? ""
                    : (vb < va) == (f.direction == Direction.LOWER_IS_BETTER) ? "better" : "worse";
            rows.add(new Row(f.key, f.label, va, vb, f.format.apply(va), f.format.apply(vb), Figures.change(va, vb),
                    verdict));
        }
        return rows;
    }
}
