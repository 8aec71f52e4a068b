package dev.jvmtune.tune;

import dev.jvmtune.host.HostFacts;
import dev.jvmtune.lab.run.Program;
import dev.jvmtune.lab.run.TrialSpec;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.StoredTrial;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Trials through the lab's runner ({@link dev.jvmtune.lab.run.TrialRunner}): a fresh JVM of the session's JDK
 * per trial, GC logging added, files under {@code OUT/trials/NNN}, metrics under the lab's stable names; each
 * finished trial is also saved in the lab's results database as a trial of the session's experiment, its
 * config the flag line and its flag set the arm, so {@code jvmtune results} lists and exports it.
 */
public final class LabTrialRunner implements TrialRunner {

    private final dev.jvmtune.lab.run.TrialRunner runner = new dev.jvmtune.lab.run.TrialRunner();
    private final HostFacts.Jdk jdk;
    private final Program program;
    private final Path out;
    private final Duration timeout;
    private final ResultStore store;
    private final String experimentId;

    /** @param store where trials are saved too, under {@code experimentId}; null for none */
    public LabTrialRunner(HostFacts.Jdk jdk, Program program, Path out, Duration timeout, ResultStore store,
                          String experimentId) {
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
        String outcome = r.outcome().name() + (r.outcome() == dev.jvmtune.lab.run.Outcome.FAILED
                ? " (exit " + r.exitCode() + ")" : "");
        return new TrialResult(seq, arm, flags.line(), outcome, r.wallSec(), r.metrics(), r.outDir().toString());
    }

    private void save(int seq, String arm, FlagSet flags, dev.jvmtune.lab.run.TrialResult r, String started)
            throws IOException {
        Map<String, String> params = new LinkedHashMap<>();
        if (program instanceof Program.Workload w) {
            params.put("workload", w.name());
            params.put("params", String.join(" ", w.params()));
        }
        try {
            // a trial saved just before a kill is run again on resume: the store keeps the first
            if (!store.finishedSeqs(experimentId).contains(seq)) {
                store.save(new StoredTrial(experimentId, seq, flags.line(), "jdk" + jdk.feature(), jdk.version(), arm,
                        flags.line(), params, 1, r.outcome().name(), r.exitCode(), r.wallSec(), r.peakRssBytes(),
                        started, r.outDir().toString(), String.join("; ", r.notes()), r.metrics()));
            }
        } catch (SQLException e) {
            throw new IOException("results database: " + e.getMessage(), e);
        }
    }
}
