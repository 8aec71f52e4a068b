package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.FlagSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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

    /** A listener that keeps the session's notes in {@code notes}. */
    private static Tuner.Listener notes(List<String> notes) {
        return new Tuner.Listener() {
            @Override
            public void trial(TrialResult r, int budget, boolean replayed) {
            }

            @Override
            public void note(String line) {
                notes.add(line);
            }
        };
    }

    /** Whether the flags keep the JIT to C1. */
    private static boolean c1Only(FlagSet flags) {
        return flags.value("-XX:TieredStopAtLevel").orElse("4").equals("1");
    }

    /** wall (s) and latency.p99 (ms) from the flags and the seq; a small deterministic jitter per trial. */
    private TuneResult tune(String goal, List<String> guards, List<String> pinned,
                            BiFunction<FlagSet, Integer, double[]> program)
            throws IOException, InterruptedException {
        TuneSettings s = new TuneSettings(null, List.of(), List.of("probe"), null, "-Xmx256m", goal, guards, 3, 40,
                0, 0.05, 1, 60, pinned, false);
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

    /**
     * A session of {@code runner} from {@code start} towards {@code goal} (3 repeats, alpha 0.05, 40 trials), with
     * {@code rules}' candidates and those from the CPU evidence {@code evidence} reads.
     */
    private TuneResult cpuSession(String start, String goal, TrialRunner runner, Tuner.EvidenceReader evidence,
                                  Tuner.Listener listener, CandidateSource... rules)
            throws IOException, InterruptedException {
        TuneSettings s = new TuneSettings(null, List.of(), List.of("probe"), null, start, goal, List.of(), 3, 40, 0,
                0.05, 1, 60, List.of(), false);
        List<CandidateSource> sources = new ArrayList<>(List.of(rules));
        sources.add(new CpuCandidates("wallSec", evidence));
        try (Journal j = Journal.create(dir.resolve("tune-" + System.nanoTime() + ".jsonl"), s, null)) {
            return new Tuner(runner, sources, SearchSpace.standard(64L << 30), s, j, listener, 0, evidence).run();
        }
    }

    /**
     * A short job on 2 CPUs whose C2 compilations take 1.2 s of its 4 s (15% of the machine): C1 only is proposed
     * first, ahead of the search space, with the compilers' figures, and verified by the A/B (3.4 s with C1 only, as
     * the heap-and-JIT job measured: C2's time back, slower code kept). The bound after the baseline counts the
     * compilers: 0.6 s of pauses + 2.0 s of compilers / 2 CPUs = 1.6 s of 4 s, so -10% is within it.
     */
    @Test
    void aShortJobWhoseCompilersTakeTheMachineTriesC1Only() throws Exception {
        TrialRunner runner = (seq, arm, flags) -> {
            boolean c1 = c1Only(flags);
            double wall = (c1 ? 3.4 : 4.0) * (1 + 0.01 * (seq % 3));
            return new TrialResult(seq, arm, flags.line(), "OK", wall, Map.of("wall", wall, "jit.compileSec",
                    c1 ? 0.4 : 2.0, "jit.c2Sec", c1 ? 0.0 : 1.2), dir.toString());
        };
        Tuner.EvidenceReader evidence = trials -> Optional.of(new Evidence(trials.get(0).metric("wallSec"),
                trials.get(0).metric("jit.compileSec"), trials.get(0).metric("jit.c2Sec"), 0.6, 0, 1, 2,
                Collector.PARALLEL));
        List<String> notes = new ArrayList<>();
        Tuner.Listener listener = notes(notes);
        TuneResult r = cpuSession("-Xmx256m", "wall <= -10%", runner, evidence, listener);
        assertTrue(notes.get(0).startsWith("bound: at most the JVM's own time comes back: GC pauses 0.60 s"), notes.get(0));
        assertTrue(notes.get(0).contains("compilers 2.00 s / 2 CPUs = 1.60 s"), notes.get(0));
        Step first = r.steps().get(0);
        assertEquals("jit:c1-only", first.candidate().source());
        assertEquals(0.6, first.candidate().gainSec(), 1e-9, "C2's 1.2 s over 2 CPUs");
        assertTrue(first.candidate().arithmetic().get(1).startsWith("C2 / CPUs / run: 1.20 / 2 / 4.00 = 15.0%"),
                first.candidate().arithmetic().toString());
        assertTrue(first.accepted(), first.reason());
        assertEquals(TuneResult.Outcome.GOAL_MET, r.outcome(), r.message());
        assertEquals("-Xmx256m -XX:TieredStopAtLevel=1", r.finalFlags());
    }

    /**
     * A short job whose compilers take half the machine but whose C2 code repays them (Lucene's IndexFiles measured
     * so: compilers 2.34 s of a 2.68 s run, C1 only 0.965x): the bound after the baseline counts the compilers, so -10%
     * is within it; C1 only is tried, gains nothing, and the bound without the compilers (0.1 s of pauses in 4 s) puts
     * the goal out of reach: the session says so after 6 trials.
     */
    @Test
    void whereC1OnlyGainsNothingTheBoundDropsTheCompilersAndTheGoalIsOutOfReach() throws Exception {
        TrialRunner runner = (seq, arm, flags) -> {
            boolean c1 = c1Only(flags);
            double wall = 4.0 * (1 + 0.01 * (seq % 3));
            return new TrialResult(seq, arm, flags.line(), "OK", wall, Map.of("wall", wall, "jit.compileSec",
                    c1 ? 0.4 : 2.0, "jit.c2Sec", c1 ? 0.0 : 1.6), dir.toString());
        };
        Tuner.EvidenceReader evidence = trials -> Optional.of(new Evidence(4.0, trials.get(0).metric("jit.compileSec"),
                trials.get(0).metric("jit.c2Sec"), 0.1, 0, 1, 2, Collector.PARALLEL));
        List<String> notes = new ArrayList<>();
        Tuner.Listener listener = notes(notes);
        TuneResult r = cpuSession("-Xmx256m", "wall <= -10%", runner, evidence, listener);
        assertTrue(notes.get(0).contains("compilers 2.00 s / 2 CPUs = 1.10 s of a typical 4.00 s trial"), notes.get(0));
        assertEquals("jit:c1-only", r.steps().get(0).candidate().source());
        assertFalse(r.steps().get(0).accepted());
        assertEquals(TuneResult.Outcome.OUT_OF_REACH, r.outcome(), r.message());
        assertEquals(6, r.trialsRun());
        assertTrue(r.bound().contains("compilers 2.00 s not counted (C1 only, the flag that gives it back, measured "),
                r.bound());
        assertTrue(r.message().endsWith("once C1 only gave the compilers' time no gain; stopped after 6 trials "
                + "(--beyond-bound tries anyway)"), r.message());
    }

    /**
     * JDK 25's javac on 2 CPUs under G1 (bench/realapps): no concurrent phase in its log, C2 half the machine. A batch
     * job on few CPUs gets Parallel beside C1 only (measured by hand: C1 only 0.653x, with Parallel 0.612x), and the
     * goal is met. Where the pair gains nothing (Lucene's IndexFiles by hand: 1.00x), the bound drops the compilers and
     * the goal is out of reach after 6 trials; where it gains a little (Lucene in a session: 0.960x), the bound starts
     * again from there without the compilers, and the goal is out of reach after 12.
     */
    @Test
    void aShortJobOnFewCpusTriesAStopTheWorldCollectorWithC1Only() throws Exception {
        for (double set : List.of(0.612, 1.0, 0.96)) {
            TrialRunner runner = (seq, arm, flags) -> {
                boolean c1 = c1Only(flags);
                boolean parallel = flags.collector() == Collector.PARALLEL;
                double wall = 2.7 * (c1 && parallel ? set : 1) * (1 + 0.01 * (seq % 3));
                return new TrialResult(seq, arm, flags.line(), "OK", wall, Map.of("wall", wall, "jit.compileSec",
                        c1 ? 0.4 : 3.7, "jit.c2Sec", c1 ? 0.0 : 2.9), dir.toString());
            };
            Tuner.EvidenceReader evidence = trials -> Optional.of(new Evidence(2.7,
                    trials.get(0).metric("jit.compileSec"), trials.get(0).metric("jit.c2Sec"), 0.08, 0, 1, 2,
                    trials.get(0).flags().contains("Parallel") ? Collector.PARALLEL : Collector.G1));
            List<String> notes = new ArrayList<>();
            TuneResult r = cpuSession("-Xmx128m", "wall <= -10%", runner, evidence, notes(notes));
            Step first = r.steps().get(0);
            assertEquals("combined:gc:stop-the-world+jit:c1-only", first.candidate().source());
            assertEquals(List.of("-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1"), first.candidate().change());
            assertTrue(first.candidate().arithmetic().contains("its barriers, which no log times, allowed 5% of the "
                    + "run: 0.14 s"), first.candidate().arithmetic().toString());
            if (set == 0.612) {
                assertTrue(first.accepted(), first.reason());
                assertEquals(TuneResult.Outcome.GOAL_MET, r.outcome(), r.message());
                assertEquals(12, r.trialsRun());
            } else if (set == 1.0) {
                assertFalse(first.accepted());
                assertEquals(TuneResult.Outcome.OUT_OF_REACH, r.outcome(), r.message());
                assertEquals(6, r.trialsRun());
                assertTrue(r.bound().contains("compilers 3.70 s not counted (C1 only, the flag that gives it back, "
                        + "measured with -XX:+UseParallelGC "), r.bound());
            } else {
                assertTrue(first.accepted(), first.reason());
                assertEquals(TuneResult.Outcome.OUT_OF_REACH, r.outcome(), r.message());
                assertEquals(12, r.trialsRun());
                assertTrue(r.bound().contains("compilers 0.40 s not counted (C1 only accepted with "
                        + "-XX:+UseParallelGC (candidate 1): what it gave is in wallSec "), r.bound());
                assertTrue(r.bound().contains("taken from where it stands now, 2.6"), r.bound());
                assertTrue(r.message().endsWith("once C1 only gave the compilers' time back; stopped after 12 trials "
                        + "(--beyond-bound tries anyway)"), r.message());
            }
        }
    }

    /**
     * S3's session: C1 only gains nothing, a fixed heap gains 30%; C1 only is not tried again on the new best (its
     * compilers' figures belong to the program, not to the heap), so the next candidate is the search space's.
     */
    @Test
    void aJitChangeMeasuredWithoutAGainIsNotTriedAgainOnALaterBest() throws Exception {
        TrialRunner runner = (seq, arm, flags) -> {
            double wall = 4.0 * (flags.value("-Xms").isPresent() ? 0.7 : 1) * (1 + 0.01 * (seq % 3));
            return new TrialResult(seq, arm, flags.line(), "OK", wall, Map.of("wall", wall, "jit.compileSec", 0.5,
                    "jit.c2Sec", 0.4), dir.toString());
        };
        Tuner.EvidenceReader evidence = trials -> Optional.of(new Evidence(4.0, 0.5, 0.4, 2.0, 0, 1, 2,
                Collector.PARALLEL));
        TuneResult r = cpuSession("-Xmx256m", "wall <= -40%", runner, evidence, QUIET);
        List<String> sources = r.steps().stream().map(st -> st.candidate().source()).toList();
        assertEquals("jit:c1-only", sources.get(0));
        assertFalse(r.steps().get(0).accepted());
        assertEquals("search:heap-fixed", sources.get(1));
        assertTrue(r.steps().get(1).accepted(), r.steps().get(1).reason());
        assertEquals(1, sources.stream().filter(src -> src.startsWith("jit:")).count(), sources.toString());
        assertTrue(sources.size() > 2, "the session went on with other candidates: " + sources);
    }

    /**
     * The heap-and-JIT job: a larger heap alone 0.833x, C1 only alone 0.845x, both 0.70x. Each has its
     * estimate (the heap's 0.70 s of GC time, C2's 1.2 s on 2 CPUs = 0.6 s of a 4 s run), so the pair is the first
     * candidate, with the predicted product (of a typical 4.04 s baseline trial), and meets a -25% goal that neither
     * meets alone in one A/B: 12 trials, the baseline's standing as round 1's A side.
     */
    @Test
    void independentCausesAreTriedTogether() throws Exception {
        TrialRunner runner = (seq, arm, flags) -> {
            boolean heap = flags.value("-Xmx").orElse("").equals("512m");
            boolean c1 = c1Only(flags);
            double wall = 4.0 * (heap ? 0.833 : 1) * (c1 ? 0.845 : 1) * (1 + 0.01 * (seq % 3));
            return new TrialResult(seq, arm, flags.line(), "OK", wall, Map.of("wall", wall, "jit.compileSec",
                    c1 ? 0.4 : 2.0, "jit.c2Sec", c1 ? 0.0 : 1.2), dir.toString());
        };
        Tuner.EvidenceReader evidence = trials -> Optional.of(new Evidence(4.0, trials.get(0).metric("jit.compileSec"),
                trials.get(0).metric("jit.c2Sec"), 0.6, 0, 1, 2, Collector.PARALLEL));
        CandidateSource heapRule = (best, trials) -> best.value("-Xmx").orElse("").equals("512m") ? List.of()
                : List.of(new Candidate("heap-too-small", "heap from the live set", List.of("-Xmx512m"),
                List.of("3 x 170 MiB = 512 MiB"), 0.7));
        TuneResult r = cpuSession("-Xmx256m", "wall <= -25%", runner, evidence, QUIET, heapRule);
        Step first = r.steps().get(0);
        assertEquals("combined:heap-too-small+jit:c1-only", first.candidate().source());
        assertEquals(List.of("-Xmx512m", "-XX:TieredStopAtLevel=1"), first.candidate().change());
        List<String> why = first.candidate().arithmetic();
        assertEquals("independent causes, one trial: at best (1 - 0.70 / 4.04) x (1 - 0.60 / 4.04) = 0.704x",
                why.get(why.size() - 1));
        assertTrue(first.accepted(), first.reason());
        assertEquals(TuneResult.Outcome.GOAL_MET, r.outcome(), r.message());
        assertEquals(12, r.trialsRun());
        assertEquals(List.of(0, 1, 2), first.reused());
    }

    /**
     * H2's job on 2 CPUs (bench/realapps): the live set fills a G1 heap, G1's concurrent phases run 2.14 s of a 3.8 s
     * run, C2 takes 43% of the machine. The heap, a stop-the-world collector and C1 only go in one trial, the GC's time
     * counted once (the heap's estimate already holds the concurrent phases): measured 0.666x without the collector,
     * 0.612x with it; Parallel alone on the small heap ran out of memory.
     */
    @Test
    void aHeapAndAStopTheWorldCollectorGoTogetherWithTheJit() throws Exception {
        TrialRunner runner = (seq, arm, flags) -> {
            boolean heap = flags.value("-Xmx").orElse("").equals("201m");
            boolean parallel = flags.collector() == Collector.PARALLEL;
            boolean c1 = c1Only(flags);
            String outcome = parallel && !heap ? "FAILED" : "OK";
            double wall = 3.8 * (heap ? (parallel ? 0.61 : 0.74) : 1) * (c1 ? 0.9 : 1) * (1 + 0.01 * (seq % 3));
            return new TrialResult(seq, arm, flags.line(), outcome, wall, Map.of("wall", wall, "jit.compileSec",
                    c1 ? 0.4 : 3.6, "jit.c2Sec", c1 ? 0.0 : 3.27), dir.toString());
        };
        Tuner.EvidenceReader evidence = trials -> Optional.of(new Evidence(3.8, trials.get(0).metric("jit.compileSec"),
                trials.get(0).metric("jit.c2Sec"), 0.78, 2.14, 1, 2, trials.get(0).flags().contains("Parallel")
                ? Collector.PARALLEL : Collector.G1));
        CandidateSource heapRule = (best, trials) -> best.value("-Xmx").orElse("").equals("201m") ? List.of()
                : List.of(new Candidate("heap-too-small", "heap from the live set", List.of("-Xmx201m"),
                List.of("3 x 67 MiB = 201 MiB"), 0.78 + 2.14 / 2));
        TuneResult r = cpuSession("-Xmx96m", "wall <= -35%", runner, evidence, QUIET, heapRule);
        Step first = r.steps().get(0);
        assertEquals("combined:heap-too-small+gc:stop-the-world+jit:c1-only", first.candidate().source());
        assertEquals(List.of("-Xmx201m", "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1"), first.candidate().change());
        List<String> why = first.candidate().arithmetic();
        assertTrue(why.contains("the heap and the collector together: a stop-the-world collector needs a heap that "
                + "holds the live set, and both give back the same GC time, counted once: 1.85 s"), why.toString());
        assertEquals("independent causes, one trial: at best (1 - 1.85 / 3.84) x (1 - 1.64 / 3.84) = 0.297x",
                why.get(why.size() - 1));
        assertEquals(1.85 + 3.27 / 2, first.candidate().gainSec(), 1e-9);
        assertTrue(first.accepted(), first.reason());
        assertEquals(TuneResult.Outcome.GOAL_MET, r.outcome(), r.message());
        assertEquals(12, r.trialsRun());
        assertEquals("-Xmx201m -XX:+UseParallelGC -XX:TieredStopAtLevel=1", r.finalFlags());
    }

    /** Without a JIT candidate the heap and the collector are still one trial; a collector alone is no set. */
    @Test
    void theHeapAndTheCollectorMakeASetOfTheirOwn() {
        Candidate heap = new Candidate("heap-too-small", "heap", List.of("-Xmx201m", "-Xms201m"), List.of("h"), 1.85);
        Candidate stw = new Candidate(CpuCandidates.STOP_THE_WORLD, "Parallel", List.of("-XX:+UseParallelGC"),
                List.of("p"), 1.07);
        Candidate reserve = new Candidate("evacuation-failure", "reserve", List.of("-XX:G1ReservePercent=20"),
                List.of("r"), 2.5);
        Candidate pair = Tuner.combined(List.of(heap, stw), 3.8).orElseThrow();
        assertEquals("combined:heap-too-small+gc:stop-the-world", pair.source());
        assertEquals(List.of("-Xmx201m", "-Xms201m", "-XX:+UseParallelGC"), pair.change());
        assertEquals(1.85, pair.gainSec(), 1e-9);
        assertEquals("combined:gc:stop-the-world+heap-too-small", Tuner.combined(List.of(stw, heap), 3.8).orElseThrow()
                .source());
        assertTrue(Tuner.combined(List.of(stw), 3.8).isEmpty());
        assertTrue(Tuner.combined(List.of(reserve, heap, stw), 3.8).isEmpty(),
                "a G1 setting is no set with a stop-the-world collector, whose switch would drop it");
    }

    @Test
    void aRelativeGoalIsJudgedOnInterleavedRatiosNotOnADriftingMachine() throws Exception {
        // -Xms256m halves the wall time, and from trial 6 on (round 2) the machine is twice as slow: the best's
        // trials of round 2 lie 2x above the baseline's that round 1 reused, as much as round 1's effect, so the step
        // is not decided on them; the candidate is tried again against the best's latest trials, and accepted at
        // 0.5x the best measured beside it although its median equals the baseline's
        TuneResult r = tune("wall <= -40%", List.of(), List.of(), (f, seq) -> new double[] {
                (f.value("-Xms").isPresent() ? 5 : 10) * (seq >= 6 ? 2 : 1), 1});
        assertEquals(TuneResult.Outcome.GOAL_MET, r.outcome(), r.message());
        assertEquals("-Xmx256m -Xms256m", r.finalFlags());
        Step moved = r.steps().get(0);
        assertFalse(moved.accepted());
        assertEquals(List.of(0, 1, 2), moved.reused());
        assertTrue(moved.reason().startsWith("the machine's speed moved: the best's wallSec went from 10.1 (trials/000-002) "
                + "to 20 in round 2, as much as half of round 1's 0.500x"), moved.reason());
        Step again = r.steps().get(1);
        assertEquals(moved.candidate().change(), again.candidate().change());
        assertEquals(List.of(6, 9, 10), again.reused(), "the best's latest trials: round 2's arm A");
        assertTrue(again.accepted(), again.reason());
        assertEquals(0.5, r.vsBaseline().get("wallSec"), 0.02);
        assertEquals(r.baseline().get("wallSec"), r.best().get("wallSec"), 0.3, "the same absolute median");
        assertEquals(3 + 9 + 9, r.trialsRun());
    }

    @Test
    void aMachineThatGetsFasterAfterTheBaselinePassesNothingOffAsBetter() throws Exception {
        // no flag changes anything, and from trial 3 on the machine is twice as fast: every candidate's round 1
        // beats the reused baseline; round 2 shows the best as fast, and the candidate tried again is no better
        TuneResult r = tune("wall <= -40%", List.of(), List.of(), (f, seq) -> new double[] {10.0 / (seq >= 3 ? 2 : 1), 1});
        assertTrue(r.steps().stream().noneMatch(Step::accepted), r.steps().toString());
        assertEquals(TuneResult.Outcome.NOT_REACHABLE, r.outcome(), r.message());
        Step moved = r.steps().get(0);
        assertTrue(moved.reason().startsWith("the machine's speed moved: the best's wallSec went from 10.1 "
                + "(trials/000-002) to 5 in round 2, as much as half of round 1's 0.500x"), moved.reason());
        Step again = r.steps().get(1);
        assertEquals(moved.candidate().change(), again.candidate().change());
        assertEquals(List.of(6, 9, 10), again.reused(), "the best's latest trials: round 2's arm A");
        assertTrue(again.reason().endsWith("in the first round"), again.reason());
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
