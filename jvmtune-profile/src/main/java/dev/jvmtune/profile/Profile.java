package dev.jvmtune.profile;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What one profiled run of a program gave: written as {@code profile.json} (docs/json.md) and printed.
 *
 * @param command        the program run
 * @param profiler       "async-profiler VERSION"
 * @param event          the agent's event: cpu, itimer or alloc
 * @param intervalMs     sampling interval of cpu and itimer
 * @param exitCode       the program's exit status
 * @param stopped        whether jvmtune stopped it (SIGTERM) after {@code --duration}
 * @param wallSec        from start to exit
 * @param breakdown      the profile by thread category; null when no JVM wrote a profile
 * @param jvms           one code cache report per JVM that wrote a recording
 * @param outputWarnings code cache warnings in the program's output
 * @param metrics        the program's {@code JVMTUNE_METRICS} file, null when it wrote none
 * @param notes          what the reader should know: JVMs without a profile, damaged recordings...
 * @param files          where the artefacts are
 */
public record Profile(List<String> command, String profiler, String event, int intervalMs, int exitCode,
                      boolean stopped, double wallSec, Breakdown breakdown, List<CodeCacheReport> jvms,
                      List<OutputWarnings.Warning> outputWarnings, JsonNode metrics, List<String> notes,
                      Files files) {

    public Profile {
        command = List.copyOf(command);
        jvms = List.copyOf(jvms);
        outputWarnings = List.copyOf(outputWarnings);
        notes = List.copyOf(notes);
    }

    /**
     * @param flameGraph    interactive flame graph, null when there was no profile
     * @param collapsed     collapsed stacks with thread names, null when there was no profile
     * @param json          this document
     * @param programOutput the program's stdout and stderr
     * @param recordings    the directory of the JVMs' own JFR recordings (code cache, compilations)
     * @param profiles      the directory of async-profiler's JFR files, one per JVM, with every sample and its
     *                      time (for other views: {@code jfrconv --from}, heat maps)
     */
    public record Files(String flameGraph, String collapsed, String json, String programOutput, String recordings,
                        String profiles) {
    }

    /** Whether the JVM reported a full code cache, by event or by warning. */
    public boolean codeCacheFull() {
        return jvms.stream().anyMatch(j -> j.fullEvents() > 0)
                || outputWarnings.stream().anyMatch(w -> w.text().contains("is full"));
    }
}
