package dev.jvmtune.lab.experiment;

import com.fasterxml.jackson.core.JsonPointer;
import dev.jvmtune.host.HostFacts;
import dev.jvmtune.lab.run.JdkChoice;
import dev.jvmtune.lab.run.Program;
import dev.jvmtune.lab.run.ProgramNotStartedException;
import dev.jvmtune.lab.run.TrialResult;
import dev.jvmtune.lab.run.TrialRunner;
import dev.jvmtune.lab.run.TrialSpec;
import dev.jvmtune.lab.store.ExperimentRow;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.StoredTrial;
import dev.jvmtune.workloads.WorkloadSpec;
import dev.jvmtune.workloads.Workloads;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Runs an experiment's plan trial by trial, a fresh JVM each, storing every finished trial before the next
 * starts. A trial that fails, hangs or runs out of memory is stored with that outcome and the experiment goes
 * on; {@link #resume} continues after the last stored trial of a killed run, rerunning none. What is not the
 * program's doing is never stored as its outcome: jvmtune's own I/O errors stop the experiment (an
 * {@link IOException}), and a trial cut short because jvmtune is stopped is discarded (an
 * {@link InterruptedException}); either way {@code --resume} runs it again. Only one process runs an
 * experiment at a time ({@link ResultStore#lockWriter}).
 */
public final class ExperimentRunner {

    private final ResultStore store;
    private final TrialRunner runner;
    private final JdkChoice jdks;
    private final Progress progress;
    private Instant lastStart;

    public ExperimentRunner(ResultStore store, TrialRunner runner, JdkChoice jdks, Progress progress) {
        this.store = store;
        this.runner = runner;
        this.jdks = jdks;
        this.progress = progress;
    }

    /**
     * Records a new experiment and runs it.
     *
     * @param outRoot trial files go to OUTROOT/ID/trial-NNNN
     * @return the experiment's id
     * @throws IllegalArgumentException for a spec that cannot run here (unknown JDK, workload or parameter)
     */
    public String start(String specYaml, Path outRoot) throws SQLException, IOException, InterruptedException {
        ExperimentSpec spec = ExperimentSpec.parse(specYaml);
        Map<String, HostFacts.Jdk> resolved = check(spec, specYaml);
        long seed = spec.seed() != null ? spec.seed() : new java.security.SecureRandom().nextLong();
        List<PlannedTrial> plan = Plan.of(spec, seed);
        String id = store.createExperiment(spec.name(), specYaml, seed, plan.size(), Instant.now().toString(),
                outRoot.toAbsolutePath().toString());
        execute(id, spec, resolved, plan, Set.of(), outRoot.toAbsolutePath());
        return id;
    }

    /** Runs the trials of a stored experiment that are not stored yet, in the original order. */
    public void resume(ExperimentRow row) throws SQLException, IOException, InterruptedException {
        ExperimentSpec spec = ExperimentSpec.parse(row.spec());
        store.lockWriter(row.id()); // before anything is touched: a running experiment is not disturbed
        Map<String, HostFacts.Jdk> resolved = check(spec, row.spec());
        List<PlannedTrial> plan = Plan.of(spec, row.seed());
        Set<Integer> done = store.finishedSeqs(row.id());
        Path outRoot = Path.of(row.outRoot());
        for (PlannedTrial t : plan) {
            if (!done.contains(t.seq()) && TrialRunner.killLeftover(trialDir(outRoot, row.id(), t))) {
                progress.note("killed trial " + t.seq() + "'s JVM left running by the killed jvmtune");
            }
        }
        execute(row.id(), spec, resolved, plan, done, outRoot);
    }

    /**
     * Everything that can be checked before the first trial: JDKs installed, workload and parameters known.
     *
     * @throws SpecException naming the value of {@code yaml} at fault
     */
    private Map<String, HostFacts.Jdk> check(ExperimentSpec spec, String yaml) {
        JsonPointer root = JsonPointer.empty();
        Map<String, HostFacts.Jdk> resolved = new LinkedHashMap<>();
        for (int i = 0; i < spec.jdks().size(); i++) {
            String j = spec.jdks().get(i);
            try {
                resolved.put(j, jdks.resolve(j.equals("default") ? null : j));
            } catch (IllegalArgumentException e) {
                throw ExperimentSpec.fault(yaml, root.appendProperty("jdks").appendIndex(i), "jdks: " + e.getMessage());
            }
        }
        if (spec.workload() != null) {
            WorkloadSpec w = Workloads.find(spec.workload()).orElseThrow(() -> ExperimentSpec.fault(yaml,
                    root.appendProperty("workload"), "workload: unknown '" + spec.workload() + "'; one of: "
                            + String.join(", ", Workloads.all().stream().map(WorkloadSpec::name).toList())));
            spec.params().forEach((name, values) -> {
                for (int i = 0; i < values.size(); i++) {
                    try {
                        w.parse(workloadArgs(Map.of(name, values.get(i))).toArray(String[]::new));
                    } catch (IllegalArgumentException e) {
                        throw ExperimentSpec.fault(yaml, root.appendProperty("params").appendProperty(name)
                                .appendIndex(i), "params." + name + ": " + e.getMessage());
                    }
                }
            });
        }
        return resolved;
    }

    private void execute(String id, ExperimentSpec spec, Map<String, HostFacts.Jdk> resolved,
                         List<PlannedTrial> plan, Set<Integer> done, Path outRoot)
            throws SQLException, IOException, InterruptedException {
        progress.begin(id, plan.size(), done.size());
        for (PlannedTrial t : plan) {
            if (done.contains(t.seq())) {
                continue;
            }
            HostFacts.Jdk jdk = resolved.get(t.jdk());
            String flags = spec.flagSets().get(t.flagSet());
            TrialSpec ts = new TrialSpec(jdk, TrialSpec.splitFlags(flags), program(spec, t.params()), spec.timeout(),
                    trialDir(outRoot, id, t), spec.jfr(), spec.metrics(),
                    new TrialSpec.Memory(spec.nmt(), ExperimentSpec.memoryLimitBytes(t.params())));
            Instant now = Instant.now();
            if (lastStart != null && now.isBefore(lastStart)) {
                progress.note("warning: the system clock went back by " + Duration.between(now, lastStart).toSeconds()
                        + " s since the last trial started; trials' start times are not in order (wall times are "
                        + "measured on the monotonic clock and are right)");
            }
            lastStart = now;
            String started = now.toString();
            TrialResult r;
            try {
                r = runner.run(ts);
            } catch (ProgramNotStartedException e) {
                // the command cannot be started (missing file, not executable): a failed trial, not a lost run;
                // any other IOException is jvmtune's own and stops the experiment
                r = new TrialResult(dev.jvmtune.lab.run.Outcome.FAILED, -1, 0, -1, new TreeMap<>(), null,
                        List.of(), ts.outDir(), null, List.of("not started: " + e.getMessage()), null);
            }
            store.save(new StoredTrial(id, t.seq(), t.config(), t.jdk(), jdk.version(), t.flagSet(), flags, t.params(),
                    t.repeat(), r.outcome().name(), r.exitCode(), r.wallSec(), r.peakRssBytes(), started,
                    r.outDir().toString(), String.join("; ", r.notes()), r.metrics()));
            progress.finished(t, r);
        }
        progress.end();
    }

    private static Path trialDir(Path outRoot, String id, PlannedTrial t) {
        return outRoot.resolve(id).resolve(String.format("trial-%04d", t.seq()));
    }

    /** The program of a trial: its parameters, the memory-limit axis left out (the runner applies it). */
    private static Program program(ExperimentSpec spec, Map<String, String> axes) {
        Map<String, String> params = new java.util.LinkedHashMap<>(axes);
        params.remove(ExperimentSpec.MEMORY_LIMIT);
        if (spec.workload() != null) {
            return new Program.Workload(spec.workload(), workloadArgs(params));
        }
        List<String> argv = new ArrayList<>();
        for (String a : spec.command()) {
            for (Map.Entry<String, String> p : params.entrySet()) {
                a = a.replace("{" + p.getKey() + "}", p.getValue());
            }
            argv.add(a);
        }
        return new Program.Command(argv);
    }

    private static List<String> workloadArgs(Map<String, String> params) {
        List<String> args = new ArrayList<>();
        params.forEach((k, v) -> {
            args.add("--" + k);
            args.add(v);
        });
        return args;
    }
}
