package dev.jvmtune.lab.run;

import dev.jvmtune.workloads.WorkloadSpec;
import dev.jvmtune.workloads.Workloads;
import java.util.ArrayList;
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

        /** Its catalogue entry; {@link IllegalArgumentException} naming the known ones when there is none. */
        public WorkloadSpec spec() {
            return Workloads.find(name).orElseThrow(() -> new IllegalArgumentException("unknown workload '" + name
                    + "'; one of: " + String.join(", ", Workloads.all().stream().map(WorkloadSpec::name).toList())));
        }

        /**
         * {@code java FLAGS -cp CLASSPATH MAIN PARAMS}. The parameters' names and presence are checked here
         * ({@link IllegalArgumentException}), so a typo fails before a JVM starts; the workload checks the values.
         */
        public List<String> command(String java, List<String> flags, String classpath) {
            WorkloadSpec ws = spec();
            ws.parse(params.toArray(String[]::new));
            List<String> cmd = new ArrayList<>(List.of(java));
            cmd.addAll(flags);
            cmd.addAll(List.of("-cp", classpath, ws.mainClass()));
            cmd.addAll(params);
            return cmd;
        }
    }
}
