package dev.jvmtune.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds out before the real run whether the agent can sample here, by starting it in {@code java -version}: the
 * agent writes its output file only when it started. {@code cpu} falls back to {@code itimer} as async-profiler's
 * own launcher does when perf events and the per-thread timer are both refused; what the agent said about the
 * last refusal becomes the one-line reason when nothing works.
 */
final class AgentProbe {

    private static final int TIMEOUT_SEC = 60;

    private AgentProbe() {
    }

    static ProfileEvent choose(Path java, Path library, ProfileEvent wanted, Path scratch)
            throws ProfilingUnavailableException, IOException, InterruptedException {
        List<ProfileEvent> tries = wanted == ProfileEvent.CPU ? List.of(ProfileEvent.CPU, ProfileEvent.ITIMER)
                : List.of(wanted);
        String why = "";
        for (ProfileEvent e : tries) {
            Path out = scratch.resolve("probe-" + e.agentName() + ".probe");
            Path log = scratch.resolve("probe-" + e.agentName() + ".log");
            Files.deleteIfExists(out);
            List<String> cmd = new ArrayList<>(List.of(java.toString(),
                    new AgentOptions(library, e, 10, out).jvmOption(), "-version"));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().remove("JDK_JAVA_OPTIONS");
            Process p = pb.start();
            if (!p.waitFor(TIMEOUT_SEC, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                why = java + " -version with the agent did not finish in " + TIMEOUT_SEC + " s";
                continue;
            }
            String said = Files.readString(log, StandardCharsets.UTF_8);
            Files.deleteIfExists(log);
            if (Files.exists(out)) {
                Files.delete(out);
                return e;
            }
            why = reason(said, p.exitValue());
        }
        throw new ProfilingUnavailableException("profiling is not possible here: " + why);
    }

    /** The agent's "[ERROR] ..." line, else the JVM's last line. */
    static String reason(String output, int exit) {
        String last = "";
        for (String line : output.split("\\R")) {
            if (line.contains("[ERROR]") || line.contains("Could not find agent library")) {
                return line.strip();
            }
            if (!line.isBlank()) {
                last = line.strip();
            }
        }
        return "the agent wrote no profile (exit status " + exit + (last.isEmpty() ? "" : ", last output: " + last) + ")";
    }
}
