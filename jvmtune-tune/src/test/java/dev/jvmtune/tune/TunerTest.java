package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.options.FlagSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loop's decisions on a program whose metrics are a known function of its flags and of the trial's
 * place in the session (the real-process cases are in the CLI's TuneCommandTest).
 */
class TunerTest {

    @TempDir
    Path dir;

    private static final Tuner.Listener QUIET = new Tuner.Listener() {
        @Override
        public void trial(TrialResult r, int budget, boolean replayed) {
        }

        @Override
        public void note(String line) {
        }
    };

    /** wall (s) and latency.p99 (ms) from the flags and the seq; a small deterministic jitter per trial. */
    private TuneResult tune(String goal, List<String> guards, List<String> pinned,
                            BiFunction<FlagSet, Integer, double[]> program)
            throws IOException, InterruptedException {
        TuneSettings s = new TuneSettings(null, List.of(), List.of("probe"), null, "-Xmx256m", goal, guards, 3, 40,
                0, 0.05, 1, 60, pinned);
        TrialRunner runner = (seq, arm, flags) -> {
            double[] v = program.apply(flags, seq);
            double jitter = 1 + 0.01 * (seq % 3);
            return new TrialResult(seq, arm, flags.line(), "OK", v[0] * jitter,
                    Map.of("wall", v[0] * jitter, "latency.p99", v[1] * jitter), dir.toString());
        };
        try (Journal j = Journal.create(dir.resolve("tune-" + System.nanoTime() + ".jsonl"), s, null)) {
            return new Tuner(runner, List.of(), SearchSpace.standard(64L << 30), s, j, QUIET, 0).run();
        }
    }

    @Test
    void aRelativeGoalIsJudgedOnInterleavedRatiosNotOnADriftingMachine() throws Exception {
        // -Xms256m halves the wall time, and from trial 3 on the machine is twice as slow: the candidate's
        // median equals the baseline's, yet it is 0.5x the best measured beside it
        TuneResult r = tune("wall <= -40%", List.of(), List.of(), (f, seq) -> new double[] {
                (f.value("-Xms").isPresent() ? 5 : 10) * (seq >= 3 ? 2 : 1), 1});
        assertEquals(TuneResult.Outcome.GOAL_MET, r.outcome(), r.message());
        assertEquals("-Xmx256m -Xms256m", r.finalFlags());
        assertEquals(0.5, r.vsBaseline().get("wallSec"), 0.02);
        assertEquals(r.baseline().get("wallSec"), r.best().get("wallSec"), 0.3, "the same absolute median");
    }

    @Test
    void aCandidateThatBreaksAGuardIsRejected() throws Exception {
        // -Xms256m is faster but triples latency: the guard allows +10%
        TuneResult r = tune("wall <= -40%", List.of("latency.p99 <= +10%"), List.of(), (f, seq) -> f.value("-Xms").isPresent()
                ? new double[] {5, 3} : new double[] {10, 1});
        Step xms = r.steps().get(0);
        assertEquals("search:heap-fixed", xms.candidate().source());
        assertFalse(xms.accepted());
        assertTrue(xms.reason().endsWith("but a guard is violated"), xms.reason());
        assertTrue(xms.guards().get(0).contains("violated"), xms.guards().toString());
        assertEquals(dev.jvmtune.lab.stats.Verdict.BETTER, xms.pooled().verdict());
        assertTrue(r.accepted().isEmpty());
        assertEquals(TuneResult.Outcome.NOT_REACHABLE, r.outcome());
    }

    @Test
    void pinnedSettingsAreNeverChanged() throws Exception {
        // a bigger heap would help, but the deployment fixes -Xmx: -Xms = -Xmx is what is left
        TuneResult r = tune("wall <= -40%", List.of(), List.of("Xmx", "collector"), (f, seq) -> new double[] {
                f.value("-Xmx").orElse("").equals("512m") ? 2 : f.value("-Xms").isPresent() ? 5 : 10, 1});
        assertEquals(TuneResult.Outcome.GOAL_MET, r.outcome(), r.message());
        assertEquals("-Xmx256m -Xms256m", r.finalFlags());
        assertTrue(r.steps().stream().noneMatch(s -> s.candidate().source().equals("search:heap-size")
                || s.candidate().source().equals("search:collector")), r.steps().toString());
        assertEquals("-XX:NewRatio", FlagSet.keyOf("NewRatio"));
        assertEquals("-Xmx", FlagSet.keyOf("-Xmx"));
        assertEquals("-XX:NewRatio", FlagSet.keyOf("-XX:NewRatio=4"));
    }
}
