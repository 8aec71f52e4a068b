package dev.jvmtune.cli;

import dev.jvmtune.host.HostProbe;
import dev.jvmtune.host.Jdks;
import dev.jvmtune.lab.run.Program;
import dev.jvmtune.lab.run.TrialSpec;
import dev.jvmtune.profile.AsyncProfilerLibrary;
import dev.jvmtune.profile.Profile;
import dev.jvmtune.profile.ProfileEvent;
import dev.jvmtune.profile.ProfileRequest;
import dev.jvmtune.profile.ProfileRunner;
import dev.jvmtune.profile.ProfileText;
import dev.jvmtune.profile.ProfilingUnavailableException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Profiles a program, or a bundled workload, with async-profiler and a JFR recording of its code cache and JIT
 * compilations (issue 9): the CPU by thread category - application, GC, JIT compiler, other JVM threads - and the
 * flame graph, with JVM-internal frames, that S4 needed.
 */
@Command(name = "profile",
        header = "Profile a program: CPU by thread kind, flame graph, JIT",
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a program with async-profiler and a code cache recording injected through "
                + "JDK_JAVA_OPTIONS (so start scripts work), then print its CPU (or allocation) by thread category - "
                + "application, GC, JIT compiler, other JVM - the share of stacks in the JIT's "
                + "CompileBroker::compiler_thread_loop, code heap peaks, code-cache-full events and warnings, and "
                + "compilation counts and time. Writes DIR/flamegraph.html, DIR/collapsed.txt, DIR/profile.json, "
                + "DIR/program.out, DIR/jfr/ (the JVM's recordings) and DIR/async-profiler/ (every sample with its time).", ""},
        exitCodeList = {"0:profiled",
                "3:the command cannot be started", "4:profiling is not possible here, or no JVM wrote a profile "
                + "(the one-line reason is printed)", "5:the program failed (its profile is still written)"},
        footerHeading = "%nExamples:%n",
        footer = {"  # a program: everything after -- is the command",
                "  jvmtune profile -- java -Xmx64m -jar app.jar",
                "  # a server on JDK 25, stopped after 80 s, its first 20 s left out",
                "  jvmtune profile --jdk 25 --skip 20 --duration 80 -- bin/catalina.sh run",
                "  # S4's workload with its small code cache, then with an ample one",
                "  jvmtune profile --workload codecache --skip 5 --seconds 10",
                "  jvmtune profile --workload codecache --flags \"-XX:ReservedCodeCacheSize=64m\" \\",
                "      --skip 5 --seconds 10",
                "  # allocations instead of CPU",
                "  jvmtune profile --alloc --out alloc-out -- java -cp app.jar Main",
                "", "Open DIR/flamegraph.html in a browser: the root frames are the threads."})
final class ProfileCommand extends StreamCommand implements Callable<Integer> {

    @Mixin
    SharedOptions.Jdk jdkOption;

    @Mixin
    SharedOptions.Out outOption;

    @Option(names = "--alloc", description = "Profile allocations (bytes by thread and type) instead of CPU.")
    boolean alloc;

    @Option(names = "--flags", paramLabel = "FLAGS", description = "JVM flags: added to JDK_JAVA_OPTIONS for a "
            + "command; for --workload they replace the workload's defaults (jvmtune workload --help lists them).")
    String flags;

    @Option(names = "--interval", paramLabel = "MS", defaultValue = "10",
            description = "CPU sampling interval in milliseconds (default: ${DEFAULT-VALUE}).")
    int intervalMs;

    @Option(names = "--duration", paramLabel = "SEC", defaultValue = "0", description = "Stop the program with "
            + "SIGTERM after this many seconds (a server); the JVM still writes its profile. 0: wait for it to end.")
    int durationSec;

    @Option(names = "--skip", paramLabel = "SEC", defaultValue = "0", description = "Leave each JVM's first SEC "
            + "seconds (warm-up) out of the breakdown and flame graph (default: ${DEFAULT-VALUE}).")
    double skipSec;

    @Option(names = "--workload", paramLabel = "NAME", description = "Profile a bundled workload (codecache, "
            + "timeseries); its parameters follow (--seconds 5 ...).")
    String workload;

    @Parameters(paramLabel = "COMMAND", description = "The program and its arguments, after --; with --workload, "
            + "the workload's parameters.")
    List<String> rest = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException, ProfilingUnavailableException {
        if (intervalMs <= 0 || durationSec < 0 || skipSec < 0) {
            throw CommandException.usage("--interval must be positive, --duration and --skip not negative");
        }
        if (workload == null && rest.isEmpty()) {
            throw CommandException.usage("give the program to profile after --, or --workload NAME");
        }
        Path javaHome = null;
        if (jdkOption.jdk != null) {
            try {
                Jdks.Choice c = Jdks.choose(jdkOption.jdk, HostProbe.local().probe(), Runtime.version().feature(),
                        System.getProperty("java.version"));
                if (c.jdk() == null) {
                    throw CommandException.usage("--jdk " + jdkOption.jdk + ": no JDK " + c.feature()
                            + " installed here (jvmtune jdks lists them)");
                }
                javaHome = Path.of(c.jdk().home());
            } catch (IllegalArgumentException e) {
                throw CommandException.usage(e.getMessage());
            }
        }
        Map<String, String> env = new HashMap<>();
        if (javaHome != null) {
            env.put("JAVA_HOME", javaHome.toString());
            env.put("PATH", javaHome.resolve("bin") + File.pathSeparator + System.getenv().getOrDefault("PATH", ""));
        }
        // a workload runs on jvmtune's JDK unless told; a command finds its java as the user's shell would
        Path java = javaHome != null ? javaHome.resolve("bin/java")
                : workload != null ? Path.of(System.getProperty("java.home"), "bin", "java") : defaultJava();
        List<String> command;
        String jvmOptions = flags == null ? "" : flags;
        if (workload != null) {
            // the workload's JVM on jvmtune's class path, as 'workload' and 'run --workload' start it
            Program.Workload w = new Program.Workload(workload, rest);
            try {
                command = w.command(java.toString(), TrialSpec.splitFlags(flags != null ? flags : w.spec().defaultFlags()),
                        System.getProperty("java.class.path"));
            } catch (IllegalArgumentException e) {
                throw CommandException.usage(e.getMessage());
            }
            jvmOptions = "";
        } else {
            command = rest;
        }
        ProfileRequest req = new ProfileRequest(command, env, jvmOptions, outOption.dir(),
                alloc ? ProfileEvent.ALLOC : ProfileEvent.CPU, intervalMs, java, durationSec,
                skipSec, AsyncProfilerLibrary.defaultCache());
        Profile p = ProfileRunner.run(req, streams.out()::println, streams.err()::println);
        ProfileText.print(p, streams.out());
        if (p.breakdown() == null) {
            throw CommandException.notAnalyzable("no profile (the program exited with status " + p.exitCode()
                    + ", its output is in " + p.files().programOutput() + "): " + String.join("; ", p.notes()));
        }
        if (p.exitCode() != 0 && !p.stopped()) {
            throw CommandException.programFailed("the program exited with status " + p.exitCode()
                    + "; its profile is above");
        }
        return Main.OK;
    }

    /** The java a plain command would find: JAVA_HOME's, else the first on PATH, else jvmtune's own. */
    private static Path defaultJava() {
        String home = System.getenv("JAVA_HOME");
        if (home != null && Files.isExecutable(Path.of(home, "bin", "java"))) {
            return Path.of(home, "bin", "java");
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "java");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }
}
