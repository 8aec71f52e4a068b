package dev.jvmtune.tune;

import dev.jvmtune.host.HostFacts;
import dev.jvmtune.lab.run.Program;
import dev.jvmtune.lab.run.TrialSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Trials through the lab's runner ({@link dev.jvmtune.lab.run.TrialRunner}): a fresh JVM of the session's JDK
 * per trial, GC logging added, files under {@code OUT/trials/NNN}, metrics under the lab's stable names.
 */
public final class LabTrialRunner implements TrialRunner {

    private final dev.jvmtune.lab.run.TrialRunner runner = new dev.jvmtune.lab.run.TrialRunner();
    private final HostFacts.Jdk jdk;
    private final Program program;
    private final Path out;
    private final Duration timeout;

    public LabTrialRunner(HostFacts.Jdk jdk, Program program, Path out, Duration timeout) {
        this.jdk = jdk;
        this.program = program;
        this.out = out;
        this.timeout = timeout;
    }

    static Path trialDir(Path out, int seq) {
        return out.resolve("trials").resolve(String.format(Locale.ROOT, "%03d", seq));
    }

    @Override
    public TrialResult run(int seq, String arm, FlagSet flags) throws IOException, InterruptedException {
        dev.jvmtune.lab.run.TrialResult r = runner.run(new TrialSpec(jdk, flags.options(), program, timeout,
                trialDir(out, seq), false, Map.of()));
        String outcome = r.outcome().name() + (r.outcome() == dev.jvmtune.lab.run.Outcome.FAILED
                ? " (exit " + r.exitCode() + ")" : "");
        return new TrialResult(seq, arm, flags.line(), outcome, r.wallSec(), r.metrics(), r.outDir().toString());
    }
}
