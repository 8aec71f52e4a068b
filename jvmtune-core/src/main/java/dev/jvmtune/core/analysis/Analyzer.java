package dev.jvmtune.core.analysis;

import dev.jvmtune.core.analysis.chart.ChartSeries;
import dev.jvmtune.core.analysis.chart.RunSeries;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import java.util.ArrayList;
import java.util.List;

/**
 * Folds one run's events into an {@link Analysis} in one pass and constant memory: every event goes to every
 * {@link Aggregation}, in log order, through one loop. A run's events are all it needs (no parser, no file), so
 * the same analyzer serves a log read afterwards, a live stream, or a window of one (a fresh analyzer fed the
 * window's events).
 */
public final class Analyzer {

    /** Every aggregation, in the order each event visits them: filled by the field initialisers below. */
    private final List<Aggregation> all = new ArrayList<>();
    /** The user's pause goal in ms; 0 to take the log's own. */
    private final double pauseGoalMs;
    /** Where {@link #pauseGoalMs} came from; null for the user's option. */
    private final String pauseGoalSource;
    private final TimeSpan span = add(new TimeSpan());
    private final PauseTimes pauses = add(new PauseTimes());
    private final PauseCauses causes = add(new PauseCauses());
    private final ConcurrentWork.Accumulator concurrent = add(new ConcurrentWork.Accumulator());
    private final HeapFlow heapFlow = add(new HeapFlow());
    private final SafepointTimes safepoints = add(new SafepointTimes());
    private final Incidents incidents = add(new Incidents());
    private final JitActivity jit = add(new JitActivity());
    private final PhaseShares.Accumulator phases = add(new PhaseShares.Accumulator());
    private final HeapResizing.Accumulator resizing = add(new HeapResizing.Accumulator());
    private final Metaspace.Accumulator metaspace = add(new Metaspace.Accumulator());
    private final GcCpu.Accumulator gcCpu = add(new GcCpu.Accumulator());
    private final Generations.Accumulator generations = add(new Generations.Accumulator());
    private final FailedEvacuation.Accumulator failedEvacuation = add(new FailedEvacuation.Accumulator());
    private final LogDetail.Accumulator detail = add(new LogDetail.Accumulator());
    private final PlabSizing.Accumulator plab = add(new PlabSizing.Accumulator());
    private final CodeCacheChurn.Accumulator churn = add(new CodeCacheChurn.Accumulator());
    private final PoolPeak.Accumulator poolPeaks = add(new PoolPeak.Accumulator());
    private final Stalls.Accumulator stalls = add(new Stalls.Accumulator());
    private final HeldUp.Accumulator heldUp = add(new HeldUp.Accumulator());
    private final CollectorCycles.Accumulator cycles = add(new CollectorCycles.Accumulator());
    private final NativeMemory nativeMemory = add(new NativeMemory());
    /** The HTML report's series; null unless asked for (they cost a little per event). */
    private final ChartSeries charts;
    /** {@link #all} as an array: the loop every event goes through. */
    private final Aggregation[] loop;

    public Analyzer() {
        this(0, false);
    }

    /**
     * @param pauseGoalMs pause goal to judge pauses against; 0 (or less) takes the goal the log states
     * @param series      whether to gather the chart series ({@link #series}) as well
     */
    public Analyzer(double pauseGoalMs, boolean series) {
        this(pauseGoalMs, null, series);
    }

    /**
     * @param pauseGoalSource where {@code pauseGoalMs} came from when it is not the user's option (another log's goal
     *                        a comparison judges this run by); null for {@code option}
     */
    public Analyzer(double pauseGoalMs, String pauseGoalSource, boolean series) {
        this.pauseGoalMs = pauseGoalMs;
        this.pauseGoalSource = pauseGoalSource;
        this.charts = series ? add(new ChartSeries()) : null;
        this.loop = all.toArray(new Aggregation[0]);
    }

    private <A extends Aggregation> A add(A aggregation) {
        all.add(aggregation);
        return aggregation;
    }

    public void accept(JvmEvent e) {
        for (Aggregation a : loop) {
            a.accept(e);
        }
    }

    /**
     * @param logStartSec first timestamped line of the log (NaN if none)
     * @param logEndSec   last timestamped line of the log (NaN if none)
     * @param facts       what the log tells about the JVM (its pause goal); may be null
     */
    public Analysis result(double logStartSec, double logEndSec, JvmFacts facts) {
        double start = span.start(logStartSec);
        double end = span.end(logEndSec);
        double duration = Double.isNaN(start) || Double.isNaN(end) ? Double.NaN : Math.max(0, end - start);
        PauseStats all = pauses.all.build();
        PauseSeries series = pauses.sampler.series();
        Steady steady = steadyState(series);
        PauseGoal.Source goal = PauseGoal.resolve(pauseGoalMs, pauseGoalSource, facts);
        HeldUp held = heldUp.build(all.totalMs(), duration);
        CollectorCycles cycleFigures = cycles.build();
        double promotion = heapFlow.promotionRateMBps();
        if (Double.isNaN(promotion) && cycleFigures != null && cycleFigures.promotedBytes() >= 0 && duration > 0) {
            promotion = cycleFigures.promotedBytes() / 1024.0 / 1024.0 / duration; // generational ZGC says it
        }
        List<PoolPeak> pools = poolPeaks.build();
        return new Analysis(duration, all, pauses.byKind(), causes.byCause(), concurrent.build(),
                throughput(held.totalMs(), duration), throughput(all.totalMs(), duration), held, stalls.build(),
                cycleFigures, causes.fullGcs(), heapFlow.allocationRateMBps(), promotion,
                safepoints.build(all.totalMs()), incidents.build(), jit.codeCache(), jit.compilations(),
                churn.build(start, end), jit.cpuLoad(), steady.state,
                goal == null ? null : new PauseGoal(goal.goalMs(), goal.source(),
                        PauseGoal.judge(series, 0, goal.goalMs()), PauseGoal.judge(series, steady.from, goal.goalMs())),
                PauseClass.of(series, steady.from, goal == null ? Double.NaN : goal.goalMs()),
                EvacuationSpeed.of(series, goal == null ? Double.NaN : goal.goalMs()), pauses.intervals(),
                heapFlow.sizes(), PauseClusters.of(series), phases.build(), LiveSet.of(series, steady.from),
                resizing.build(),
                causes.fullGcCauses(), metaspace.build(), gcCpu.build(), generations.build(), failedEvacuation.build(),
                detail.build(), plab.build(), pools, nativeMemory.build(pools));
    }

    /** Share of {@code durationSec} not lost to {@code lostMs}; NaN when the run has no duration. */
    private static double throughput(double lostMs, double durationSec) {
        return durationSec > 0 ? Math.max(0, 100.0 * (1.0 - lostMs / 1000.0 / durationSec)) : Double.NaN;
    }

    /** The chart series of the run so far, drawn against {@code analysis}; null unless asked for. */
    public RunSeries series(Analysis analysis) {
        return charts == null ? null : charts.build(analysis);
    }

    private record Steady(int from, Analysis.SteadyState state) {
    }

    private static Steady steadyState(PauseSeries series) {
        int from = WarmUp.warmupEnd(series);
        PauseStats.Accumulator acc = new PauseStats.Accumulator();
        for (int i = from; i < series.size(); i++) {
            acc.add(series.ms(i));
        }
        PauseStats stats = acc.build();
        if (series.stride() > 1) { // a sample: counts and totals stand for stride pauses each
            stats = new PauseStats(stats.count() * series.stride(), stats.totalMs() * series.stride(), stats.meanMs(),
                    stats.stdMs(), stats.minMs(), stats.p50Ms(), stats.p90Ms(), stats.p99Ms(), stats.p999Ms(),
                    stats.maxMs());
        }
        return new Steady(from, new Analysis.SteadyState(from == 0 ? Double.NaN : series.time(from),
                (long) from * series.stride(), stats));
    }
}
