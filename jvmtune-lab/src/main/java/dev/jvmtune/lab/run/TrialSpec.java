package dev.jvmtune.lab.run;

import dev.jvmtune.host.HostFacts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One run of a program in a fresh JVM: what {@link TrialRunner#run} takes.
 *
 * @param jdk           the JDK that runs it ({@link JdkChoice#resolve} turns "17", "25" or a path into one)
 * @param jvmFlags      the flags under test, one per element, in order; logging flags are added by the runner
 * @param program       a command or a bundled workload
 * @param timeout       wall-clock limit; past it the whole process tree is killed and the outcome is TIMEOUT
 * @param outDir        where its files go (created; files of an earlier trial there are replaced)
 * @param jfr           also record JFR ({@code -XX:StartFlightRecording}) where the JDK has it (11+)
 * @param stdoutMetrics extra metrics read from its standard output: name -> regular expression whose first
 *                      group is a number (the last match counts); may be empty
 * @param memory        how its memory is measured and limited
 */
public record TrialSpec(HostFacts.Jdk jdk, List<String> jvmFlags, Program program, Duration timeout, Path outDir,
                        boolean jfr, Map<String, String> stdoutMetrics, Memory memory) {

    public TrialSpec {
        jvmFlags = List.copyOf(jvmFlags);
        stdoutMetrics = Map.copyOf(stdoutMetrics);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (memory.limitBytes() == 0 || memory.limitBytes() < -1) {
            throw new IllegalArgumentException("a memory limit must be positive");
        }
    }

    /** With the default {@link Memory}: Native Memory Tracking on, no memory limit. */
    public TrialSpec(HostFacts.Jdk jdk, List<String> jvmFlags, Program program, Duration timeout, Path outDir,
                     boolean jfr, Map<String, String> stdoutMetrics) {
        this(jdk, jvmFlags, program, timeout, outDir, jfr, stdoutMetrics, Memory.DEFAULT);
    }

    /**
     * How a trial's memory is measured and limited.
     *
     * @param nmt        run the JVM with Native Memory Tracking ({@code -XX:NativeMemoryTracking=summary}) and sample
     *                   it, which gives the footprint by part (docs/memory.md has what it costs)
     * @param limitBytes run the trial in a memory cgroup of its own with this limit, as a container would; -1: none
     */
    public record Memory(boolean nmt, long limitBytes) {
        public static final Memory DEFAULT = new Memory(true, -1);
    }

    /** Flags as a user writes them ({@code "-Xms1g -Xmx1g"}): split on white space. */
    public static List<String> splitFlags(String flags) {
        if (flags == null || flags.isBlank()) {
            return List.of();
        }
        return List.of(flags.trim().split("\\s+"));
    }
}
