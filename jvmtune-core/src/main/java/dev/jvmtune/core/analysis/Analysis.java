package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import java.util.Map;

/**
 * The one-pass result over a timeline's events: what {@code analyze} reports in {@code summary}.
 *
 * @param durationSec        time covered by the log, first to last timestamped line
 * @param pauses             all stop-the-world pauses
 * @param pausesByKind       the same, per kind
 * @param pausesByCause      pause count per logged cause
 * @param concurrentCount    concurrent phases (not cycle summaries)
 * @param concurrentMs       their summed duration
 * @param throughputPct      share of {@code durationSec} the application was not paused by GC
 * @param fullGcCount        full, stop-the-world collections
 * @param allocationRateMBps heap growth between collections per second of log (MiB/s); NaN if unknown
 * @param promotionRateMBps  old-generation growth during young collections per second of log; NaN if unknown
 * @param incidents          collections per {@link GcIncident} the log reports (evacuation failure...)
 * @param safepoints         safepoint statistics when {@code -Xlog:safepoint} (or JDK 8's stopped-time lines) was on
 */
public record Analysis(double durationSec, PauseStats pauses, Map<GcKind, PauseStats> pausesByKind,
                       Map<String, Long> pausesByCause, long concurrentCount, double concurrentMs,
                       double throughputPct, long fullGcCount, double allocationRateMBps, double promotionRateMBps,
                       Map<GcIncident, Long> incidents, Safepoints safepoints) {

    public Analysis {
        pausesByKind = Map.copyOf(pausesByKind);
        pausesByCause = Map.copyOf(pausesByCause);
        incidents = Map.copyOf(incidents);
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
}
