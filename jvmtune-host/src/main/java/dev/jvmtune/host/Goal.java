package dev.jvmtune.host;

import java.util.Locale;

/** What the starting configuration optimizes for. */
public enum Goal {
    /** Short GC pauses (request latency, S1). */
    LATENCY,
    /** Most work per CPU second (batch jobs, S3). */
    THROUGHPUT,
    /** Least memory and CPU (small containers, desktop tools). */
    FOOTPRINT;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
