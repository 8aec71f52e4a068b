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
 */
public record TrialSpec(HostFacts.Jdk jdk, List<String> jvmFlags, Program program, Duration timeout, Path outDir,
                        boolean jfr, Map<String, String> stdoutMetrics) {

    public TrialSpec {
        jvmFlags = List.copyOf(jvmFlags);
        stdoutMetrics = Map.copyOf(stdoutMetrics);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
    }

    /** Flags as a user writes them ({@code "-Xms1g -Xmx1g"}): split on white space. */
    public static List<String> splitFlags(String flags) {
        if (flags == null || flags.isBlank()) {
            return List.of();
        }
        return List.of(flags.trim().split("\\s+"));
    }
}
