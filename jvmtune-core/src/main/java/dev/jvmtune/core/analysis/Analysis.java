package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import java.util.List;
import java.util.Map;

/**
 * The one-pass result over a run's events: what {@code analyze} reports in {@code summary} (docs/json.md names
 * every field; the JSON is a mapping of this record).
 *
 * @param durationSec        time covered by the log, first to last timestamped line
 * @param pauses             all stop-the-world pauses
 * @param pausesByKind       the same, per kind, in the order of {@link GcKind}
 * @param pausesByCause      pause count per logged cause, sorted by cause
 * @param concurrent         concurrent phases (not cycle summaries) and their summed duration
 * @param throughputPct      share of {@code durationSec} the application was not held up by GC: neither paused nor
 *                           stalled ({@code heldUp})
 * @param pauseThroughputPct share of {@code durationSec} the application was not paused by GC (stalls left out)
 * @param heldUp             time the application was held up by GC: pauses plus stalls outside them
 * @param cycles             concurrent cycles and ZGC's statistics of them (live, allocated, promoted, MMU);
 *                           {@code null} when the run has no cycles
 * @param stalls             threads waiting for the collector outside pauses (ZGC stalls, Shenandoah pacing);
 *                           {@code null} when the run has none
 * @param fullGcCount        full, stop-the-world collections
 * @param allocationRateMBps heap growth between collections per second of log (MiB/s); NaN if unknown
 * @param promotionRateMBps  old-generation growth during young collections per second of log; NaN if unknown
 * @param safepoints         safepoint statistics when {@code -Xlog:safepoint} (or JDK 8's stopped-time lines) was on
 * @param incidents          collections per {@link GcIncident} the log reports (evacuation failure...)
 * @param codeCache          code heap occupancy; {@code null} when the input has none (GC logs)
 * @param compilation        JIT compilations; {@code null} when the input has none
 * @param codeCacheChurn     code cache collections, compilations and use in the run's second half; {@code null}
 *                           when the input has none of them
 * @param cpuLoad            CPU load; {@code null} when the input has none
 * @param steadyState        where warm-up ends and the pauses after it
 * @param pauseGoal          the pause goal and the pauses over it; {@code null} when no goal is known
 * @param pauseClasses       the pauses per class (kind, trigger, incidents), with those over the goal: what the rules'
 *                           costs are summed from
 * @param evacuation         young evacuation speed; {@code null} when the log has no young-pool figures
 * @param intervals          time between the starts of consecutive pauses, as a distribution in ms
 * @param heap               heap capacity, the young space the young pauses found, allocated and reclaimed bytes
 * @param pauseClusters      groups of pause durations, shortest first (one when the pauses are unimodal)
 * @param phases             shares of pause time by phase group, and the trend of reference processing
 * @param liveSet            heap after Full and mixed collections after start-up and its trend; {@code null} when
 *                           none
 * @param heapResizing       heap capacity changes; {@code null} when the log has no capacity
 * @param fullGcCauses       Full GC count per logged cause, sorted by cause
 * @param metaspace          metaspace use and the collections it caused; {@code null} when the log has neither
 * @param gcCpu              user/sys/real of the pauses; {@code null} when the log has no CPU times
 * @param generations        young and old generation sizes at Full GCs; {@code null} for G1/ZGC or without figures
 * @param failedEvacuation   the room G1 had at its failed evacuations; {@code null} when none failed
 * @param logDetail          how many pauses carry phases, pools, CPU and heap figures
 * @param plab               G1's PLAB sizing and waste ({@code gc+plab=debug}); {@code null} when the log has none
 * @param poolPeaks          per pool and for the whole heap, peak use and largest capacity; empty without figures
 * @param footprint          the JVM's memory by part at its resident peak (a recording's {@code jdk.ResidentSetSize}
 *                           and {@code jdk.NativeMemoryUsage}); {@code null} when the input has neither
 */
public record Analysis(double durationSec, PauseStats pauses, Map<GcKind, PauseStats> pausesByKind,
                       Map<String, Long> pausesByCause, ConcurrentWork concurrent, double throughputPct,
                       double pauseThroughputPct, HeldUp heldUp, Stalls stalls, CollectorCycles cycles,
                       long fullGcCount, double allocationRateMBps, double promotionRateMBps, Safepoints safepoints,
                       Map<GcIncident, Long> incidents, CodeCache codeCache, Compilations compilation,
                       CodeCacheChurn codeCacheChurn, CpuLoad cpuLoad, SteadyState steadyState, PauseGoal pauseGoal,
                       List<PauseClass> pauseClasses, EvacuationSpeed evacuation, PauseStats intervals, HeapSizes heap,
                       List<PauseClusters.Cluster> pauseClusters, PhaseShares phases, LiveSet liveSet,
                       HeapResizing heapResizing, Map<String, Long> fullGcCauses, Metaspace metaspace, GcCpu gcCpu,
                       Generations generations, FailedEvacuation failedEvacuation, LogDetail logDetail,
                       PlabSizing plab, List<PoolPeak> poolPeaks, dev.jvmtune.core.memory.Footprint footprint) {

    /**
     * @param maxCapacityBytes     the largest whole-heap capacity logged; -1 when none
     * @param youngBeforeMeanBytes mean Eden (G1) or young generation occupancy at young pauses; NaN when unknown
     * @param youngBeforeMaxBytes  the largest of those; -1 when unknown
     * @param allocatedBytes       allocated over the run: the sum over collections of heap before minus heap after
     *                             the previous one; -1 without heap figures
     * @param reclaimedBytes       freed by collections: the sum of heap before minus after; -1 without heap figures
     */
    public record HeapSizes(long maxCapacityBytes, double youngBeforeMeanBytes, long youngBeforeMaxBytes,
                            long allocatedBytes, long reclaimedBytes) {
    }

    public Analysis {
        pauseClusters = List.copyOf(pauseClusters);
        pauseClasses = List.copyOf(pauseClasses);
        poolPeaks = List.copyOf(poolPeaks);
    }

    /**
     * @param samples  code heap samples read (statistics and full events)
     * @param fullEvents {@code jdk.CodeCacheFull} events: times a code heap was found full
     * @param heaps    per code heap, in the order first seen
     */
    public record CodeCache(long samples, long fullEvents, List<CodeHeap> heaps) {
        public CodeCache {
            heaps = List.copyOf(heaps);
        }
    }

    /** One code heap: its reserved size and the most it was seen to use. */
    public record CodeHeap(String name, long reservedBytes, long peakUsedBytes) {
    }

    /**
     * @param count    compilations recorded (JFR records only those above its threshold)
     * @param totalMs  their summed duration
     * @param maxMs    the longest
     * @param failures compilations that did not succeed
     */
    public record Compilations(long count, double totalMs, double maxMs, long failures) {
    }

    /**
     * Shares of the machine's CPU capacity in percent: the JVM's user + system, and the whole machine's.
     */
    public record CpuLoad(long samples, double meanJvmPct, double maxJvmPct, double meanMachinePct,
                          double maxMachinePct) {
    }

    /**
     * @param count             safepoints logged
     * @param totalMs           total time application threads were stopped
     * @param timeToSafepointMs total time spent reaching safepoints
     * @param maxMs             longest safepoint
     * @param nonGcMs           stopped time not spent in GC: safepoints whose VM operation is not a collector's,
     *                          or, where operations are not logged (JDK 8), total stopped time minus GC pauses
     */
    public record Safepoints(long count, double totalMs, double timeToSafepointMs, double maxMs, double nonGcMs) {
    }

    /**
     * The run after warm-up (see {@code WarmUp} for the change-point method).
     *
     * @param warmupEndSec start of the first steady-state pause; NaN when no warm-up was detected
     * @param warmupPauses pauses before it
     * @param pauses       all pauses from {@code warmupEndSec} on (the whole run when there was no warm-up)
     */
    public record SteadyState(double warmupEndSec, long warmupPauses, PauseStats pauses) {
    }
}
