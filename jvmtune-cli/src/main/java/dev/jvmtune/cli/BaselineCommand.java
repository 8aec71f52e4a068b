package dev.jvmtune.cli;

import dev.jvmtune.host.Baseline;
import dev.jvmtune.host.BaselineCalculator;
import dev.jvmtune.host.Goal;
import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.HostJson;
import dev.jvmtune.host.HostText;
import dev.jvmtune.host.Jdks;
import dev.jvmtune.host.Sizes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "baseline",
        header = "A starting JVM configuration with the arithmetic behind it",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Propose a starting JVM configuration for this machine and show the arithmetic behind "
                + "every number: heap from the memory limit minus metaspace, code cache, thread stacks, direct "
                + "memory and headroom (the Cloud Foundry / Paketo memory-calculator model); -Xms = -Xmx where "
                + "it pays; GC threads from the CPUs or the cgroup quota (HotSpot's 8 + (N-8) x 5/8); UseNUMA "
                + "only when the heap spans NUMA nodes; the collector by goal and JDK; the GC logging that "
                + "'jvmtune analyze' reads.", "",
                "It is a start, not an answer: run the application with it, then 'jvmtune analyze gc.log'.", ""},
        exitCodeList = {"0:proposed",
                "2:wrong command line (unknown goal, bad size, unknown --jdk)",
                "3:--root is not a directory",
                "4:the facts allow no configuration (memory unknown or too small); the message says which"},
        footer = {"", "Examples:",
                "  jvmtune baseline                            latency, JAVA_HOME's JDK",
                "  jvmtune baseline --goal throughput --jdk 25 a batch job on JDK 25",
                "  jvmtune baseline --jdk /usr/lib/jvm/java-17-openjdk-amd64 --app-memory 600m",
                "  jvmtune baseline --goal footprint --shared  a desktop tool",
                "  jvmtune baseline --json | jq -r '.flags | join(\" \")'"})
final class BaselineCommand extends StreamCommand implements Callable<Integer> {

    @Mixin
    SharedOptions.Jdk jdkOption;

    @Mixin
    SharedOptions.Json jsonOption;

    @Option(names = "--root", paramLabel = "DIR", description = "Read sys/, proc/ and usr/lib/jvm/ under DIR instead of /.")
    Path root;

    @Option(names = "--goal", paramLabel = "latency|throughput|footprint", defaultValue = "latency",
            description = "What to optimize: short pauses, work per CPU second, or memory and CPU used (default: ${DEFAULT-VALUE}).")
    String goal;

    @Option(names = "--app-memory", paramLabel = "SIZE",
            description = "The application's non-heap needs (metaspace, direct buffers, native libraries), e.g. 600m; "
                    + "replaces the model's estimates for metaspace and direct memory.")
    String appMemory;

    @Option(names = "--shared", description = "The host runs other work too: size from available memory and "
            + "let the heap grow instead of pinning it.")
    boolean shared;

    @Option(names = "--pause-goal", paramLabel = "MS", defaultValue = "100",
            description = "G1's pause-time goal for the latency goal (default: ${DEFAULT-VALUE}).")
    int pauseGoalMs;

    @Override
    public Integer call() throws IOException {
        Goal g;
        try {
            g = Goal.valueOf(goal.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw CommandException.usage("unknown --goal '" + goal + "': use latency, throughput or footprint");
        }
        long app = -1;
        if (appMemory != null) {
            try {
                app = Sizes.parse(appMemory);
            } catch (IllegalArgumentException e) {
                throw CommandException.usage("--app-memory: " + e.getMessage());
            }
        }
        if (pauseGoalMs <= 0) {
            throw CommandException.usage("--pause-goal must be a positive number of milliseconds");
        }
        HostFacts facts = HostCli.probe(root).probe();
        Jdks.Choice choice;
        try {
            choice = Jdks.choose(jdkOption.jdk, facts, Runtime.version().feature(), System.getProperty("java.version"));
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        }
        Baseline b;
        try {
            b = BaselineCalculator.compute(facts,
                    new BaselineCalculator.Request(g, choice.feature(), app, shared, pauseGoalMs));
        } catch (BaselineCalculator.Impossible e) {
            throw CommandException.notAnalyzable(e.getMessage());
        }
        if (jsonOption.json) {
            HostJson.baseline(facts, b, choice.jdk(), "jvmtune " + Main.version(), streams.out());
            streams.out().println();
        } else {
            HostText.baseline(b, choice.describe(), streams.out());
        }
        streams.out().flush();
        return Main.OK;
    }
}
