package dev.jvmtune.cli;

import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.report.EventLines;
import dev.jvmtune.report.JsonReport;
import dev.jvmtune.report.TextReport;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The README's first command until the tuner exists: runs the bundled allocation workload under G1 with
 * full GC logging, then analyzes the log it wrote.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run the bundled allocation workload (dev.jvmtune.workloads.AllocationChurn) in a fresh "
                + "JVM with GC logging on, then analyze its log: prints the summary and writes "
                + "DIR/gc.log, DIR/analysis.json, DIR/events.jsonl and the workload's console output DIR/workload.out."},
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
        Files.createDirectories(out);
        Path log = out.resolve("gc.log");
        Files.deleteIfExists(log);
        Path javaBin = java != null ? java : Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBin.toString());
        for (String f : flags.trim().split("\\s+")) {
            if (!f.isEmpty()) {
                cmd.add(f);
            }
        }
        cmd.add("-Xlog:gc*,safepoint:file=" + log + ":time,uptime,level,tags");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("dev.jvmtune.workloads.AllocationChurn");
        cmd.add("--seconds");
        cmd.add(Integer.toString(seconds));
        err.println("jvmtune demo: running " + String.join(" ", cmd.subList(0, cmd.size() - 5))
                + " ... AllocationChurn --seconds " + seconds);
        // to a file, not a pipe: a chatty workload must not block on a full pipe buffer
        Path console = out.resolve("workload.out");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(console.toFile());
        pb.environment().put("JVMTUNE_METRICS", out.resolve("metrics.json").toString());
        Process p = pb.start();
        boolean finished = p.waitFor(seconds + 60L, TimeUnit.SECONDS);
        if (!finished) {
            p.destroyForcibly();
            err.println("jvmtune demo: the workload did not finish within " + (seconds + 60) + " s and was killed");
            return WORKLOAD_FAILED;
        }
        if (p.exitValue() != 0 || !Files.exists(log)) {
            err.write(Files.readAllBytes(console));
            err.println("jvmtune demo: the workload exited with status " + p.exitValue());
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
