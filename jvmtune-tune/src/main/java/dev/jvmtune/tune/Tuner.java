package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import dev.jvmtune.lab.stats.Compare;
import dev.jvmtune.lab.stats.Comparison;
import dev.jvmtune.lab.stats.Significance;
import dev.jvmtune.lab.stats.Verdict;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The closed loop: baseline (the starting flags, repeated) -> candidates from the rules on the best's GC
 * log, then from the declared search space -> each candidate against the current best in an interleaved
 * A/B -> accept only what improves the goal metric beyond noise without breaking a guard -> again from the
 * new best, until the goal is met, the budget is spent or no candidate is left.
 *
 * <p>A/B: each round has {@code repeats} trials per arm, pairs in ABBA order (drift on the machine falls on both
 * arms alike); round 1's A side is the best's trials that ran just before where there are such ({@link Protocol}).
 * A candidate whose first round is not "better" ({@link Comparison}) is rejected at once; one that is gets a second
 * round, and is accepted only if both rounds pooled are better at alpha / 5 and every guard holds on its pooled
 * median. Two rounds make a lucky first round cheap to catch: noise passes both with a probability near alpha x
 * alpha / 10, a real improvement passes both easily.
 *
 * <p>Deterministic given its trials' results, which is what makes {@link JournaledRunner} resumable. One
 * instance runs one session.
 */
public final class Tuner {

    /** The options that size the heap, which every collector takes alike. */
    private static final Set<String> HEAP_SIZES = Set.of("-Xmx", "-Xms");

    /** The evidence of a configuration's trials ({@link Evidence#of}); empty where they have none. */
    @FunctionalInterface
    public interface EvidenceReader {
        Optional<Evidence> read(List<TrialResult> trials) throws IOException;
    }

    /** Progress for a person watching. */
    public interface Listener {
        void trial(TrialResult r, int budget, boolean replayed);

        void note(String line);
    }

    private final TrialRunner runner;
    private final List<CandidateSource> sources;
    private final SearchSpace space;
    private final TuneSettings settings;
    private final Journal journal;
    private final Listener listener;
    private final int replayable;
    private final EvidenceReader evidence;
    private GoalBound bound;

    private final Target goal;
    private final List<Target> guards;
    // the session as it goes: trials so far, the baseline, the current best, the steps taken
    private int seq;
    private double seconds;
    private final Map<Integer, TrialResult> bySeq = new LinkedHashMap<>();
    private FlagSet start;
    private final List<TrialResult> base = new ArrayList<>();
    private Map<String, Double> baseline;
    private FlagSet best;
    private List<TrialResult> bestTrials;
    private Map<String, Double> bestMedians;
    /** Per goal/guard metric: the best against the baseline, the product of the accepted A/Bs' median ratios. */
    private final Map<String, Double> vsBaseline = new LinkedHashMap<>();
    private final List<Step> steps = new ArrayList<>();

    public Tuner(TrialRunner runner, List<CandidateSource> sources, SearchSpace space, TuneSettings settings,
                 Journal journal, Listener listener, int replayable) {
        this(runner, sources, space, settings, journal, listener, replayable, trials -> Optional.empty());
    }

    /** @param evidence reads the baseline's evidence, from which the goal is bounded before any candidate */
    public Tuner(TrialRunner runner, List<CandidateSource> sources, SearchSpace space, TuneSettings settings,
                 Journal journal, Listener listener, int replayable, EvidenceReader evidence) {
        this.evidence = evidence;
        this.runner = runner;
        this.sources = List.copyOf(sources);
        this.space = space;
        this.settings = settings;
        this.journal = journal;
        this.listener = listener;
        this.replayable = replayable;
        this.goal = settings.goalTarget();
        this.guards = settings.guardTargets();
    }

    public TuneResult run() throws IOException, InterruptedException {
        start = FlagSet.parse(settings.flags());
        for (int i = 0; i < settings.repeats(); i++) {
            base.add(trial("baseline", start));
        }
        baseline = medians(base);
        best = start;
        bestTrials = base;
        bestMedians = baseline;
        if (base.stream().anyMatch(t -> !t.ok()) || Double.isNaN(baseline.get(goal.metric()))) {
            String why = base.stream().filter(t -> !t.ok()).findFirst().map(t -> "trial " + t.seq() + " ended "
                    + t.outcome() + " (see " + t.dir() + ")").orElse("the program does not report " + goal.metric());
            return result(TuneResult.Outcome.BASELINE_FAILED, "the baseline did not measure: " + why);
        }
        double goalBase = baseline.get(goal.metric());
        for (Target t : allTargets()) {
            String why = t.unjudgeable(baseline.get(t.metric()));
            if (why != null) {
                return result(TuneResult.Outcome.BASELINE_FAILED, "target '" + t.text() + "' cannot be judged on "
                        + "this baseline: " + why);
            }
        }
        baseline.keySet().forEach(m -> vsBaseline.put(m, 1.0));
        Evidence baseEvidence = evidence.read(base).orElse(null);
        bound = baseEvidence == null ? null : GoalBound.of(goal, goalBase, baseEvidence, start).orElse(null);
        if (bound != null) {
            listener.note("bound: " + bound.text());
            if (bound.beyond() && !settings.beyondBound()) {
                return result(TuneResult.Outcome.OUT_OF_REACH, "goal out of reach of JVM flags: "
                        + goal.describe(goalBase) + " lies beyond what they can plausibly give (" + Numbers.fmt(bound.best())
                        + "); stopped after the baseline (--beyond-bound tries anyway)");
            }
        }
        Set<FlagSet> tried = new HashSet<>();
        tried.add(start);
        Set<FlagSet> retried = new HashSet<>();
        while (true) {
            double now = standing(goal, bestMedians, 1);
            if (goal.holds(now, goalBase)) {
                String unit = Metrics.unit(goal.metric());
                return result(TuneResult.Outcome.GOAL_MET, "goal met: " + goal.metric() + " " + Numbers.fmt(now)
                        + (unit.isEmpty() ? "" : " " + unit) + (goal.relative() ? String.format(Locale.ROOT,
                        " (%.3gx the baseline by the accepted A/Bs)", vsBaseline.get(goal.metric())) : " (median)")
                        + " against " + goal.describe(goalBase));
            }
            Candidate next = null;
            FlagSet nextFlags = null;
            for (Candidate c : candidates(best, bestTrials)) {
                FlagSet f = best.with(c.change());
                if (!tried.contains(f) && settings.pinned().stream().noneMatch(k -> FlagSet.touches(c.change(), k))) {
                    next = c;
                    nextFlags = f;
                    break;
                }
            }
            if (next == null) {
                return result(TuneResult.Outcome.NOT_REACHABLE, "goal not reachable by JVM flags: "
                        + goal.describe(goalBase) + " not met after " + steps.size() + " candidates ("
                        + steps.stream().filter(Step::accepted).count() + " accepted); the rules and the search space "
                        + "have nothing left to try");
            }
            // room for both rounds, or a win could not be kept
            String budget = budgetLeft((recent(best).isEmpty() ? 4 : 3) * settings.repeats());
            if (budget != null) {
                return result(TuneResult.Outcome.BUDGET_SPENT, budget + "; the goal was not met ("
                        + goal.describe(goalBase) + ")");
            }
            tried.add(nextFlags);
            listener.note("candidate " + (steps.size() + 1) + " [" + next.source() + "]: " + next.title());
            Step step = verify(steps.size(), next, best, nextFlags);
            if (step.reason().startsWith(Protocol.MOVED) && retried.add(nextFlags)) {
                tried.remove(nextFlags); // once more, against the best's latest trials
            }
            steps.add(step);
            journal.decision(step.index(), TuneReport.stepJson(step));
            listener.note("  " + (step.accepted() ? "ACCEPTED" : "rejected") + ": " + step.reason());
            if (step.accepted()) {
                Map<String, Double> ma = medians(armTrials(step, "A"));
                best = nextFlags;
                bestTrials = armTrials(step, "B");
                bestMedians = medians(bestTrials);
                vsBaseline.replaceAll((m, r) -> r * bestMedians.get(m) / ma.get(m));
            }
            // C1 only measured, alone or with a GC change, settles the bound's compilers: without a gain their time
            // does not come back (C2's code repays it); accepted, what they gave back is in the measured ratio, and the
            // bound starts again from where the goal metric stands, with the new best's evidence
            if (bound != null && next.change().contains(CpuCandidates.C1_ONLY)
                    && (step.accepted() || measuredWithoutGain(step))) {
                List<String> with = next.change().stream().filter(o -> !o.equals(CpuCandidates.C1_ONLY)).toList();
                String withText = with.isEmpty() ? "" : "with " + String.join(" ", with) + " ";
                String result = Numbers.describe(step.pooled() != null ? step.pooled() : step.first());
                String candidate = "(candidate " + (step.index() + 1) + ")";
                Evidence bestEvidence = step.accepted() ? evidence.read(bestTrials).orElse(null) : baseEvidence;
                Optional<GoalBound> revised = bestEvidence == null ? Optional.empty() : step.accepted()
                        ? GoalBound.of(goal, goalBase, standing(goal, bestMedians, 1), bestEvidence, start,
                        "C1 only accepted " + withText + candidate + ": what it gave is in " + result)
                        : GoalBound.of(goal, goalBase, bestEvidence, start, "C1 only, the flag that gives it back, "
                        + "measured " + withText + result + " " + candidate);
                if (revised.isPresent()) {
                    bound = revised.get();
                    listener.note("bound: " + bound.text());
                    if (bound.beyond() && !settings.beyondBound()) {
                        return result(TuneResult.Outcome.OUT_OF_REACH, "goal out of reach of JVM flags: "
                                + goal.describe(goalBase) + " lies beyond what they can plausibly give (" + Numbers.fmt(
                                bound.best()) + ") once C1 only gave the compilers' time " + (step.accepted()
                                ? "back" : "no gain") + "; stopped after " + seq + " trials (--beyond-bound tries anyway)");
                    }
                }
            }
            if (step.reason().startsWith("budget")) {
                return result(TuneResult.Outcome.BUDGET_SPENT, step.reason() + "; the goal was not met ("
                        + goal.describe(goalBase) + ")");
            }
        }
    }

    private List<Target> allTargets() {
        List<Target> all = new ArrayList<>(List.of(goal));
        all.addAll(guards);
        return all;
    }

    /**
     * Where a target's metric stands for a configuration whose medians are {@code medians} and which is
     * {@code stepRatio} times the current best: for a relative target, the baseline's median times the chained
     * ratios of interleaved A/Bs, so that a machine slower or faster now than during the baseline moves both
     * arms alike and not the verdict; for an absolute target, the configuration's own median.
     */
    private double standing(Target t, Map<String, Double> medians, double stepRatio) {
        return t.relative() ? baseline.get(t.metric()) * vsBaseline.get(t.metric()) * stepRatio
                : medians.get(t.metric());
    }

    private List<TrialResult> armTrials(Step s, String arm) {
        List<TrialResult> out = new ArrayList<>(arm.equals("A") ? s.reused().stream().map(bySeq::get).toList() : List.of());
        s.trials().stream().map(bySeq::get).filter(t -> t.arm().equals(arm)).forEach(out::add);
        return out;
    }

    private List<Candidate> candidates(FlagSet best, List<TrialResult> bestTrials) throws IOException {
        List<Candidate> out = new ArrayList<>();
        for (CandidateSource s : sources) {
            out.addAll(s.propose(best, bestTrials));
        }
        out.addAll(space.candidates(best));
        // a JIT change measured without a gain is not tried again on a later best: what the compilers cost and what
        // C2's code repays belong to the program, not to the GC settings accepted since (and the bound dropped them)
        Set<String> spent = steps.stream().filter(Tuner::measuredWithoutGain).map(s -> s.candidate().source())
                .filter(src -> src.startsWith("jit:")).collect(Collectors.toSet());
        out.removeIf(c -> spent.contains(c.source()));
        // those with an estimate of what they can give back first, the largest first; the rest in their order
        List<Candidate> ranked = new ArrayList<>(out.stream().filter(c -> c.gainSec() > 0)
                .sorted(Comparator.comparingDouble(Candidate::gainSec).reversed()).toList());
        out.stream().filter(c -> !(c.gainSec() > 0)).forEach(ranked::add);
        combined(ranked, TrialResult.typical(bestTrials, goal.metric()).map(t -> t.metric("wallSec")).orElse(Double.NaN))
                .ifPresent(c -> ranked.add(0, c));
        return ranked;
    }

    /**
     * The best GC candidate and the best JIT candidate in one trial, where both have an estimate and change different
     * settings: the collector's time and the compilers' CPU are independent causes, so their gains add and their
     * ratios multiply (a heap and C1 only: 0.833 x 0.845 = 0.70 predicted, 0.69 measured on a 12 s job). Where the GC
     * candidate sizes the heap and a stop-the-world collector is also a candidate, or the other way round, both are
     * in the GC's part: the collector needs a heap that holds the live set (Parallel's old generation is two thirds
     * of it), and both give back the concurrent phases, so the GC's time counts once (H2 on 2 CPUs: heap and C1 only
     * 0.666x, with Parallel 0.612x). The candidates stay in the list on their own, for when the set is rejected.
     */
    static Optional<Candidate> combined(List<Candidate> ranked, double wallSec) {
        Candidate gc = ranked.stream().filter(c -> c.gainSec() > 0 && !c.source().startsWith("jit:")).findFirst()
                .orElse(null);
        if (gc == null) {
            return Optional.empty();
        }
        Candidate heap = ranked.stream().filter(c -> c.gainSec() > 0 && sizesTheHeapOnly(c)).findFirst().orElse(null);
        Candidate stw = ranked.stream().filter(c -> c.source().equals(CpuCandidates.STOP_THE_WORLD)).findFirst()
                .orElse(null);
        Candidate partner = gc == heap ? stw : gc == stw ? heap : null;
        List<Candidate> parts = new ArrayList<>(List.of(gc));
        double gcGain = gc.gainSec();
        List<String> why = new ArrayList<>(gc.arithmetic());
        if (partner != null) {
            parts.add(partner);
            why.addAll(partner.arithmetic());
            gcGain = Math.max(gc.gainSec(), partner.gainSec());
            why.add(String.format(Locale.ROOT, "the heap and the collector together: a stop-the-world collector needs "
                    + "a heap that holds the live set, and both give back the same GC time, counted once: %.2f s", gcGain));
        }
        Candidate jit = ranked.stream().filter(c -> c.gainSec() > 0 && c.source().startsWith("jit:")).findFirst()
                .filter(j -> parts.stream().flatMap(c -> c.change().stream())
                        .noneMatch(o -> FlagSet.touches(j.change(), FlagSet.key(o))))
                .orElse(null);
        if (jit != null) {
            parts.add(jit);
            why.addAll(jit.arithmetic());
            why.add(wallSec > 0 ? String.format(Locale.ROOT, "independent causes, one trial: at best (1 - %.2f / %.2f) x "
                            + "(1 - %.2f / %.2f) = %.3gx", gcGain, wallSec, jit.gainSec(), wallSec,
                    (1 - gcGain / wallSec) * (1 - jit.gainSec() / wallSec))
                    : String.format(Locale.ROOT, "independent causes, one trial: %.2f + %.2f s", gcGain, jit.gainSec()));
        }
        if (parts.size() < 2) {
            return Optional.empty();
        }
        return Optional.of(new Candidate(
                "combined:" + parts.stream().map(Candidate::source).collect(Collectors.joining("+")),
                parts.stream().map(Candidate::title).collect(Collectors.joining("; ")),
                parts.stream().flatMap(c -> c.change().stream()).toList(), why,
                gcGain + (jit == null ? 0 : jit.gainSec())));
    }

    /** Whether a step measured its candidate and found no gain (not one the machine's moving speed left undecided). */
    private static boolean measuredWithoutGain(Step s) {
        return !s.accepted() && s.first() != null && !s.reason().startsWith(Protocol.MOVED);
    }

    /** A candidate that changes nothing but the heap's size, which any collector takes. */
    private static boolean sizesTheHeapOnly(Candidate c) {
        return c.change().stream().allMatch(o -> HEAP_SIZES.contains(FlagSet.key(o)));
    }

    private Step verify(int index, Candidate c, FlagSet a, FlagSet b) throws IOException, InterruptedException {
        List<Integer> seqs = new ArrayList<>();
        List<TrialResult> ra = new ArrayList<>();
        List<TrialResult> rb = new ArrayList<>();
        String from = a.toString();
        String to = b.toString();
        // round 1: the candidate's trials against the best's that ran just before, else as many pairs
        List<TrialResult> reused = recent(a);
        List<Integer> reusedSeqs = reused.stream().map(TrialResult::seq).toList();
        if (reused.isEmpty()) {
            pair(a, b, ra, rb, seqs, 0, settings.repeats());
        } else {
            ra.addAll(reused);
            for (int i = 0; i < settings.repeats(); i++) {
                TrialResult t = trial("B", b);
                rb.add(t);
                seqs.add(t.seq());
            }
        }
        String bad = unusable(ra, rb);
        if (bad != null) {
            return new Step(index, c, from, to, null, null, List.of(), false, bad, seqs, reusedSeqs);
        }
        Comparison first = compare(ra, rb, settings.alpha(), index * 2L);
        if (first.verdict() != Verdict.BETTER) {
            return new Step(index, c, from, to, first, null, List.of(), false, Numbers.describe(first)
                    + " in the first round", seqs, reusedSeqs);
        }
        pair(a, b, ra, rb, seqs, reused.isEmpty() ? settings.repeats() : 0, settings.repeats());
        bad = unusable(ra, rb);
        if (bad != null) {
            return new Step(index, c, from, to, first, null, List.of(), false, bad, seqs, reusedSeqs);
        }
        if (!reused.isEmpty()) {
            double[] before = values(reused);
            double[] later = values(ra.subList(reused.size(), ra.size()));
            double firstRatio = Compare.median(values(rb.subList(0, settings.repeats()))) / Compare.median(before);
            if (Protocol.moved(before, later, firstRatio)) {
                return new Step(index, c, from, to, first, null, List.of(), false, String.format(Locale.ROOT, "%s: "
                        + "the best's %s went from %s (%s) to %s in round 2, as much as half of round 1's %.3gx, so "
                        + "round 1 compared the machine, not the flags", Protocol.MOVED, goal.metric(),
                        Numbers.fmt(Compare.median(before)), TuneReport.range(reusedSeqs),
                        Numbers.fmt(Compare.median(later)), firstRatio), seqs, reusedSeqs);
            }
        }
        Comparison pooled = compare(ra, rb, settings.alpha() / Protocol.FINAL_DIVISOR, index * 2L + 1);
        List<String> guardLines = new ArrayList<>();
        Map<String, Double> ma = medians(ra);
        Map<String, Double> mb = medians(rb);
        boolean guardsHold = true;
        for (Target g : guards) {
            double v = standing(g, mb, mb.get(g.metric()) / ma.get(g.metric()));
            boolean ok = !Double.isNaN(v) && g.holds(v, baseline.get(g.metric()));
            guardsHold &= ok;
            guardLines.add(g.describe(baseline.get(g.metric())) + ": candidate " + Numbers.fmt(v)
                    + (g.relative() ? String.format(Locale.ROOT, " (%.3gx the baseline)", v / baseline.get(g.metric()))
                    : "") + (ok ? " ok" : " violated"));
        }
        if (pooled.verdict() != Verdict.BETTER) {
            return new Step(index, c, from, to, first, pooled, guardLines, false, Numbers.describe(pooled)
                    + " over both rounds", seqs, reusedSeqs);
        }
        return new Step(index, c, from, to, first, pooled, guardLines, guardsHold, Numbers.describe(pooled)
                + " over both rounds" + (guardsHold ? ", guards hold" : ", but a guard is violated"), seqs, reusedSeqs);
    }

    /**
     * The last {@code repeats} trials of {@code best} where they ran just before the next trial ({@link
     * Protocol#recent}) and all measured the goal: round 1's A side; empty otherwise.
     */
    private List<TrialResult> recent(FlagSet best) {
        List<TrialResult> mine = bySeq.values().stream().filter(t -> t.flags().equals(best.line())).toList();
        if (mine.size() < settings.repeats()) {
            return List.of();
        }
        List<TrialResult> last = mine.subList(mine.size() - settings.repeats(), mine.size());
        boolean usable = last.stream().allMatch(t -> t.ok() && !Double.isNaN(t.metric(goal.metric()))
                && Protocol.recent(seq - t.seq(), settings.repeats()));
        return usable ? List.copyOf(last) : List.of();
    }

    /** Why the arms cannot be compared, the candidate's first; null when they can. */
    private String unusable(List<TrialResult> a, List<TrialResult> b) {
        String bad = unusable(b, "the candidate's");
        return bad != null ? bad : unusable(a, "the current best's");
    }

    /** Why an arm's trials cannot be compared (one failed, or lacks the goal's metric); null when they can. */
    private String unusable(List<TrialResult> arm, String whose) {
        for (TrialResult t : arm) {
            if (!t.ok()) {
                return whose + " trial " + t.seq() + " ended " + t.outcome() + " (see " + t.dir() + "/stderr.log)";
            }
            if (Double.isNaN(t.metric(goal.metric()))) {
                return whose + " trial " + t.seq() + " did not report " + goal.metric() + " (see " + t.dir() + ")";
            }
        }
        return null;
    }

    /** {@code n} pairs, in ABBA order counted from the A/B's {@code done}-th pair. */
    private void pair(FlagSet a, FlagSet b, List<TrialResult> ra, List<TrialResult> rb, List<Integer> seqs, int done,
                      int n) throws IOException, InterruptedException {
        for (int i = done; i < done + n; i++) {
            boolean aFirst = i % 2 == 0;
            TrialResult first = trial(aFirst ? "A" : "B", aFirst ? a : b);
            TrialResult second = trial(aFirst ? "B" : "A", aFirst ? b : a);
            for (TrialResult t : List.of(first, second)) {
                (t.arm().equals("A") ? ra : rb).add(t);
                seqs.add(t.seq());
            }
        }
    }

    private Comparison compare(List<TrialResult> a, List<TrialResult> b, double alpha, long salt) {
        return Compare.of(goal.metric(), values(a), values(b), Significance.oneSided(alpha), settings.seed() + salt);
    }

    private double[] values(List<TrialResult> trials) {
        return trials.stream().mapToDouble(t -> t.metric(goal.metric())).toArray();
    }

    private TrialResult trial(String arm, FlagSet flags) throws IOException, InterruptedException {
        TrialResult r = runner.run(seq, arm, flags);
        seq++;
        seconds += r.seconds();
        bySeq.put(r.seq(), r);
        listener.trial(r, settings.maxTrials(), r.seq() < replayable);
        return r;
    }

    /**
     * Why {@code trials} more trials do not fit the budget, or null when they do. The time budget counts them
     * at the session's mean trial time so far, so that a session ends near its limit rather than one A/B past it.
     */
    private String budgetLeft(int trials) {
        if (seq + trials > settings.maxTrials()) {
            return "budget spent: " + seq + " of " + settings.maxTrials() + " trials run, the next A/B needs " + trials;
        }
        double expected = seq == 0 ? 0 : seconds / seq * trials;
        if (settings.maxMinutes() > 0 && seconds + expected > settings.maxMinutes() * 60) {
            return String.format(Locale.ROOT, "budget spent: %.1f of %.1f minutes of trials run, the next A/B needs "
                    + "about %.1f more", seconds / 60, settings.maxMinutes(), expected / 60);
        }
        return null;
    }

    /** Medians of the goal's and guards' metrics over the OK trials. */
    private Map<String, Double> medians(List<TrialResult> trials) {
        Map<String, Double> out = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        names.add(goal.metric());
        guards.forEach(g -> names.add(g.metric()));
        for (String n : names) {
            out.put(n, Compare.median(trials.stream().filter(TrialResult::ok).mapToDouble(t -> t.metric(n))
                    .filter(v -> !Double.isNaN(v)).toArray()));
        }
        return out;
    }

    private TuneResult result(TuneResult.Outcome outcome, String message) {
        return new TuneResult(outcome, message, settings.goal(), settings.guards(), start.line(), best.line(),
                baseline, bestMedians, vsBaseline, steps, typical(base), typical(bestTrials), seq, seconds,
                bound == null ? null : bound.text());
    }

    /** The directory of a typical trial ({@link TrialResult#typical}); null when none is OK. */
    private String typical(List<TrialResult> trials) {
        return TrialResult.typical(trials, goal.metric()).map(TrialResult::dir).orElse(null);
    }
}
