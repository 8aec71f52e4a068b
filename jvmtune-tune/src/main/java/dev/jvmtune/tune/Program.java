package dev.jvmtune.tune;

import dev.jvmtune.workloads.WorkloadSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The program the tuner runs: a bundled workload with its parameters (flags go on the {@code java} command
 * line), or any command, whose JVM gets the flags through {@code JDK_JAVA_OPTIONS} or where the command has a
 * {@code {jvmflags}} placeholder.
 */
public record Program(WorkloadSpec workload, List<String> params, List<String> command, Path java) {

    public Program {
        params = List.copyOf(params);
        command = List.copyOf(command);
    }

    public static Program workload(WorkloadSpec spec, List<String> params, Path java) {
        return new Program(spec, params, List.of(), java);
    }

    public static Program command(List<String> command) {
        return new Program(null, List.of(), command, null);
    }

    /** The command line for one trial; {@code jvmOptions} are the flags plus jvmtune's logging options. */
    List<String> commandLine(List<String> jvmOptions, String classPath) {
        List<String> cmd = new ArrayList<>();
        if (workload != null) {
            cmd.add((java != null ? java : Path.of(System.getProperty("java.home"), "bin", "java")).toString());
            cmd.addAll(jvmOptions);
            cmd.add("-cp");
            cmd.add(classPath);
            cmd.add(workload.mainClass());
            cmd.addAll(params);
            return cmd;
        }
        for (String c : command) {
            if (c.equals("{jvmflags}")) {
                cmd.addAll(jvmOptions);
            } else {
                cmd.add(c);
            }
        }
        return cmd;
    }

    /** Whether the flags must travel in {@code JDK_JAVA_OPTIONS} (a command without a placeholder). */
    boolean viaEnvironment() {
        return workload == null && !command.contains("{jvmflags}");
    }

    public String describe() {
        return workload != null ? workload.name() + (params.isEmpty() ? "" : " " + String.join(" ", params))
                : String.join(" ", command);
    }
}
