package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.SafepointEvent;

/** Safepoints: how many, how long threads were stopped, reaching them, and the stops not for GC. */
final class SafepointTimes implements Aggregation {

    private long count;
    private double totalMs;
    private double ttspMs;
    private boolean ttspKnown;
    private double maxMs;
    private double namedNonGcMs;
    private boolean operationsNamed;

    @Override
    public void accept(JvmEvent e) {
        if (!(e instanceof SafepointEvent s)) {
            return;
        }
        count++;
        if (!Double.isNaN(s.totalMs())) {
            totalMs += s.totalMs();
            maxMs = Math.max(maxMs, s.totalMs());
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

    /** @param gcPauseMs the run's total GC pause time, for logs that do not name the operations (JDK 8) */
    Analysis.Safepoints build(double gcPauseMs) {
        double nonGc = count == 0 ? Double.NaN : operationsNamed ? namedNonGcMs : Math.max(0, totalMs - gcPauseMs);
        return new Analysis.Safepoints(count, totalMs, ttspKnown || count == 0 ? ttspMs : Double.NaN,
                count == 0 ? Double.NaN : maxMs, nonGc);
    }
}
