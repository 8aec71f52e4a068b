package dev.jvmtune.cli;

import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.HostProbe;
import dev.jvmtune.lab.run.JdkChoice;
import dev.jvmtune.lab.run.Outcome;
import dev.jvmtune.lab.run.Program;
import dev.jvmtune.lab.run.TrialResult;
import dev.jvmtune.lab.run.TrialRunner;
import dev.jvmtune.lab.run.TrialSpec;
import dev.jvmtune.workloads.WorkloadSpec;
import dev.jvmtune.workloads.Workloads;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Runs one bundled workload (issue 7) in a fresh JVM with GC logging on, through the lab's trial runner (as
 * {@code run --workload} does), and says where its metrics file, GC log and console output are. The workload's own
 * parameters follow its name and are passed through unchanged, checked against its {@link WorkloadSpec} first
 * so a typo fails here rather than in the child JVM.
 */
@Command(name = "workload",
        header = "Run a bundled workload in a fresh JVM with GC logging",
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a bundled workload in a fresh JVM with GC logging on; writes DIR/gc.log, "
                + "DIR/metrics.json (its JVMTUNE_METRICS file), DIR/stdout.log and DIR/stderr.log (its console output)."},
        exitCodeList = {"0:done", "2:wrong command line (unknown workload or parameter)",
                "5:the workload JVM failed or timed out (its output is shown)"})
final class WorkloadCommand extends StreamCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "NAME", description = "The workload (listed below).")
    String name;

    @Parameters(index = "1..*", paramLabel = "PARAM", description = "The workload's parameters: --name value ...")
    List<String> params = new ArrayList<>();


    @Option(names = "--flags", paramLabel = "FLAGS",
            description = "JVM flags for the workload, replacing its defaults (listed below).")
    String flags;

    @Mixin
    SharedOptions.Out outOption;

    @Mixin
    SharedOptions.Jdk jdkOption;

    @Mixin
    SharedOptions.Timeout timeoutOption;

    /**
     * Lets workload parameters ({@code --days 3}) stand after NAME without being taken for options of this
     * command, and lists the workloads in the help.
     */
    static void configure(CommandLine cl) {
        cl.setUnmatchedOptionsArePositionalParams(true);
        cl.getCommandSpec().usageMessage().footer(catalog());
    }

    static String catalog() {
        StringBuilder b = new StringBuilder("%nExamples:%n"
                + "  jvmtune workload timeseries --days 2%n"
                + "  jvmtune workload blockcache --mix 50-50 --flags '-XX:+UseZGC -Xmx1g'%n"
                + "  jvmtune analyze workload-out/timeseries/gc.log%n"
                + "%nWorkloads:%n");
        for (WorkloadSpec w : Workloads.all()) {
            b.append("%n").append(escape(w.usage()).replace("\n", "%n"));
        }
        return b.toString();
    }

    private static String escape(String s) {
        return s.replace("%", "%%");
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintStream err = streams.err();
        WorkloadSpec spec = Workloads.find(name).orElseThrow(() -> CommandException.usage("unknown workload '" + name
                + "'; one of: " + String.join(", ", Workloads.all().stream().map(WorkloadSpec::name).toList())));
        Path dir = outOption.out != null ? outOption.out : outOption.dir().resolve(name); // workload-out/NAME
        TrialResult r;
        try {
            spec.parse(params.toArray(String[]::new)); // names and presence; the workload checks the values
            TrialSpec trial = new TrialSpec(new JdkChoice(HostProbe.local().probe()).resolve(jdkOption.jdk),
                    TrialSpec.splitFlags(flags != null ? flags : spec.defaultFlags()),
                    new Program.Workload(name, params), timeoutOption.duration(), dir, false, Map.of());
            err.println("jvmtune workload: running " + name + " on JDK " + trial.jdk().version() + " with "
                    + String.join(" ", trial.jvmFlags()));
            r = new TrialRunner().run(trial);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        }
        Path metrics = dir.resolve("metrics.json");
        byte[] console = console(dir);
        if (r.outcome() != Outcome.OK || r.metricsJson() == null) {
            err.write(console);
            throw CommandException.programFailed(name + " ended " + r.outcome() + " (exit " + r.exitCode() + ")"
                    + (r.outcome() == Outcome.TIMEOUT ? " after " + timeoutOption.timeout + " and was killed" : "")
                    + (r.metricsJson() != null ? "" : " without writing " + metrics));
        }
        PrintStream stdout = streams.out();
        stdout.write(console);
        Path abs = dir.toAbsolutePath().normalize();
        stdout.println("metrics: " + abs.resolve("metrics.json"));
        stdout.println("gc log:  " + abs.resolve("gc.log"));
        stdout.println("output:  " + abs.resolve("stdout.log") + ", " + abs.resolve("stderr.log"));
        stdout.println("analyze: " + Main.command("analyze", abs.resolve("gc.log")));
        return Main.OK;
    }

    /** The workload's standard output then its standard error, as the trial runner captured them. */
    static byte[] console(Path dir) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        for (String f : List.of("stdout.log", "stderr.log")) {
            if (Files.exists(dir.resolve(f))) {
                b.write(Files.readAllBytes(dir.resolve(f)));
            }
        }
        return b.toByteArray();
    }
}
