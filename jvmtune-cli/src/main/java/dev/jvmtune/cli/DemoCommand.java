package dev.jvmtune.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The README's first command: the tuner on S3's workload. {@code timeseries} loads 14 days of samples into a
 * 512 MB Parallel heap that starts small and grows by Full GCs; the tuner measures it, tries changes one at a
 * time by A/B and keeps what shortens the load beyond noise. A fresh session each time, in {@code --out}, unless
 * {@code --resume} continues the one there.
 */
@Command(name = "demo",
        header = "Tune a bundled workload's flags by experiment (the demo)",
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Tune the bundled timeseries workload (S3: a data-heavy client whose heap grows by Full GCs) "
                + "toward 20%% less load time: baseline, candidate changes from the rules and the search space, each "
                + "verified by an interleaved A/B. Writes DIR/report.html (the tuning page), DIR/tune.json, the "
                + "journal DIR/tune.jsonl and DIR/trials/, stores every trial in the results database (--db; 'jvmtune "
                + "results list' shows the session), and prints the path of accepted and rejected changes and the "
                + "flags to paste. The same as:",
                "  jvmtune tune --workload timeseries --flags '" + DemoCommand.FLAGS
                        + "' --goal 'metrics.wallSec <= -20%%' --max-minutes 6 --out demo-out -- --days 14"},
        exitCodeList = {"0:goal met",
                "6:goal not met (out of reach or not reachable by JVM flags, too noisy to tell, or the time budget spent)",
                "5:the baseline did not run (the workload failed)",
                "130:stopped by Ctrl-C or SIGTERM: the trial that was running is discarded, --resume runs it again"},
        footer = {"", "Examples:", "  jvmtune demo",
                "  jvmtune demo --minutes 2 --days 4 --jdk 25   a shorter session, on JDK 25",
                "  jvmtune results list                       the session, among the results database's"})
final class DemoCommand extends StreamCommand implements Callable<Integer> {

    @Mixin
    SharedOptions.Out outOption;

    @Mixin
    SharedOptions.Jdk jdkOption;

    @Mixin
    SharedOptions.Db dbOption;

    static final String FLAGS = "-XX:+UseParallelGC -Xmx512m";
    static final String GOAL = "metrics.wallSec <= -20%";

    @Option(names = "--minutes", defaultValue = "6", description = "Time budget of the trials in minutes "
            + "(default: ${DEFAULT-VALUE}); the session ends at the first A/B that would start past it.")
    double minutes;

    @Option(names = "--days", defaultValue = "14", description = "Days of samples the workload loads "
            + "(default: ${DEFAULT-VALUE}).")
    int days;

    @Option(names = "--resume", description = "Continue the demo's session in --out from its last finished trial "
            + "(after Ctrl-C); its settings come from the journal.")
    boolean resume;

    @Override
    public Integer call() throws IOException {
        Path out = outOption.dir();
        if (resume) {
            return Main.run(new String[] {"tune", "--resume", "--out", out.toString(), "--db", dbOption.location()},
                    streams.out(), streams.err());
        }
        for (String f : List.of("tune.jsonl", "tune.json", "report.html")) {
            Files.deleteIfExists(out.resolve(f));
        }
        Path trials = out.resolve("trials");
        if (Files.isDirectory(trials)) {
            try (Stream<Path> s = Files.walk(trials)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        List<String> args = new ArrayList<>(List.of("tune", "--workload", "timeseries", "--flags", FLAGS, "--goal",
                GOAL, "--max-minutes", Double.toString(minutes), "--out", out.toString(), "--db", dbOption.location()));
        if (jdkOption.jdk != null) {
            args.addAll(List.of("--jdk", jdkOption.jdk));
        }
        args.addAll(List.of("--", "--days", Integer.toString(days)));
        return Main.run(args.toArray(String[]::new), streams.out(), streams.err());
    }
}
