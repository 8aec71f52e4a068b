package dev.jvmtune.lab.run;

import java.util.List;

/** What a trial runs: any command, or a bundled workload by name. */
public sealed interface Program {

    /**
     * Any command line. The trial's JVM flags go where a {@code {jvmflags}} token stands (a whole argument
     * becomes one argument per flag; inside a larger argument, the flags joined by spaces); without the
     * token they reach every JDK 9+ {@code java} the command starts through {@code JDK_JAVA_OPTIONS}. A first
     * word of plain {@code java} means the trial's JDK.
     */
    record Command(List<String> argv) implements Program {
        public Command {
            argv = List.copyOf(argv);
            if (argv.isEmpty()) {
                throw new IllegalArgumentException("empty command");
            }
        }
    }

    /**
     * A workload of {@code dev.jvmtune.workloads.Workloads}, run as {@code java FLAGS -cp CLASSPATH MAIN
     * PARAMS}; {@code params} are its own arguments ({@code --days 3}).
     */
    record Workload(String name, List<String> params) implements Program {
        public Workload {
            params = List.copyOf(params);
        }
    }
}
