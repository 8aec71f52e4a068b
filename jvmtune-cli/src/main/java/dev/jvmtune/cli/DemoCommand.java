package dev.jvmtune.cli;

import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.lab.run.Outcome;
import dev.jvmtune.lab.run.Program;
import dev.jvmtune.lab.run.TrialResult;
import dev.jvmtune.lab.run.TrialRunner;
import dev.jvmtune.lab.run.TrialSpec;
import dev.jvmtune.report.EventLines;
import dev.jvmtune.report.JsonReport;
import dev.jvmtune.report.TextReport;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The README's first command until the tuner exists: runs the bundled allocation workload under G1 with
 * full GC logging, then analyzes the log it wrote.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run the bundled allocation workload (dev.jvmtune.workloads.AllocationChurn) in a fresh "
                + "JVM with GC logging on, then analyze its log: prints the summary and writes "
                + "DIR/gc.log, DIR/analysis.json, DIR/events.jsonl and the workload's console output DIR/stdout.log, "
                + "DIR/stderr.log."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:internal error", "2:wrong command line",
                "5:the workload JVM failed or timed out (its output is shown)"})
final class DemoCommand extends StreamCommand implements Callable<Integer> {

    static final int WORKLOAD_FAILED = 5;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "demo-out",
            description = "Where the log and reports go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--seconds", defaultValue = "10", description = "How long the workload runs (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--java", paramLabel = "PATH", description = "java executable for the workload "
            + "(default: the one running jvmtune).")
    Path java;

    @Option(names = "--flags", paramLabel = "FLAGS", defaultValue = "-XX:+UseG1GC -Xmx256m",
            description = "JVM flags for the workload (default: ${DEFAULT-VALUE}).")
    String flags;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintStream stdout = streams.out();
        PrintStream err = streams.err();
        List<String> cmd = List.of("java", TrialRunner.JVMFLAGS, "-cp", System.getProperty("java.class.path"),
                "dev.jvmtune.workloads.AllocationChurn", "--seconds", Integer.toString(seconds));
        TrialSpec trial = new TrialSpec(WorkloadCommand.jdk(java), TrialSpec.splitFlags(flags),
                new Program.Command(cmd), Duration.ofSeconds(seconds + 60L), out, false, Map.of());
        err.println("jvmtune demo: running AllocationChurn --seconds " + seconds + " on JDK " + trial.jdk().version()
                + " with " + flags);
        TrialResult r = new TrialRunner().run(trial);
        Path log = out.resolve("gc.log");
        if (r.outcome() != Outcome.OK || !Files.exists(log)) {
            err.write(WorkloadCommand.console(out));
            err.println("jvmtune demo: the workload ended " + r.outcome() + " (exit " + r.exitCode() + ")");
            return WORKLOAD_FAILED;
        }
        LogAnalysis analysis;
        Path events = out.resolve("events.jsonl");
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(events));
             EventLines lines = new EventLines(o, null)) {
            analysis = LogAnalysis.of(LogInputs.resolve(List.of(log)).get(0), lines, null).get(0); // a fresh log: one run
        }
        Path json = out.resolve("analysis.json");
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(json))) {
            JsonReport.write(List.of(analysis), Main.version(), o);
        }
        TextReport.write(analysis, stdout);
        stdout.println();
        stdout.println("wrote " + log + ", " + json + ", " + events);
        return Main.OK;
    }
}
