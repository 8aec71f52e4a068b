package dev.jvmtune.profile;

import java.nio.file.Path;

/**
 * The {@code -agentpath} option that starts async-profiler with the JVM and has it write its JFR file when the JVM
 * exits: JFR rather than collapsed text because its samples carry timestamps, so the warm-up can be left out
 * afterwards ({@link StackFiles}).
 */
public record AgentOptions(Path library, ProfileEvent event, int intervalMs, Path jfrFile) {

    public AgentOptions {
        // -agentpath:LIB=OPTIONS ends the library at '=', and the agent splits its options on commas
        if (library.toString().contains("=") || library.toString().contains(",")
                || jfrFile.toString().contains(",")) {
            throw new IllegalArgumentException("async-profiler cannot take a path with ',' or '=': "
                    + library + ", " + jfrFile);
        }
        if (intervalMs <= 0) {
            throw new IllegalArgumentException("sampling interval must be positive: " + intervalMs);
        }
    }

    /**
     * One JVM option, unquoted; {@code %p} in the file name becomes each JVM's pid, so several JVMs do not collide.
     */
    public String jvmOption() {
        StringBuilder b = new StringBuilder("-agentpath:").append(library).append("=start,event=")
                .append(event.agentName());
        if (event != ProfileEvent.ALLOC) {
            b.append(",interval=").append(intervalMs).append("ms");
        }
        b.append(",jfr,file=").append(jfrFile);
        return b.toString();
    }

    static String quoted(String option) {
        return option.contains(" ") ? "\"" + option + "\"" : option;
    }
}
