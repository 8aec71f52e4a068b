package dev.jvmtune.profile;

/**
 * What async-profiler samples. {@code cpu} uses perf events where the kernel allows them and otherwise falls back
 * by itself to a per-thread CPU timer ({@code ctimer}); {@code itimer} is the process-wide timer that works where
 * both are refused (seccomp, old kernels).
 */
public enum ProfileEvent {
    CPU("cpu", "samples"),
    ITIMER("itimer", "samples"),
    ALLOC("alloc", "bytes");

    private final String agentName;
    private final String unit;

    ProfileEvent(String agentName, String unit) {
        this.agentName = agentName;
        this.unit = unit;
    }

    /** The agent's {@code event=} value. */
    public String agentName() {
        return agentName;
    }

    /** What a collapsed stack's count means: CPU samples, or bytes allocated ({@code total}). */
    public String unit() {
        return unit;
    }
}
