package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Noise first, on simulated baselines: one trial far off the rest (the first JVM of a fresh machine) is left out of the
 * spread by Dixon's Q test and named, and the session goes on; a baseline whose every trial is spread stays too noisy,
 * with or without such a trial.
 */
class NoiseTest {

    /**
     * The C1-only job of {@link TunerTest} (4 s, 3.4 s with C1 only, goal -10%) whose trials take {@code wall}(seq)
     * times the program's level, with the notes it printed.
     */
    private static TuneResult session(IntToDoubleFunction wall, List<String> notes) throws Exception {
        TrialRunner runner = (seq, arm, flags) -> {
            boolean c1 = TunerTest.c1Only(flags);
            return TunerTest.trial(seq, arm, flags, "OK", (c1 ? 3.4 : 4.0) * wall.applyAsDouble(seq), c1 ? 0.4 : 2.0,
                    c1 ? 0.0 : 1.2);
        };
        TuneSettings s = new TuneSettings(null, List.of(), List.of("probe"), null, "-Xmx256m -XX:+UseParallelGC",
                "wall <= -10%", List.of(), 3, 40, 0, 0.05, 1, 60, List.of(), false);
        return new Tuner(runner, List.of(new CpuCandidates("wallSec")), SearchSpace.standard(64L << 30), s,
                TunerTest.NOWHERE, TunerTest.notes(notes), 0, TunerTest.evidence(0.6, 0, 1), 64L << 30).run();
    }

    /**
     * The first trial 1.5x the others (a cold start), the rest within 4%: over 3 trials the test cannot tell it
     * from noise (Q 0.92, 0.970 needed), so the baseline is measured again; over 6 it is left out (0.625 needed),
     * the others' sigma is 1.7%, and the goal is met as on a quiet machine, 3 trials later. It is named in the notes
     * and in the result's noise, which a range over all the trials would have called too noisy.
     */
    @Test
    void oneColdTrialIsLeftOutOfTheSpreadAndNamed() throws Exception {
        List<String> notes = new ArrayList<>();
        TuneResult r = session(seq -> (seq == 0 ? 1.5 : 1) * (1 + 0.02 * (seq % 3)), notes);
        assertEquals(TuneResult.Outcome.GOAL_MET, r.outcome(), r.message() + " / " + r.noise());
        assertEquals(15, r.trialsRun(), "12 of a quiet machine and 3 more baseline trials: " + notes);
        assertTrue(notes.get(0).startsWith("noise: the baseline's 3 trials 4.08-6 s: spread"), notes.get(0));
        String left = "the baseline's 6 trials 4-4.16 s leaving out trial 1, 6 s: an outlier by Dixon's Q test (0.92 "
                + "> 0.625, its 5% value for 6 trials): spread 3.9% of the median, drift +2.0% (last against first), a "
                + "trial's sigma about 1.7%";
        assertTrue(notes.contains("noise: " + left), "the note after measuring again: " + notes);
        assertEquals(left, r.noise());
    }

    /**
     * Every trial somewhere in 0.8-1.5x (the demo on a loaded laptop): too noisy after 6 trials, nothing left out;
     * the same with a cold first trial 3x on top: it alone is left out, and the others' spread still says too noisy.
     */
    @Test
    void aBaselineSpreadInEveryTrialStaysTooNoisy() throws Exception {
        double[] spread = {1.0, 1.5, 1.2, 0.8, 1.35, 1.1};
        for (double cold : List.of(1.0, 3.0)) {
            List<String> notes = new ArrayList<>();
            TuneResult r = session(seq -> (seq == 0 ? cold : 1) * spread[seq % spread.length], notes);
            assertEquals(TuneResult.Outcome.TOO_NOISY, r.outcome(), "cold x" + cold + ": " + r.message());
            assertEquals(6, r.trialsRun(), "cold x" + cold + ": " + notes);
            assertTrue(r.message().startsWith("too noisy for the goal: the baseline's 6 trials "), r.message());
            assertEquals(cold > 1, r.noise().contains("leaving out trial 1, 12 s: an outlier by Dixon's Q test"),
                    "cold x" + cold + ": " + r.noise());
            assertTrue(r.message().contains(r.noise()), "the noise, outlier and all, in the message: " + r.message());
        }
    }
}
