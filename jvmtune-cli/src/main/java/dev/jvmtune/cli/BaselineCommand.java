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
                + "every number: heap from the memory limit minus headroom and the parts besides the heap - measured "
                + "in a run of the application with --from (each capped: MaxMetaspaceSize, ReservedCodeCacheSize, "
                + "MaxDirectMemorySize), otherwise left to the JVM with a share of the limit kept for them; -Xms = "
                + "-Xmx where the memory is the JVM's (a container's limit, or --dedicated); GC threads from the "
                + "CPUs or the cgroup quota (HotSpot's 8 + (N-8) x 5/8); UseNUMA only when the heap spans NUMA "
                + "nodes; the collector by goal and JDK; the GC logging that 'jvmtune analyze' reads. The host is "
                + "taken as shared (its available memory) unless --dedicated says otherwise.", "",
                "For a container of a given limit, from measured runs: 'jvmtune budget --limit'.", "",
                "It is a start, not an answer: run the application with it, then 'jvmtune analyze gc.log'.", ""},
        exitCodeList = {"0:proposed",
                "2:wrong command line (unknown goal, bad size, unknown --jdk)",
                "3:--root is not a directory, or --from is not a finished trial with a footprint",
                "4:the facts allow no configuration (memory unknown or too small); the message says which"},
        footer = {"", "Examples:",
                "  jvmtune baseline                            latency, JAVA_HOME's JDK",
                "  jvmtune baseline --goal throughput --jdk 25 a batch job on JDK 25",
                "  jvmtune baseline --jdk /usr/lib/jvm/java-17-openjdk-amd64 --app-memory 600m",
                "  jvmtune baseline --dedicated --from run-out  a server of its own, parts measured by jvmtune run",
                "  jvmtune baseline --goal footprint          a desktop tool",
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

    @Option(names = "--dedicated", description = "This JVM has the host to itself: size from all its memory "
            + "(MemTotal) and pin the heap. Without it the host is taken as shared: available memory, heap unpinned.")
    boolean dedicated;

    @Option(names = "--shared", hidden = true, description = "The default: the host runs other work too.")
    boolean shared;

    @Option(names = "--from", paramLabel = "DIR", description = "A measured run of the application (jvmtune run "
            + "--out DIR): the parts besides the heap come from its footprint, each capped with headroom.")
    Path from;

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
        if (shared && dedicated) {
            throw CommandException.usage("--shared and --dedicated contradict each other");
        }
        if (from != null && appMemory != null) {
            throw CommandException.usage("--from measures what --app-memory would give: use one");
        }
        HostFacts facts = HostCli.probe(root).probe();
        Jdks.Choice choice;
        try {
            choice = Jdks.choose(jdkOption.jdk, facts, Runtime.version().feature(), System.getProperty("java.version"));
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        }
        dev.jvmtune.host.memory.NonHeap measured = null;
        if (from != null) {
            try {
                measured = dev.jvmtune.host.memory.NonHeap.of(dev.jvmtune.lab.run.TrialRecord.read(from)
                        .measured(facts.memory().totalBytes(), Math.max(1, facts.jvmCpus())));
            } catch (IOException e) {
                throw CommandException.inputError(e.getMessage());
            }
        }
        Baseline b;
        try {
            b = BaselineCalculator.compute(facts,
                    new BaselineCalculator.Request(g, choice.feature(), app, dedicated, pauseGoalMs, measured));
        } catch (BaselineCalculator.Impossible e) {
            throw CommandException.notAnalyzable(e.getMessage());
        }
        if (jsonOption.json) {
            HostJson.baseline(facts, b, choice.jdk(), streams.out());
            streams.out().println();
        } else {
            HostText.baseline(b, choice.describe(), streams.out());
        }
        streams.out().flush();
        return Main.OK;
    }
}
