package dev.jvmtune.core.rules;

/** How much a finding matters to the service, as the person reading the report should act on it. */
public enum Severity {
    /** Worth knowing; no action needed for the goal. */
    INFO,
    /** Costs pause time or throughput now. */
    WARNING,
    /** Breaks the goal or risks the service (Full GCs, failures, exhausted memory). */
    CRITICAL
}
