package dev.jvmtune.cli;

import dev.jvmtune.core.Json;
import dev.jvmtune.core.options.FlagSet;
import dev.jvmtune.report.FormatType;
import dev.jvmtune.report.TuningSession;
import dev.jvmtune.tune.Journal;
import dev.jvmtune.tune.JournaledRunner;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.HostProbe;
import dev.jvmtune.lab.experiment.ExperimentSpec;
import dev.jvmtune.lab.run.Durations;
import dev.jvmtune.lab.run.JdkChoice;
import dev.jvmtune.lab.run.Program;
import dev.jvmtune.core.io.AtomicFile;
import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.lab.run.ProgramNotStartedException;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.WriterLockedException;
import dev.jvmtune.tune.LabTrialRunner;
import dev.jvmtune.tune.CpuCandidates;
import dev.jvmtune.tune.Evidence;
import dev.jvmtune.tune.HeapCandidates;
import dev.jvmtune.tune.RuleCandidates;
import dev.jvmtune.tune.SearchSpace;
import dev.jvmtune.tune.TrialResult;
import dev.jvmtune.tune.TuneResult;
import dev.jvmtune.tune.TuneSettings;
import dev.jvmtune.tune.Tuner;
import dev.jvmtune.workloads.WorkloadSpec;
import dev.jvmtune.workloads.Workloads;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The tuner (issue 8): measures the program under its flags, proposes changes from the rules and a declared
 * search space, verifies each against the current best by A/B, and keeps what improves the goal beyond noise.
 */
@Command(name = "tune",
        header = "Tune JVM flags toward a goal by A/B experiments",
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Tune JVM flags toward a goal by experiment: baseline (the starting flags, repeated) and its "
                + "noise (too noisy for the goal: said, with the --repeats it would need), then candidates from the "
                + "evidence of the best's trials (rules, the compilers' and GC's CPU, the peak live set; the "
                + "independent ones first as one trial), a declared search space and a model of what was measured, "
                + "each raced against the current best one trial at a time, dropped as soon as it cannot pass, and "
                + "kept only if interleaved pairs confirm it beyond noise and no guard breaks; until the goal is met, "
                + "it lies beyond what flags can give, the budget is spent or nothing is left to try.",
                "Every trial and decision goes to DIR/tune.jsonl as it ends (--resume continues a killed session); "
                        + "the result to DIR/tune.json and stdout.", ""},
        footer = {"", "Examples:",
                "  jvmtune tune --workload blockcache --goal 'gc.pause.p50Ms <= 25ms' -- --seconds 8",
                "  jvmtune tune --workload timeseries --flags '-XX:+UseParallelGC -Xmx512m' "
                        + "--goal 'metrics.wallSec <= -20%%' -- --days 12",
                "  jvmtune tune --goal 'wallSec <= -20%%' --guard 'latency.p99Ms <= +10%%' -- java -jar app.jar",
                "  jvmtune tune --resume --out tune-out",
                "", "Metrics (unit last): gc.pause.p99Ms, gc.pause.maxMs, gc.pause.meanMs, gc.pause.totalMs, "
                + "gc.throughputPct, gc.fullCount (GC log); wallSec (the trial's), rss.peakBytes; throughputOpsPerSec, "
                + "latency.p50Ms/p99Ms/p999Ms/maxMs and metrics.NAME (the program's JVMTUNE_METRICS file); the names "
                + "without units of earlier versions work too. A signed percentage is relative to the baseline's "
                + "median.", "See docs/tuner.md."},
        exitCodeList = {"0:goal met",
                "6:goal not met (out of reach or not reachable by JVM flags, too noisy to tell, or budget spent)",
                "5:the baseline did not run, does not report the goal's metric, or a relative target cannot be judged "
                        + "on it (a baseline of 0)", "130:stopped by Ctrl-C or SIGTERM: the trial that was running is "
                        + "discarded, --resume runs it again"})
final class TuneCommand extends StreamCommand implements Callable<Integer> {

    @Mixin
    SharedOptions.Timeout timeoutOption;

    @Mixin
    SharedOptions.Jdk jdkOption;

    @Mixin
    SharedOptions.Out outOption;

    @Mixin
    SharedOptions.Db dbOption;

    @Mixin
    SharedOptions.Json jsonOption;

    private static final ObjectMapper JSON = Json.mapper();

    @Option(names = "--workload", paramLabel = "NAME",
            description = "A bundled workload (see 'jvmtune workload --help'); its parameters follow '--'.")
    String workload;

    @Option(names = "--goal", paramLabel = "TARGET", description = "What to reach, e.g. 'gc.pause.p99Ms <= 50ms', "
            + "'metrics.wallSec <= -20%%' (relative to the baseline), 'throughput >= +10%%'.")
    String goal;

    @Option(names = "--guard", paramLabel = "TARGET", description = "What must not break, e.g. "
            + "'throughput >= -5%%' (repeatable); checked on each candidate's median.")
    List<String> guards = new ArrayList<>();

    @Option(names = "--pin", paramLabel = "SETTING", description = "A setting no candidate may change, e.g. -Xmx "
            + "(the memory the deployment has), NewRatio, collector (repeatable).")
    List<String> pinned = new ArrayList<>();

    @Option(names = "--flags", paramLabel = "FLAGS", description = "The flags to start from (default: the "
            + "workload's defaults; for a command, none).")
    String flags;

    @Option(names = "--repeats", defaultValue = "3", description = "Trials per arm in each A/B round and in the "
            + "baseline (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--max-trials", defaultValue = "40", description = "Trial budget, baseline included (default: "
            + "${DEFAULT-VALUE}).")
    int maxTrials;

    @Option(names = "--max-minutes", defaultValue = "0", description = "Time budget in minutes of trials (default: "
            + "none); a candidate starts only if both its A/B rounds fit, at the mean trial time so far.")
    double maxMinutes;

    @Option(names = "--alpha", defaultValue = "0.05", description = "Significance of an A/B's first round; the "
            + "pooled decision uses alpha/5 (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the bootstrap (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--resume", description = "Continue the session in --out from its last finished trial; its "
            + "goal, flags and program come from the journal.")
    boolean resume;

    @Option(names = "--beyond-bound", description = "Go on when the goal lies beyond the bound printed after the "
            + "baseline (the most flags can plausibly give back: GC pauses, concurrent GC and compiler CPU); by "
            + "default the session stops there, out of reach.")
    boolean beyondBound;

    @Parameters(paramLabel = "ARGS", description = "After '--': the workload's parameters, or the command to tune.")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException, WriterLockedException {
        PrintStream err = streams.err();
        Path out = outOption.dir();
        Path journalFile = out.resolve("tune.jsonl");
        Journal journal = null;
        TuneSettings s;
        HostFacts.Jdk jdkToRun;
        try {
            if (resume) {
                journal = Journal.resume(journalFile);
                s = journal.settings();
            } else {
                s = settings();
            }
            jdkToRun = new JdkChoice(HostProbe.local().probe()).resolve(s.jdk());
            // as `results` will read the session back: what it would refuse (a {placeholder} in the command that
            // nothing replaces) is refused now
            ExperimentSpec.parse(experimentSpec(sessionName(s), s, jdkToRun));
            if (journal == null) { // only a session that can run is recorded
                journal = Journal.create(journalFile, s, dbOption.location());
            }
        } catch (IllegalStateException e) { // another jvmtune runs the session
            throw new CommandException(Main.USAGE, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        } catch (IOException e) {
            throw CommandException.inputError("cannot write the journal " + journalFile + ": " + IoErrors.describe(e));
        }
        try (Journal j = journal; ResultStore store = openStore(j, s, jdkToRun)) {
            Program program = s.workload() != null ? new Program.Workload(s.workload(), s.params())
                    : new Program.Command(s.command());
            JournaledRunner runner = new JournaledRunner(new LabTrialRunner(jdkToRun, program, out,
                    Duration.ofSeconds(s.timeoutSec()), store, j.storeExperimentId(), FlagSet.parse(s.flags())), j);
            err.println("jvmtune tune: " + subject(s) + " from '" + s.flags() + "', goal " + s.goal()
                    + (resume ? "; resuming after " + runner.replayable() + " finished trials" : "")
                    + "; trials saved in " + store.describe() + " as " + j.storeExperimentId());
            String metric = s.goalTarget().metric();
            long machine = machineBytes();
            Tuner tuner = new Tuner(runner, List.of(new RuleCandidates(), new CpuCandidates(metric),
                    new HeapCandidates(machine)), SearchSpace.standard(machine), s, j, listener(err, s),
                    runner.replayable(), t -> Evidence.read(t, s.pauseGoalMs()), machine);
            TuneResult r = tuner.run();
            // the result first: tune.json needs no GC log, the page reads two
            TuningSession result = TuningSession.result(r, subject(s), j.trials());
            AtomicFile.write(out.resolve("tune.json"), o -> write(result, FormatType.JSON, o));
            Path html = out.resolve("report.html");
            TuningSession session = result.withLogs();
            AtomicFile.write(html, o -> write(session, FormatType.HTML, o));
            write(result, jsonOption.json ? FormatType.JSON : FormatType.TEXT, streams.out());
            if (!jsonOption.json) {
                streams.out().println();
                streams.out().println("wrote " + html + " (the tuning page), " + out.resolve("tune.json")
                        + " and the journal " + journalFile);
            }
            return switch (r.outcome()) {
                case GOAL_MET -> Main.OK;
                case BASELINE_FAILED -> Main.PROGRAM_FAILED;
                default -> Main.GOAL_NOT_MET;
            };
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new CommandException(Main.USAGE, e.getMessage());
        } catch (WriterLockedException e) {
            throw e;
        } catch (SQLException e) {
            String db = dbOption.location();
            throw CommandException.inputError("results database " + (resume ? "" : ResultStore.redact(db) + " ")
                    + "cannot be used: " + ResultStore.explain(e, db));
        } catch (ProgramNotStartedException e) {
            throw CommandException.inputError("cannot run a trial: " + e.getMessage() + " (finished trials are kept "
                    + "in " + journalFile + ")");
        } catch (IOException e) {
            // jvmtune's own failure, never a trial's outcome: the session stops, --resume continues it
            throw CommandException.inputError("stopped: " + e.getMessage() + " (finished trials are kept in "
                    + journalFile + "; --resume continues)");
        }
    }

    private static void write(TuningSession session, FormatType type, OutputStream out) throws IOException {
        TuningSession.FORMATS.create(type, Main.version()).write(session, out);
    }

    /** What is tuned: the workload and its parameters, or the command. */
    static String subject(TuneSettings s) {
        return (s.workload() != null ? s.workload() + " " + String.join(" ", s.params()) : String.join(" ", s.command()))
                .strip();
    }

    /**
     * The session's results database: the one the journal names, or for a new session {@code --db}, where
     * an experiment {@code tune-NAME-N} is created and recorded in the journal.
     */
    private ResultStore openStore(Journal j, TuneSettings s, HostFacts.Jdk jdk) throws SQLException, IOException {
        if (j.storeDb() != null) {
            ResultStore store = ResultStore.open(j.storeDb());
            try {
                store.lockWriter(j.storeExperimentId());
            } catch (SQLException e) {
                store.close();
                throw e;
            }
            return store;
        }
        // the database the session began with, even when a kill came before its store line; absolute: resumable
        // from anywhere
        String where = resume && j.database() != null ? j.database() : dbOption.location();
        ResultStore store = ResultStore.open(where);
        String name = sessionName(s);
        String id = store.createExperiment(name, experimentSpec(name, s, jdk), s.seed(), s.maxTrials(),
                java.time.Instant.now().toString(), outOption.dir().toAbsolutePath().toString());
        j.store(where, id);
        return store;
    }

    /** The session's experiment name, tune-WORKLOAD or tune-PROGRAM, in the characters a spec's name may hold. */
    private static String sessionName(TuneSettings s) {
        return ("tune-" + (s.workload() != null ? s.workload() : Path.of(s.command().get(0)).getFileName()))
                .replaceAll("[^A-Za-z0-9._-]", "-");
    }

    /**
     * The session as a lab experiment spec (docs/lab.md), so that {@code results summary} reads it: the program,
     * the JDK, the starting flags (flag set "start"; the candidates' flag sets are named by the trials, see
     * {@link LabTrialRunner}), the goal's metric. The full settings are the journal's first line.
     */
    private static String experimentSpec(String name, TuneSettings s, HostFacts.Jdk jdk) throws IOException {
        Map<String, List<String>> params = null;
        if (s.workload() != null) {
            params = new LinkedHashMap<>();
            for (Map.Entry<String, String> p : LabTrialRunner.params(s.params()).entrySet()) {
                params.put(p.getKey(), List.of(p.getValue()));
            }
        }
        return JSON.writeValueAsString(new SpecDocument(name, List.of(String.valueOf(jdk.feature())), s.workload(),
                params, s.workload() != null ? null : s.command(), Collections.singletonMap("start", s.flags()),
                s.repeats(), s.seed(), s.timeoutSec() + "s", s.goalTarget().metric()));
    }

    /**
     * An experiment spec as {@link ExperimentSpec#parse} reads it: a workload with its parameters (one value each)
     * or a command, never both; one flag set, {@code start}.
     */
    record SpecDocument(String name, List<String> jdks, @JsonInclude(Include.NON_NULL) String workload,
                        @JsonInclude(Include.NON_NULL) Map<String, List<String>> params,
                        @JsonInclude(Include.NON_NULL) List<String> command, Map<String, String> flags, int repeats,
                        long seed, String timeout, String metric) {
    }

    /** The session's settings from the command line, checked before anything runs. */
    private TuneSettings settings() {
        if (goal == null) {
            throw new IllegalArgumentException("--goal is required, e.g. --goal 'gc.pause.p99Ms <= 50ms'");
        }
        if (workload == null && args.isEmpty()) {
            throw new IllegalArgumentException("nothing to tune: give --workload NAME or a command after '--'");
        }
        if (repeats < 2) {
            throw new IllegalArgumentException("--repeats must be at least 2: one trial per arm says nothing "
                    + "about noise");
        }
        String start = flags;
        if (workload != null) {
            WorkloadSpec spec = Workloads.find(workload).orElseThrow(() -> new IllegalArgumentException(
                    "unknown workload '" + workload + "'; one of: " + String.join(", ",
                            Workloads.all().stream().map(WorkloadSpec::name).toList())));
            spec.parse(args.toArray(String[]::new));
            start = start != null ? start : spec.defaultFlags();
        }
        TuneSettings s = new TuneSettings(workload, workload != null ? args : List.of(),
                workload != null ? List.of() : args, jdkOption.jdk, start == null ? "" : start.trim(), goal, guards,
                repeats, maxTrials, maxMinutes, alpha, seed, timeoutOption.duration().toSeconds(), pinned,
                beyondBound);
        s.goalTarget(); // parse errors now, not after the baseline
        s.guardTargets();
        FlagSet.parse(s.flags());
        s.checkBudget();
        return s;
    }

    private static Tuner.Listener listener(PrintStream err, TuneSettings s) {
        String metric = s.goalTarget().metric();
        return new Tuner.Listener() {
            @Override
            public void trial(TrialResult r, int budget, boolean replayed) {
                err.printf(Locale.ROOT, "  trial %03d (%d of %d) %-8s %-9s %6.1f s  %s %s%s%n", r.seq(), r.seq() + 1,
                        budget, r.arm(),
                        r.outcome(), r.seconds(), metric, dev.jvmtune.lab.run.Metrics.format(metric, r.metric(metric)), replayed ? "  (from the journal)" : "");
            }

            @Override
            public void note(String line) {
                err.println(line);
            }
        };
    }

    private static long machineBytes() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return -1;
    }
}
