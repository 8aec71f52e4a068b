package dev.jvmtune.cli;

import dev.jvmtune.workloads.WorkloadSpec;
import dev.jvmtune.workloads.Workloads;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Runs one bundled workload (issue 7) in a fresh JVM with GC logging on, the way {@code demo} runs
 * AllocationChurn, and says where its metrics file, GC log and console output are. The workload's own
 * parameters follow its name and are passed through unchanged, checked against its {@link WorkloadSpec} first
 * so a typo fails here rather than in the child JVM.
 */
@Command(name = "workload", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a bundled workload in a fresh JVM with GC logging on; writes DIR/gc.log, "
                + "DIR/metrics.json (its JVMTUNE_METRICS file) and DIR/workload.out (its console output)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:internal error", "2:wrong command line (unknown workload or parameter)",
                "5:the workload JVM failed or timed out (its output is shown)"})
final class WorkloadCommand extends StreamCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "NAME", description = "The workload (listed below).")
    String name;

    @Parameters(index = "1..*", paramLabel = "PARAM", description = "The workload's parameters: --name value ...")
    List<String> params = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Where its files go (default: workload-out/NAME).")
    Path out;

    @Option(names = "--flags", paramLabel = "FLAGS",
            description = "JVM flags for the workload, replacing its defaults (listed below).")
    String flags;

    @Option(names = "--java", paramLabel = "PATH", description = "java executable for the workload "
            + "(default: the one running jvmtune).")
    Path java;

    @Option(names = "--timeout", paramLabel = "SEC", defaultValue = "900",
            description = "Kill the workload after this many seconds (default: ${DEFAULT-VALUE}).")
    int timeoutSec;

    /**
     * Lets workload parameters ({@code --days 3}) stand after NAME without being taken for options of this
     * command, and lists the workloads in the help.
     */
    static void configure(CommandLine cl) {
        cl.setUnmatchedOptionsArePositionalParams(true);
        cl.getCommandSpec().usageMessage().footer(catalog());
    }

    static String catalog() {
        StringBuilder b = new StringBuilder("%nWorkloads:%n");
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
        WorkloadSpec spec = Workloads.find(name).orElse(null);
        if (spec == null) {
            err.println("jvmtune: unknown workload '" + name + "'; one of: "
                    + String.join(", ", Workloads.all().stream().map(WorkloadSpec::name).toList()));
            return Main.USAGE;
        }
        try {
            spec.parse(params.toArray(String[]::new)); // names and presence; the workload checks the values
        } catch (IllegalArgumentException e) {
            err.println("jvmtune: " + e.getMessage());
            return Main.USAGE;
        }
        Path dir = out != null ? out : Path.of("workload-out", name);
        Files.createDirectories(dir);
        Path log = dir.resolve("gc.log");
        Path metrics = dir.resolve("metrics.json");
        Path console = dir.resolve("workload.out");
        Files.deleteIfExists(log);
        Files.deleteIfExists(metrics);

        List<String> cmd = command(spec, log);
        err.println("jvmtune workload: running " + String.join(" ", cmd));
        // to a file, not a pipe: a chatty JVM must not block on a full pipe buffer
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(console.toFile());
        pb.environment().put("JVMTUNE_METRICS", metrics.toString());
        Process p = pb.start();
        if (!p.waitFor(timeoutSec, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            err.write(Files.readAllBytes(console));
            err.println("jvmtune workload: " + name + " did not finish within " + timeoutSec + " s and was killed");
            return DemoCommand.WORKLOAD_FAILED;
        }
        if (p.exitValue() != 0 || !Files.exists(metrics)) {
            err.write(Files.readAllBytes(console));
            err.println("jvmtune workload: " + name + " exited with status " + p.exitValue()
                    + (Files.exists(metrics) ? "" : " without writing " + metrics));
            return DemoCommand.WORKLOAD_FAILED;
        }
        PrintStream stdout = streams.out();
        stdout.write(Files.readAllBytes(console));
        stdout.println("metrics: " + metrics);
        stdout.println("gc log:  " + log + " (bin/jvmtune analyze " + log + ")");
        stdout.println("output:  " + console);
        return Main.OK;
    }

    private List<String> command(WorkloadSpec spec, Path log) {
        Path javaBin = java != null ? java : Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBin.toString());
        for (String f : (flags != null ? flags : spec.defaultFlags()).trim().split("\\s+")) {
            if (!f.isEmpty()) {
                cmd.add(f);
            }
        }
        cmd.add("-Xlog:gc*,safepoint:file=" + log + ":time,uptime,level,tags");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(spec.mainClass());
        cmd.addAll(params);
        return cmd;
    }
}
