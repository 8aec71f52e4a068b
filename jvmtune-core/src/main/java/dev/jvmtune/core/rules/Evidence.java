package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PhaseShares;
import java.util.function.Predicate;

/**
 * Data a rule rests on that one kind of input may lack: a GC log and a JFR recording of the same run are each read
 * whole, yet each holds events the other does not. A rule names the data it needs ({@link Rule#needs}); on an input
 * that does not carry it, the rule's silence, or its other figure, says nothing about the run. That is the one reason
 * the log and the recording of one run may answer differently, and it is stated as this type, not as a list of rules.
 */
public enum Evidence {
    /** The log's own lines and the tags and decorations it was written with. */
    LOG_LINES("the GC log's own lines and their detail: a recording is not a log, its detail is its settings",
            run -> !run.jfr()),
    /** Every safepoint with its time to reach it. */
    SAFEPOINTS("every safepoint and the time to reach it: -Xlog:safepoint in a log; jdk.SafepointBegin (over 10 ms "
            + "in JFR's default settings) and jdk.SafepointStateSynchronization (off in them) in a recording",
            run -> {
                // a default recording keeps jdk.SafepointBegin over 10 ms only, and no synchronization: no time to reach
                Analysis.Safepoints s = run.analysis().safepoints();
                return s != null && s.count() > 0 && !Double.isNaN(s.timeToSafepointMs());
            }),
    /** The code heaps' sizes and use. */
    CODE_HEAPS("the code heaps' sizes and use: a recording samples them (jdk.CodeCacheStatistics), the GC log of JDK "
            + "17 and later does not show them", run -> {
        Analysis.CodeCache c = run.analysis().codeCache();
        return c != null && (c.samples() > 0 || !c.heaps().isEmpty());
    }),
    /** The user and sys CPU of each pause beside its real time. */
    PAUSE_CPU("the pauses' user and sys CPU beside their real time: the log's gc+cpu lines, a recording's "
            + "jdk.GCCPUTime (JDK 20, and 17 from 17.0.15)", run -> run.analysis().gcCpu() != null),
    /** The time reference processing took in pauses. */
    REFERENCE_PHASES("reference processing's time in pauses: a recording's phase events carry it for every collector, "
            + "a Parallel or Serial log at -Xlog:gc* does not (-Xlog:gc+phases+ref=debug)", run -> {
        PhaseShares p = run.analysis().phases();
        return p != null && p.referenceTrend().pauses() > 0;
    }),
    /** G1's aborted concurrent marks. */
    MARK_ABORTS("G1's aborted concurrent marks: the log's \"Concurrent Mark Abort\" line; a recording has no event "
            + "for them", run -> !run.jfr()),
    /** Shenandoah's pacing delays. */
    PACING("Shenandoah's pacing delays: the log's gc+stats table (\"Allocation pacing accrued\"); a recording has no "
            + "event for them", run -> run.jvm().logTags().contains("gc,stats")),
    /** A run long enough to weigh a share of its time in. */
    RUN_SHARE("a run long enough to weigh a share of its time: a log or recording of 10 s or more, or of 20 pauses or "
            + "more (Severity.weighsShares)", run -> Severity.weighsShares(run.analysis())),
    /** The young generation's occupancy before its collections. */
    YOUNG_OCCUPANCY("the young generation's occupancy before its collections: a log's pool or region lines; a recording "
            + "has it for Parallel (jdk.PSHeapSummary) and G1 (jdk.G1HeapSummary), not for Serial",
            run -> !Double.isNaN(run.analysis().heap().youngBeforeMeanBytes())),
    /** Eden in whole regions at the pauses that failed evacuation. */
    EDEN_REGIONS("Eden in whole regions at the pauses that failed evacuation: the log counts the regions, a recording "
            + "gives the bytes used in them (jdk.G1HeapSummary), megabytes apart for the near-empty Eden of a failing "
            + "pause", run -> !run.jfr());

    private final String description;
    private final Predicate<RuleContext> carried;

    Evidence(String description, Predicate<RuleContext> carried) {
        this.description = description;
        this.carried = carried;
    }

    /** What the data is and which input carries it, in words. */
    public String description() {
        return description;
    }

    /** Whether {@code run}'s input carries the data. */
    public boolean carriedBy(RuleContext run) {
        return carried.test(run);
    }
}
