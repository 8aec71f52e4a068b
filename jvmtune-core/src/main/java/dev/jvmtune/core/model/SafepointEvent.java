package dev.jvmtune.core.model;

/**
 * One safepoint: {@code -Xlog:safepoint} ({@code Safepoint "op", ... Total: n ns}) or the JDK 9-16
 * "Total time for which application threads were stopped" line.
 *
 * @param uptimeSec        when it was logged; {@code NaN} when not logged
 * @param operation        VM operation name when logged ({@code "G1CollectForAllocation"}), else {@code ""}
 * @param timeToSafepointMs time to bring all threads to the safepoint
 * @param totalMs           total time threads were stopped
 * @param line              1-based line number in its file
 */
public record SafepointEvent(double uptimeSec, String operation, double timeToSafepointMs, double totalMs,
                             long line) implements JvmEvent {
}
