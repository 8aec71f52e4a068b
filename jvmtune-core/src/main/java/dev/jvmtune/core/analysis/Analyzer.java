package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.Compilation;
import dev.jvmtune.core.model.CpuLoadSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.SafepointEvent;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Folds a stream of events into an {@link Analysis} in one pass and constant memory. */
public final class Analyzer {

    private static final double MIB = 1024.0 * 1024.0;
    /** Distinct Full GC causes kept: a log cannot blow the map up with made-up causes. */
    private static final int MAX_CAUSES = 64;
    /** Pool names of the old generation across collectors. */
    private static final Set<String> OLD_POOLS = Set.of("Old regions", "ParOldGen", "PSOldGen", "Tenured", "CMS");

    /** The user's pause goal in ms; 0 to take the log's own. */
    private final double pauseGoalMs;
    private final PauseStats.Accumulator pauses = new PauseStats.Accumulator();
    private final PauseSeries series = new PauseSeries();
    private final PauseStats.Accumulator intervals = new PauseStats.Accumulator();
    private double prevPauseStart = Double.NaN;
    private final Map<GcKind, PauseStats.Accumulator> byKind = new EnumMap<>(GcKind.class);
    private final Map<String, Long> byCause = new TreeMap<>();
    private long concurrentCount;
    private double concurrentMs;
    private long fullGcs;
    private final Map<String, Long> fullGcCauses = new TreeMap<>();
    private final PhaseShares.Accumulator phases = new PhaseShares.Accumulator();
    private final LiveSet.Accumulator liveSet = new LiveSet.Accumulator();
    private final HeapResizing.Accumulator resizing = new HeapResizing.Accumulator();
    private final Metaspace.Accumulator metaspace = new Metaspace.Accumulator();
    private final GcCpu.Accumulator gcCpu = new GcCpu.Accumulator();
    private final Generations.Accumulator generations = new Generations.Accumulator();
    private final FailedEvacuation.Accumulator failedEvacuation = new FailedEvacuation.Accumulator();
    private final LogDetail.Accumulator detail = new LogDetail.Accumulator();
    private final PlabSizing.Accumulator plab = new PlabSizing.Accumulator();
    private final CodeCacheChurn.Accumulator churn = new CodeCacheChurn.Accumulator();

    private long prevHeapAfter = -1;
    private double allocatedBytes;
    private double firstHeapTime = Double.NaN;
    private double lastHeapTime = Double.NaN;
    private double promotedBytes;
    private long heapCapacityMax = -1;
    private double youngBeforeSum;
    private long youngBeforeCount;
    private long youngBeforeMax = -1;
    private boolean promotionKnown;

    private double firstEventTime = Double.NaN;
    private double lastEventEnd = Double.NaN;

    private long safepointCount;
    private double safepointMs;
    private double ttspMs;
    private double safepointMax;
    private double namedNonGcMs;
    private boolean operationsNamed;
    private final Map<GcIncident, Long> incidents = new EnumMap<>(GcIncident.class);
    private boolean ttspKnown;

    private long codeCacheSamples;
    private long codeCacheFull;
    private final Map<String, Analysis.CodeHeap> codeHeaps = new LinkedHashMap<>();
    private long compilations;
    private double compileMs;
    private double compileMax;
    private long compileFailures;
    private long cpuSamples;
    private double jvmCpuSum;
    private double machineCpuSum;
    private double jvmCpuMax;
    private double machineCpuMax;

    public Analyzer() {
        this(0);
    }

    /** @param pauseGoalMs pause goal to judge pauses against; 0 (or less) takes the goal the log states */
    public Analyzer(double pauseGoalMs) {
        this.pauseGoalMs = pauseGoalMs;
    }

    public void accept(GcEvent e) {
        double t = e.uptimeSec();
        if (!Double.isNaN(t)) {
            if (Double.isNaN(firstEventTime)) {
                firstEventTime = t;
            }
            double end = t + (Double.isNaN(e.durationMs()) ? 0 : e.durationMs() / 1000.0);
            lastEventEnd = Double.isNaN(lastEventEnd) ? end : Math.max(lastEventEnd, end);
        }
        for (GcIncident i : e.incidents()) {
            incidents.merge(i, 1L, Long::sum);
        }
        if (e.isPause()) {
            pauses.add(e.pauseMs());
            byKind.computeIfAbsent(e.kind(), k -> new PauseStats.Accumulator()).add(e.pauseMs());
            String cause = e.cause().isEmpty() ? "(none)" : e.cause();
            byCause.merge(cause, 1L, Long::sum);
            if (cause.startsWith("CodeCache GC") && !Double.isNaN(t)) {
                churn.codeCacheGc(t);
            }
            if (e.kind() == GcKind.FULL) {
                fullGcs++;
                if (fullGcCauses.size() < MAX_CAUSES || fullGcCauses.containsKey(cause)) {
                    fullGcCauses.merge(cause, 1L, Long::sum);
                }
            }
            phases.add(e);
            liveSet.add(e);
            gcCpu.add(e);
            generations.add(e);
            failedEvacuation.add(e);
            detail.add(e);
            plab.add(e);
            boolean young = e.kind() == GcKind.YOUNG || e.kind() == GcKind.CONCURRENT_START;
            if (young) {
                promotion(e);
                youngSpace(e);
            }
            // a pause that failed to evacuate (to-space exhausted) copied and then undid work: no measure of speed
            boolean measured = young && !e.incidents().contains(GcIncident.EVACUATION_FAILURE);
            series.add(t, e.pauseMs(), young, measured ? EvacuationSpeed.of(e) : Double.NaN);
            if (!Double.isNaN(t)) {
                if (!Double.isNaN(prevPauseStart) && t >= prevPauseStart) {
                    intervals.add((t - prevPauseStart) * 1000.0);
                }
                prevPauseStart = t;
            }
        } else if (e.kind() == GcKind.CONCURRENT) {
            concurrentCount++;
            if (!Double.isNaN(e.durationMs())) {
                concurrentMs += e.durationMs();
            }
        }
        resizing.add(e);
        metaspace.add(e);
        allocation(e, t);
    }

    /** Allocation between collections: heap occupancy before this one minus after the previous one. */
    private void allocation(GcEvent e, double t) {
        MemoryUsage heap = e.heap();
        if (heap != null && heap.capacityBytes() > heapCapacityMax) {
            heapCapacityMax = heap.capacityBytes();
        }
        if (heap == null || heap.beforeBytes() < 0 || heap.afterBytes() < 0) {
            return;
        }
        if (prevHeapAfter >= 0) {
            allocatedBytes += Math.max(0, heap.beforeBytes() - prevHeapAfter);
        }
        prevHeapAfter = heap.afterBytes();
        if (!Double.isNaN(t)) {
            if (Double.isNaN(firstHeapTime)) {
                firstHeapTime = t;
            }
            lastHeapTime = t;
        }
    }

    /** The young space a young pause found full: Eden (G1) or the young generation before the pause. */
    private void youngSpace(GcEvent e) {
        for (MemoryUsage p : e.pools()) {
            switch (p.name()) {
                case "Eden regions", "PSYoungGen", "DefNew", "ParNew" -> {
                    if (p.beforeBytes() > 0) {
                        youngBeforeSum += p.beforeBytes();
                        youngBeforeCount++;
                        youngBeforeMax = Math.max(youngBeforeMax, p.beforeBytes());
                    }
                    return;
                }
                default -> {
                }
            }
        }
    }

    private void promotion(GcEvent e) {
        for (MemoryUsage p : e.pools()) {
            if (OLD_POOLS.contains(p.name()) && p.beforeBytes() >= 0 && p.afterBytes() >= 0) {
                promotedBytes += Math.max(0, p.afterBytes() - p.beforeBytes());
                promotionKnown = true;
                return;
            }
        }
    }

    public void accept(CodeCacheSample s) {
        codeCacheSamples++;
        churn.sample(s);
        if (s.full()) {
            codeCacheFull++;
        }
        codeHeaps.merge(s.codeHeap(), new Analysis.CodeHeap(s.codeHeap(), s.reservedBytes(), s.usedBytes()),
                (a, b) -> new Analysis.CodeHeap(a.name(), Math.max(a.reservedBytes(), b.reservedBytes()),
                        Math.max(a.peakUsedBytes(), b.peakUsedBytes())));
    }

    public void accept(Compilation c) {
        compilations++;
        if (!Double.isNaN(c.uptimeSec())) {
            churn.compilation(c.uptimeSec(), c.codeSizeBytes());
        }
        compileMs += c.durationMs();
        compileMax = Math.max(compileMax, c.durationMs());
        if (!c.success()) {
            compileFailures++;
        }
    }

    public void accept(CpuLoadSample s) {
        double jvm = 100.0 * (s.jvmUser() + s.jvmSystem());
        double machine = 100.0 * s.machineTotal();
        cpuSamples++;
        jvmCpuSum += jvm;
        machineCpuSum += machine;
        jvmCpuMax = Math.max(jvmCpuMax, jvm);
        machineCpuMax = Math.max(machineCpuMax, machine);
    }

    public void accept(SafepointEvent s) {
        safepointCount++;
        if (!Double.isNaN(s.totalMs())) {
            safepointMs += s.totalMs();
            safepointMax = Math.max(safepointMax, s.totalMs());
        }
        if (!Double.isNaN(s.timeToSafepointMs())) {
            ttspMs += s.timeToSafepointMs();
            ttspKnown = true;
        }
        if (!s.operation().isEmpty()) {
            operationsNamed = true;
            if (!isGcOperation(s.operation()) && !Double.isNaN(s.totalMs())) {
                namedNonGcMs += s.totalMs();
            }
        }
    }

    /**
     * Whether a VM operation is a collector's: G1CollectForAllocation, ParallelGCFailedAllocation,
     * GenCollectFull, CMS_Final_Remark, ZMarkStart, ShenandoahInitMark, CollectForMetadataAllocation...
     */
    static boolean isGcOperation(String op) {
        return op.startsWith("G1") || op.startsWith("Parallel") || op.startsWith("Gen") || op.startsWith("CMS")
                || op.startsWith("Shenandoah") || (op.startsWith("Z") && op.length() > 1
                && Character.isUpperCase(op.charAt(1))) || op.contains("GC") || op.contains("Collect");
    }

    /**
     * @param logStartSec first timestamped line of the log (NaN if none)
     * @param logEndSec   last timestamped line of the log (NaN if none)
     */
    public Analysis result(double logStartSec, double logEndSec) {
        return result(logStartSec, logEndSec, null);
    }

    /**
     * @param logStartSec first timestamped line of the log (NaN if none)
     * @param logEndSec   last timestamped line of the log (NaN if none)
     * @param facts       what the log tells about the JVM (its pause goal); may be null
     */
    public Analysis result(double logStartSec, double logEndSec, JvmFacts facts) {
        double start = Double.isNaN(logStartSec) ? firstEventTime : Math.min(logStartSec, nanToMax(firstEventTime));
        double end = Double.isNaN(logEndSec) ? lastEventEnd : Math.max(logEndSec, nanToMin(lastEventEnd));
        double duration = Double.isNaN(start) || Double.isNaN(end) ? Double.NaN : Math.max(0, end - start);
        PauseStats all = pauses.build();
        Steady steady = steadyState();
        double throughput = duration > 0 ? Math.max(0, 100.0 * (1.0 - all.totalMs() / 1000.0 / duration)) : Double.NaN;
        double heapSpan = lastHeapTime - firstHeapTime;
        double allocRate = heapSpan > 0 ? allocatedBytes / MIB / heapSpan : Double.NaN;
        double promoRate = promotionKnown && heapSpan > 0 ? promotedBytes / MIB / heapSpan : Double.NaN;
        Map<GcKind, PauseStats> kinds = new EnumMap<>(GcKind.class);
        byKind.forEach((k, acc) -> kinds.put(k, acc.build()));
        double nonGc = safepointCount == 0 ? Double.NaN
                : operationsNamed ? namedNonGcMs : Math.max(0, safepointMs - all.totalMs());
        return new Analysis(duration, all, kinds, byCause, concurrentCount, concurrentMs, throughput, fullGcs,
                allocRate, promoRate, incidents, new Analysis.Safepoints(safepointCount, safepointMs,
                ttspKnown || safepointCount == 0 ? ttspMs : Double.NaN,
                safepointCount == 0 ? Double.NaN : safepointMax, nonGc),
                codeCacheSamples == 0 ? null : new Analysis.CodeCache(codeCacheSamples, codeCacheFull,
                        List.copyOf(codeHeaps.values())),
                compilations == 0 ? null : new Analysis.Compilations(compilations, compileMs, compileMax, compileFailures),
                cpuSamples == 0 ? null : new Analysis.CpuLoad(cpuSamples, jvmCpuSum / cpuSamples, jvmCpuMax,
                        machineCpuSum / cpuSamples, machineCpuMax),
                steady.state, goal(facts, steady.from), EvacuationSpeed.of(series, goalMs(facts)), intervals.build(),
                new Analysis.HeapSizes(heapCapacityMax, youngBeforeCount == 0 ? Double.NaN
                        : youngBeforeSum / youngBeforeCount, youngBeforeMax),
                PauseClusters.of(series), phases.build(), liveSet.build(), resizing.build(), fullGcCauses,
                metaspace.build(), gcCpu.build(), generations.build(), failedEvacuation.build(), detail.build(),
                plab.build(), churn.build(start, end));
    }

    private record Steady(int from, Analysis.SteadyState state) {
    }

    private Steady steadyState() {
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

    private double goalMs(JvmFacts facts) {
        PauseGoal.Source s = PauseGoal.resolve(pauseGoalMs, facts);
        return s == null ? Double.NaN : s.goalMs();
    }

    private PauseGoal goal(JvmFacts facts, int steadyFrom) {
        PauseGoal.Source s = PauseGoal.resolve(pauseGoalMs, facts);
        return s == null ? null : new PauseGoal(s.goalMs(), s.source(), PauseGoal.judge(series, 0, s.goalMs()),
                PauseGoal.judge(series, steadyFrom, s.goalMs()));
    }

    private static double nanToMax(double v) {
        return Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
    }

    private static double nanToMin(double v) {
        return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
    }
}
