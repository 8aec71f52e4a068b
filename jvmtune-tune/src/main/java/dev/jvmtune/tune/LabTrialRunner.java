package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import dev.jvmtune.host.HostFacts;
import dev.jvmtune.lab.experiment.PlannedTrial;
import dev.jvmtune.lab.run.Program;
import dev.jvmtune.lab.run.TrialSpec;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.StoredTrial;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Trials through the lab's runner ({@link dev.jvmtune.lab.run.TrialRunner}): a fresh JVM of the session's JDK
 * per trial, GC logging added, files under {@code OUT/trials/NNN}, metrics under the lab's stable names; each
 * finished trial is also saved in the lab's results database as a trial of the session's experiment in the lab's
 * terms - the JDK's feature release, a flag set named for its difference from the starting flags ("start",
 * "-Xms256m -XX:NewRatio=4"), the workload's parameters by name, the arm in the notes - so {@code jvmtune results}
 * lists, exports and summarises it like an experiment.
 */
public final class LabTrialRunner implements TrialRunner {

    private final dev.jvmtune.lab.run.TrialRunner runner = new dev.jvmtune.lab.run.TrialRunner();
    private final HostFacts.Jdk jdk;
    private final Program program;
    private final Path out;
    private final Duration timeout;
    private final ResultStore store;
    private final String experimentId;
    private final FlagSet start;

    /**
     * @param store where trials are saved too, under {@code experimentId}; null for none
     * @param start the session's starting flags, which the stored flag sets are named against
     */
    public LabTrialRunner(HostFacts.Jdk jdk, Program program, Path out, Duration timeout, ResultStore store,
                          String experimentId, FlagSet start) {
        this.start = start;
        this.jdk = jdk;
        this.program = program;
        this.out = out;
        this.timeout = timeout;
        this.store = store;
        this.experimentId = experimentId;
    }

    static Path trialDir(Path out, int seq) {
        return out.resolve("trials").resolve(String.format(Locale.ROOT, "%03d", seq));
    }

    @Override
    public TrialResult run(int seq, String arm, FlagSet flags) throws IOException, InterruptedException {
        String started = Instant.now().toString();
        dev.jvmtune.lab.run.TrialResult r = runner.run(new TrialSpec(jdk, flags.options(), program, timeout,
                trialDir(out, seq), false, Map.of()));
        if (store != null) {
            save(seq, arm, flags, r, started);
        }
        return new TrialResult(seq, arm, flags.line(), outcome(r.outcome().name(), r.exitCode()), r.wallSec(),
                r.metrics(), r.outDir().toString());
    }

    private static String outcome(String outcome, int exitCode) {
        return outcome + (outcome.equals("FAILED") ? " (exit " + exitCode + ")" : "");
    }

    /** A trial saved in the store whose journal line the kill prevented, if it is the one the loop asks for. */
    @Override
    public Optional<TrialResult> finished(int seq, String arm, FlagSet flags) throws IOException {
        if (store == null) {
            return Optional.empty();
        }
        try {
            for (StoredTrial t : store.trials(experimentId)) {
                if (t.seq() == seq && t.flags().equals(flags.line()) && t.notes().startsWith("arm " + arm)) {
                    return Optional.of(new TrialResult(seq, arm, t.flags(), outcome(t.outcome(), t.exitCode()),
                            t.wallSec(), t.metrics(), t.outDir()));
                }
            }
            return Optional.empty();
        } catch (SQLException e) {
            throw new IOException("results database: " + ResultStore.explain(e), e);
        }
    }

    private void save(int seq, String arm, FlagSet flags, dev.jvmtune.lab.run.TrialResult r, String started)
            throws IOException {
        Map<String, String> params = program instanceof Program.Workload w ? params(w.params()) : Map.of();
        String jdkName = String.valueOf(jdk.feature());
        String flagSet = flagSetName(start, flags);
        List<String> notes = new ArrayList<>(List.of("arm " + arm));
        notes.addAll(r.notes());
        try {
            // a trial saved just before a kill is run again on resume: the store keeps the first
            if (!store.finishedSeqs(experimentId).contains(seq)) {
                store.save(new StoredTrial(experimentId, seq, PlannedTrial.config(jdkName, flagSet), jdkName,
                        jdk.version(), flagSet, flags.line(), params, 1, r.outcome().name(), r.exitCode(), r.wallSec(),
                        r.peakRssBytes(), started, r.outDir().toString(), String.join("; ", notes), r.metrics()));
            }
        } catch (SQLException e) {
            throw new IOException("results database: " + ResultStore.explain(e), e);
        }
    }

    /** A workload's {@code --name value} parameters by name, as an experiment spec's {@code params:} name them. */
    public static Map<String, String> params(List<String> workloadParams) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < workloadParams.size(); i += 2) {
            if (workloadParams.get(i).startsWith("--")) {
                out.put(workloadParams.get(i).substring(2), workloadParams.get(i + 1));
            }
        }
        return out;
    }

    /**
     * "start" for the starting flags, else what was added to them or replaced in them, and in brackets what was
     * dropped without a replacement (a collector's own flags when another collector is selected).
     */
    static String flagSetName(FlagSet start, FlagSet flags) {
        List<String> added = flags.options().stream().filter(o -> !start.options().contains(o)).toList();
        List<String> dropped = start.options().stream()
                .filter(o -> !flags.options().contains(o) && !FlagSet.touches(added, FlagSet.key(o))).toList();
        if (added.isEmpty() && dropped.isEmpty()) {
            return "start";
        }
        return String.join(" ", added) + (dropped.isEmpty() ? "" : (added.isEmpty() ? "" : " ")
                + "(without " + String.join(" ", dropped) + ")");
    }
}
