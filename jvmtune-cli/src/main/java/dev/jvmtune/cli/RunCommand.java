package dev.jvmtune.cli;

import dev.jvmtune.core.parse.LineReader;
import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.HostProbe;
import dev.jvmtune.lab.run.Durations;
import dev.jvmtune.lab.run.JdkChoice;
import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.run.Outcome;
import dev.jvmtune.lab.run.Program;
import dev.jvmtune.lab.run.ResultJson;
import dev.jvmtune.lab.run.TrialResult;
import dev.jvmtune.lab.run.TrialRunner;
import dev.jvmtune.lab.run.TrialSpec;
import dev.jvmtune.profile.AsyncProfilerLibrary;
import dev.jvmtune.profile.OutputWarnings;
import dev.jvmtune.profile.Profile;
import dev.jvmtune.profile.ProfileAnalysis;
import dev.jvmtune.profile.ProfileEvent;
import dev.jvmtune.profile.ProfileSetup;
import dev.jvmtune.profile.ProfileText;
import dev.jvmtune.profile.ProfilingUnavailableException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** One trial: any program (or a bundled workload) in a fresh JVM with logging on, measured and analyzed. */
@Command(name = "run",
        header = "Run a program once under chosen JVM flags and measure it",
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a program once under chosen JVM flags with GC and safepoint logging switched on, and "
                + "measure it: outcome (OK, FAILED, TIMEOUT, OOM, CRASH), wall time, peak RSS of its process tree, "
                + "its JVMTUNE_METRICS file, and the analysis of its GC log.",
                "",
                "The flags reach the JVM where the command says {jvmflags}, otherwise through JDK_JAVA_OPTIONS, "
                        + "so start scripts work unchanged. A first word 'java' means the --jdk's java; the command "
                        + "also finds that JDK first on its PATH and in JAVA_HOME.",
                "",
                "Examples:",
                "  jvmtune run --jdk 17 --flags \"-Xmx1g -XX:+UseG1GC\" -- java -jar app.jar",
                "  jvmtune run --jdk 25 --timeout 10m -- ./bin/start-server.sh",
                "  jvmtune run --flags \"-Xmx256m\" -- java {jvmflags} -cp app.jar Main",
                "  jvmtune run --workload timeseries --flags \"-Xmx256m\" -- --days 5",
                "  jvmtune run --profile --workload codecache --flags \"-XX:ReservedCodeCacheSize=4m\" -- --seconds 20",
                ""},
        exitCodeList = {"0:the trial ended OK",
                "2:wrong command line (unknown JDK, workload or parameter)", "3:the program could not be started",
                "4:--profile: this machine cannot sample; --memory-limit: it has no memory cgroup jvmtune can write "
                        + "(the reason is printed)",
                "5:the trial did not end OK (its outcome is printed)",
                "130:stopped by Ctrl-C or SIGTERM: the program was killed, the trial discarded"})
final class RunCommand extends StreamCommand implements Callable<Integer> {

    @Mixin
    SharedOptions.Jdk jdkOption;

    @Mixin
    SharedOptions.Out outOption;

    @Mixin
    SharedOptions.Timeout timeoutOption;

    @Mixin
    SharedOptions.Json jsonOption;

    @Mixin
    SharedOptions.Memory memoryOption;

    /** async-profiler's sampling interval with --profile, jvmtune profile's default. */
    private static final int PROFILE_INTERVAL_MS = 10;

    @Option(names = "--flags", paramLabel = "FLAGS", defaultValue = "",
            description = "JVM flags under test, e.g. \"-Xms1g -Xmx1g -XX:NewRatio=8\".")
    String flags;

    @Option(names = "--jfr", description = "Also record JFR to DIR/recording.jfr (JDK 11+).")
    boolean jfr;

    @Option(names = "--profile", description = "Also profile every thread of the JVM with async-profiler and record "
            + "its code cache and compilations with JFR (JDK 11+), as jvmtune profile does: the CPU breakdown by thread "
            + "category is printed, and flamegraph.html, collapsed.txt, profile.json, async-profiler/ and jfr/ go to "
            + "DIR beside the trial's files.")
    boolean profile;

    @Option(names = "--workload", paramLabel = "NAME",
            description = "Run a bundled workload (bin/jvmtune workload --help lists them); the words after -- are "
                    + "its parameters.")
    String workload;

    @Option(names = "--metric", paramLabel = "NAME=REGEX",
            description = "A metric read from the program's standard output: the first group of the last line "
                    + "matching REGEX, e.g. --metric 'req.p99=p99=([0-9.]+)'. Repeatable.")
    Map<String, String> stdoutMetrics = new LinkedHashMap<>();

    @Parameters(paramLabel = "COMMAND", arity = "0..*",
            description = "The program and its arguments, after --.")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException, ProfilingUnavailableException {
        PrintStream err = streams.err();
        TrialSpec spec;
        try {
            if (workload == null && command.isEmpty()) {
                throw new IllegalArgumentException("give the program to run after --, or --workload NAME");
            }
            Duration limit = timeoutOption.duration();
            HostFacts.Jdk j = new JdkChoice(HostProbe.local().probe()).resolve(jdkOption.jdk);
            Program program = workload != null ? new Program.Workload(workload, command) : new Program.Command(command);
            spec = new TrialSpec(j, TrialSpec.splitFlags(flags), program, limit, outOption.dir(), jfr, stdoutMetrics,
                    memoryOption.memory());
            if (profile && j.feature() < 11) {
                throw new IllegalArgumentException("--profile needs JDK 11 or newer (JFR); this is " + j.version());
            }
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        }
        ProfileSetup setup = null;
        if (profile) {
            setup = ProfileSetup.prepare(outOption.dir(), ProfileEvent.CPU, PROFILE_INTERVAL_MS,
                    Path.of(spec.jdk().home(), "bin", "java"), AsyncProfilerLibrary.defaultCache());
            List<String> withProfiler = new ArrayList<>(spec.jvmFlags());
            withProfiler.addAll(setup.jvmOptions());
            spec = new TrialSpec(spec.jdk(), withProfiler, spec.program(), spec.timeout(), spec.outDir(), spec.jfr(),
                    spec.stdoutMetrics(), spec.memory());
        }
        err.println("jvmtune run: JDK " + spec.jdk().version() + " (" + spec.jdk().home() + "), limit "
                + timeoutOption.timeout + (memoryOption.limit == null ? "" : ", memory limit " + memoryOption.limit)
                + ", files in " + outOption.dir().toAbsolutePath().normalize());
        TrialResult r;
        try {
            r = new TrialRunner().run(spec);
        } catch (dev.jvmtune.lab.run.MemoryLimitUnavailableException e) {
            throw CommandException.of(e);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        } catch (IOException e) { // the program cannot start, or jvmtune cannot write the trial's files
            throw CommandException.inputError(e.getMessage());
        }
        PrintStream o = streams.out();
        if (jsonOption.json) {
            o.println(ResultJson.text(r));
        } else {
            print(r, o);
        }
        if (setup != null) {
            Profile p = ProfileAnalysis.read(setup, ran(r), 0, err::println);
            // with --json stdout holds the trial's document alone; the profile is in DIR/profile.json
            ProfileText.print(p, jsonOption.json ? err : o);
        }
        return r.outcome() == Outcome.OK ? Main.OK : Main.PROGRAM_FAILED;
    }

    /** The trial as the profile's analysis needs it; the JVM's warnings are read from its output files. */
    private static ProfileAnalysis.Ran ran(TrialResult r) throws IOException {
        OutputWarnings warnings = new OutputWarnings();
        for (String name : List.of("stdout.log", "stderr.log")) {
            Path f = r.outDir().resolve(name);
            if (Files.exists(f)) {
                try (java.io.InputStream in = Files.newInputStream(f)) {
                    LineReader lines = new LineReader(in, 1 << 20); // one long line must not exhaust memory
                    while (lines.next()) {
                        warnings.line(new String(lines.buffer(), lines.start(), lines.end() - lines.start(),
                                StandardCharsets.UTF_8));
                    }
                }
            }
        }
        return new ProfileAnalysis.Ran(r.command(), r.exitCode(), r.outcome() == Outcome.TIMEOUT, r.wallSec(),
                r.outDir().resolve("stdout.log"), r.outDir().resolve("metrics.json"), warnings.warnings(), List.of());
    }

    static void print(TrialResult r, PrintStream o) {
        o.printf(Locale.ROOT, "outcome     %s (exit %d)%s%n", r.outcome(), r.exitCode(),
                r.crashLog() == null ? "" : ", crash log " + r.crashLog());
        o.printf(Locale.ROOT, "wall        %.2f s%n", r.wallSec());
        o.printf(Locale.ROOT, "peak RSS    %s%n", r.peakRssBytes() < 0 ? "unknown" : (r.peakRssBytes() >> 20) + " MiB");
        if (r.footprint() != null) {
            List<dev.jvmtune.report.Summary.Line> lines = dev.jvmtune.report.FootprintText.lines(r.footprint());
            int w = lines.stream().mapToInt(l -> l.label().length()).max().orElse(0);
            lines.forEach(l -> o.printf(Locale.ROOT, "%-" + Math.max(11, w) + "s %s%n", l.label(), l.text()));
        }
        o.println("metrics");
        int width = r.metrics().keySet().stream().mapToInt(String::length).max().orElse(0);
        r.metrics().forEach((k, v) -> o.printf(Locale.ROOT, "  %-" + width + "s  %s%n", k, Metrics.format(k, v)));
        for (String n : r.notes()) {
            o.println("note        " + n);
        }
        o.println("files       " + r.outDir().toAbsolutePath().normalize() + " (stdout.log, stderr.log, gc.log, "
                + "result.json" + (r.footprint() != null ? ", footprint.json" : "") + ")");
        o.println("analysis    " + Main.command("analyze", r.outDir().resolve("gc.log")));
    }
}
