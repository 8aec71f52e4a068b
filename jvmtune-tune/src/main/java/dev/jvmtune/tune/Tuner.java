package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import dev.jvmtune.lab.stats.Compare;
import dev.jvmtune.lab.stats.Comparison;
import dev.jvmtune.lab.stats.Significance;
import dev.jvmtune.lab.stats.Verdict;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The closed loop: noise first, then screen, race, confirm. The baseline (the starting flags, repeated) measures the
 * machine's noise for the goal's effect ({@link Noise}: too noisy, and unless a candidate raced beside it shows the
 * spread to be the starting flags' own, the session says so with the repeats it would need) and the JVM's own time per
 * {@link Cause}, which bounds the goal ({@link GoalBound}). Candidates come from the evidence of a typical trial of the
 * current best - the rules, the CPU the JVM's threads took, the peak live set - ranked by what they claim to give back,
 * the set of the independent ones first; then the declared search space; then a model of everything measured ({@link
 * ModelSearch}). Each one races against the best: its trials run one at a time beside the best's recent ones (fresh
 * ones where those are older than the protocol allows) and it is dropped as soon as round 1 can no longer pass ({@link
 * Protocol#futile}); one that passes round 1 is confirmed against the best in interleaved pairs, and accepted only
 * where both rounds pooled are better at alpha / 5 and every guard holds. Every decision is a {@link Decision}; every
 * measured candidate may settle causes and so move the bound.
 *
 * <p>Deterministic given its trials' results, which is what makes {@link JournaledRunner} resumable. One instance
 * runs one session.
 */
public final class Tuner {

    /** Model proposals after the last accepted candidate before the session says nothing is left to try. */
    static final int MODEL_PROPOSALS = 6;

    /** Reads a trial's evidence, once, when it ends ({@link Evidence#read}); tests give simulated trials theirs. */
    @FunctionalInterface
    public interface EvidenceReader {
        Evidence read(TrialResult trial) throws IOException;
    }

    /** Where decisions go as they are taken ({@link Journal#decision}). */
    @FunctionalInterface
    public interface Decisions {
        void decision(Step step) throws IOException;
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
    private final Decisions journal;
    private final Listener listener;
    private final int replayable;
    private final EvidenceReader reader;
    private final long machineBytes;

    private final Target goal;
    private final List<Target> guards;
    // the session as it goes: trials so far with their evidence, the baseline, the current best, the steps taken
    private int seq;
    private double seconds;
    private final Map<Integer, TrialResult> bySeq = new LinkedHashMap<>();
    private final Map<Integer, Evidence> evidence = new HashMap<>();
    /** Per trial: its goal metric over the start's, through the best it was measured beside (the model's data). */
    private final Map<Integer, Double> relative = new HashMap<>();
    /** The flags the user gave, and those the baseline measured: the same unless the start was repaired. */
    private FlagSet given;
    private FlagSet start;
    /** Each repair of the start, in one line ({@link HeapRepair#line}). */
    private final List<String> repairs = new ArrayList<>();
    private final List<TrialResult> base = new ArrayList<>();
    private Map<String, Double> baseline;
    private FlagSet best;
    private Map<String, Double> bestMedians;
    /**
     * Per goal/guard metric: the best against the baseline, the product of the accepted A/Bs' ratios of medians over
     * both rounds (each the ratio its decision was taken on, to the start as measured beside the candidate).
     */
    private final Map<String, Double> vsBaseline = new LinkedHashMap<>();
    /**
     * The goal metric's best against the baseline at the better end of each accepted A/B's interval: the most the
     * measurements allow the best to stand at, where the bound starts ({@link #reach}).
     */
    private double reachChain = 1;
    private final List<Step> steps = new ArrayList<>();
    /** The causes that have nothing left to give, each with why and what its measurement still allows. */
    private final Map<Cause, GoalBound.Settled> settled = new EnumMap<>(Cause.class);
    /** Parts of accepted sets that hide their cost, not yet measured out of their set ({@link Unproven}). */
    private final List<Unproven> unproven = new ArrayList<>();
    private GoalBound bound;
    private Noise noise;
    /**
     * Why the session would end too noisy, while the baseline's noise is too much for the goal and no candidate has
     * yet shown it to be the start's flags' own ({@link #noiseFirst}); null once that is settled.
     */
    private String tooNoisy;
    /** The first trial after the noisy baseline: candidates race from it for as many trials as the baseline ran. */
    private int probeFrom;
    private String evidenceLine;
    private ModelSearch model;
    private int modelSince;

    public Tuner(TrialRunner runner, List<CandidateSource> sources, SearchSpace space, TuneSettings settings,
                 Decisions journal, Listener listener, int replayable, EvidenceReader reader, long machineBytes) {
        this.runner = runner;
        this.sources = List.copyOf(sources);
        this.space = space;
        this.settings = settings;
        this.journal = journal;
        this.listener = listener;
        this.replayable = replayable;
        this.reader = reader;
        this.machineBytes = machineBytes;
        this.goal = settings.goalTarget();
        this.guards = settings.guardTargets();
    }

    public TuneResult run() throws IOException, InterruptedException {
        given = FlagSet.parse(settings.flags());
        start = given;
        TuneResult failed = measureStart();
        if (failed != null) {
            return failed;
        }
        for (Target t : allTargets()) {
            String why = t.unjudgeable(baseline.get(t.metric()));
            if (why != null) {
                return result(TuneResult.Outcome.BASELINE_FAILED, "target '" + t.text() + "' cannot be judged on "
                        + "this baseline: " + why);
            }
        }
        baseline.keySet().forEach(m -> vsBaseline.put(m, 1.0));
        double firstBase = baseline.get(goal.metric());
        base.forEach(t -> relative.put(t.seq(), direction(t.metric(goal.metric()) / firstBase)));
        boolean metAlready = goal.holds(firstBase, firstBase);
        if (!metAlready) {
            noise = Noise.of(values(base), goal.bound(firstBase) / firstBase);
            listener.note("noise: " + noise.describe(goal.metric(), Metrics.unit(goal.metric())));
        }
        // the bound before the noise: a goal beyond what flags can give needs no more baseline trials to say so
        TuneResult beyond = boundAfterBaseline(firstBase);
        if (beyond != null) {
            return beyond;
        }
        if (!metAlready) {
            TuneResult noisy = noiseFirst();
            if (noisy != null) {
                return noisy;
            }
        }
        double goalBase = baseline.get(goal.metric());
        if (goalBase != firstBase) { // the baseline measured again: its bound from all of its trials
            beyond = boundAfterBaseline(goalBase);
            if (beyond != null) {
                return beyond;
            }
        }
        model = new ModelSearch(HeapCandidates.heap(start, evidence(typical(base))), machineBytes, settings.pinned());
        Set<FlagSet> tried = new HashSet<>(List.of(given, start));
        while (true) {
            double now = standing(goal, bestMedians, 1);
            if (goal.holds(now, goalBase)) {
                String unit = Metrics.unit(goal.metric());
                return result(TuneResult.Outcome.GOAL_MET, "goal met: " + goal.metric() + " " + Numbers.fmt(now)
                        + (unit.isEmpty() ? "" : " " + unit) + (goal.relative() ? String.format(Locale.ROOT,
                        " (%.3gx the baseline by the accepted A/Bs)", vsBaseline.get(goal.metric())) : " (median)")
                        + " against " + goal.describe(goalBase));
            }
            Evidence bestEvidence = evidence(typical(trialsOf(best)));
            Candidate next = next(bestEvidence, tried);
            // room for the best's fresh reference, the candidate's round 1 and the confirming pairs
            String budget = budgetLeft(settings.repeats() * (reference(best).isEmpty() ? 4 : 3));
            TuneResult noisy = stillTooNoisy(next == null, budget);
            if (noisy == null) {
                noisy = restTooNoisy(goalBase);
            }
            if (noisy != null) {
                return noisy;
            }
            if (next == null) {
                return result(TuneResult.Outcome.NOT_REACHABLE, "goal not reachable by JVM flags: "
                        + goal.describe(goalBase) + " not met after " + steps.size() + " candidates ("
                        + steps.stream().filter(Step::accepted).count() + " accepted); the evidence, the search space "
                        + "and " + MODEL_PROPOSALS + " proposals of the model have nothing left to try");
            }
            if (budget != null) {
                return result(TuneResult.Outcome.BUDGET_SPENT, budget + "; " + notMet(goalBase));
            }
            FlagSet nextFlags = next.on(best);
            tried.add(nextFlags);
            listener.note("candidate " + (steps.size() + 1) + " [" + next.source() + "]: " + next.title());
            Step step = race(steps.size(), next, bestEvidence);
            steps.add(step);
            journal.decision(step);
            listener.note("  " + step.decision().describe());
            if (step.decision().kind() == Decision.Kind.REJECTED_GUARD || step.decision().kind() == Decision.Kind.FAILED) {
                // no better than anything measured, for the model: a guard it broke, a trial that failed
                step.trials().stream().filter(t -> bySeq.get(t).arm().equals("B"))
                        .forEach(t -> relative.put(t, Double.POSITIVE_INFINITY));
            }
            Unproven ablated = unproven.stream().filter(u -> u.without().equals(next)).findFirst().orElse(null);
            if (ablated != null) {
                unproven.remove(ablated);
            }
            switch (step.decision().kind()) {
                case ACCEPTED -> {
                    accept(step, nextFlags, ablated);
                    TuneResult stillNoisy = noiseAfter(step, goalBase);
                    if (stillNoisy != null) {
                        return stillNoisy;
                    }
                }
                case OUT_OF_REACH -> {
                    return outOfReach(goalBase, "candidate " + (step.index() + 1) + " was not worth confirming");
                }
                default -> settle(step, bestEvidence);
            }
            Evidence bestNow = evidence(typical(trialsOf(best)));
            if (step.accepted() || step.decision().measuredWithoutGain()) {
                GoalBound revised = bound == null ? null : GoalBound.of(goal, goalBase, reach(1), bestNow, start,
                        settled).orElse(null);
                if (revised != null && !revised.text().equals(bound.text())) {
                    bound = revised;
                    listener.note("bound: " + bound.text());
                }
            }
            unproven.removeIf(u -> !open(u.without().on(best), bestNow, tried)); // tried already: nothing left to race
            if (bound != null && bound.beyond() && !settings.beyondBound()) {
                if (unproven.isEmpty()) {
                    return outOfReach(goalBase, "stopped after " + seq + " trials");
                }
                listener.note("  the goal lies beyond the bound, but the best's set was not measured without "
                        + unproven.get(0).part().title() + ": that first");
            }
        }
    }

    /**
     * The baseline's trials at the start; where they ran out of heap, at the start repaired ({@link HeapRepair}), as
     * often as the repair finds a larger heap. The session's end where the baseline did not measure, else null.
     */
    private TuneResult measureStart() throws IOException, InterruptedException {
        while (true) {
            for (int i = 0; i < settings.repeats(); i++) {
                base.add(trial("baseline", start));
            }
            best = start;
            baseline = medians(base);
            bestMedians = baseline;
            TrialResult bad = base.stream().filter(t -> !t.ok()).findFirst().orElse(null);
            if (bad == null) {
                return Double.isNaN(baseline.get(goal.metric())) ? result(TuneResult.Outcome.BASELINE_FAILED,
                        "the baseline did not measure: the program does not report " + goal.metric()) : null;
            }
            String why = "the baseline did not measure: trial " + bad.seq() + " ended " + bad.outcome() + " (see "
                    + bad.dir() + ")" + (repairs.isEmpty() ? "" : " at the repaired start " + start
                    + ", after " + String.join("; ", repairs));
            HeapRepair repair = HeapRepair.of(start, base, t -> evidence.get(t.seq()), settings.pinned(),
                    machineBytes);
            if (repair == null) {
                return result(TuneResult.Outcome.BASELINE_FAILED, why);
            }
            String budget = repair.flags() == null ? null : budgetLeft(settings.repeats());
            if (repair.flags() == null || budget != null) {
                return result(TuneResult.Outcome.BASELINE_FAILED, why + "; " + repair.line()
                        + (budget == null ? "" : "; no room to measure it: " + budget));
            }
            listener.note(repair.line());
            repairs.add(repair.line());
            start = repair.flags();
            base.clear();
        }
    }

    /**
     * The evidence of a typical baseline trial and the bound from it, both reported; the session's end where the goal
     * lies beyond the bound (unless --beyond-bound), else null.
     */
    private TuneResult boundAfterBaseline(double goalBase) {
        Evidence e = evidence(typical(base));
        evidenceLine = e.describe();
        listener.note("evidence: " + evidenceLine);
        bound = GoalBound.of(goal, goalBase, goalBase, e, start, settled).orElse(null);
        if (bound != null) {
            listener.note("bound: " + bound.text());
            if (bound.beyond() && !settings.beyondBound()) {
                return outOfReach(goalBase, "stopped after the baseline");
            }
        }
        return null;
    }

    /**
     * Where the baseline's noise looks too much for the goal's effect, measures it again over twice as many baseline
     * trials (three trials say little about a spread). Still too noisy, the session does not end yet: noise the
     * starting flags make is not the machine's (a code cache too small to hold the program's code thrashes in some
     * runs and not others; a compiler that takes the CPU a server needs puts it behind its load in some), and a
     * candidate that removes it shows more than the goal's effect beyond the start's spread. So candidates race as
     * usual for as many trials as the baseline ran ({@link #stillTooNoisy}); their decision, a rank test and a
     * bootstrap interval, holds its false-acceptance rate whatever the two arms' spreads. The session's end where the
     * baseline could not be measured again, else null.
     */
    private TuneResult noiseFirst() throws IOException, InterruptedException {
        String unit = Metrics.unit(goal.metric());
        if (!noise.tooNoisy(settings.repeats())) {
            return null;
        }
        if (base.size() == settings.repeats()) {
            String budget = budgetLeft(settings.repeats());
            if (budget != null) {
                return result(TuneResult.Outcome.BUDGET_SPENT, budget + "; the baseline looked too noisy for the goal "
                        + "(" + goal.describe(baseline.get(goal.metric())) + ") and there was no room to measure it "
                        + "again");
            }
            listener.note("  the goal's effect needs about " + noise.needed() + " trials a side beyond this noise: "
                    + settings.repeats() + " more baseline trials to measure it again");
            for (int i = 0; i < settings.repeats(); i++) {
                TrialResult t = trial("baseline", start);
                base.add(t);
                if (!t.ok()) {
                    return result(TuneResult.Outcome.BASELINE_FAILED, "the baseline did not measure: trial " + t.seq()
                            + " ended " + t.outcome() + " (see " + t.dir() + ")");
                }
            }
            baseline = medians(base);
            bestMedians = baseline;
            base.forEach(t -> relative.put(t.seq(), direction(t.metric(goal.metric()) / baseline.get(goal.metric()))));
            noise = Noise.of(values(base), goal.bound(baseline.get(goal.metric())) / baseline.get(goal.metric()));
            listener.note("noise: " + noise.describe(goal.metric(), unit));
        }
        if (!noise.tooNoisy(settings.repeats())) {
            return null;
        }
        tooNoisy = String.format(Locale.ROOT, "too noisy for the goal: %s; %s asks for %.0f%% on the log scale, which "
                        + "the pooled decision sees beyond this noise with about %d trials a side, where --repeats %d "
                        + "gives %d: rerun with --repeats %d, or on a quieter machine", noise.describe(goal.metric(),
                        unit), goal.describe(baseline.get(goal.metric())), 100 * noise.effect(), noise.needed(),
                settings.repeats(), 2 * settings.repeats(), noise.repeatsNeeded(), noise.repeatsNeeded());
        probeFrom = seq;
        listener.note(String.format(Locale.ROOT, "  too noisy for the goal's effect at the start's flags; noise the "
                + "flags make is not the machine's: candidates race beside it for up to %d trials before the session "
                + "says so", base.size()));
        return null;
    }

    /**
     * The too-noisy end, while the baseline's noise stands and the candidates raced since have run as many trials as
     * the baseline did without one accepted, a fresh reference for the next counted as run (or nothing is left to
     * race, or no room), else null. It names them.
     */
    private TuneResult stillTooNoisy(boolean nothingLeft, String budget) {
        int raced = seq - probeFrom;
        int next = reference(best).isEmpty() ? settings.repeats() : 0;
        if (tooNoisy == null || raced + next < base.size() && !nothingLeft && budget == null) {
            return null;
        }
        List<Step> probes = steps.stream().filter(s -> s.trials().stream().anyMatch(t -> t >= probeFrom)).toList();
        String tried = probes.isEmpty() ? nothingLeft ? "; no candidate was left to race beside it" : ""
                : String.format(Locale.ROOT, "; the %d candidate%s raced beside it in %d trials (%s) showed no change "
                        + "beyond it, so the spread is not one the flags tried make", probes.size(),
                probes.size() == 1 ? "" : "s", raced, probes.stream().map(s -> (s.index() + 1) + " " + s.candidate()
                        .source() + ": " + s.decision().kind().label()).collect(Collectors.joining(", ")));
        return result(TuneResult.Outcome.TOO_NOISY, tooNoisy + tried + (budget == null ? "" : "; " + budget));
    }

    /**
     * After a candidate accepted beside a noisy baseline: its trials' own noise, against what is left of the goal.
     * Still too noisy, the session ends so with the candidate as its final; quiet enough, it goes on as on a quiet
     * machine. Null to go on.
     */
    private TuneResult noiseAfter(Step step, double goalBase) {
        if (tooNoisy == null) {
            return null;
        }
        double now = standing(goal, bestMedians, 1);
        if (goal.holds(now, goalBase)) {
            return null;
        }
        List<TrialResult> mine = trials(step.trials()).stream().filter(t -> t.arm().equals("B")).toList();
        Noise after = Noise.of(values(mine), goal.bound(goalBase) / now);
        String unit = Metrics.unit(goal.metric());
        String described = after.describe("candidate " + (step.index() + 1) + "'s", goal.metric(), unit);
        listener.note("noise: " + described);
        if (!after.tooNoisy(settings.repeats())) {
            tooNoisy = null;
            return null;
        }
        return result(TuneResult.Outcome.TOO_NOISY, String.format(Locale.ROOT, "too noisy for the rest of the goal: "
                        + "candidate %d was accepted beside the start's noise, but %s, where the goal asks for %.0f%% "
                        + "more on the log scale, which needs about %d trials a side: rerun from its flags with "
                        + "--repeats %d, or on a quieter machine", step.index() + 1, described, 100 * after.effect(),
                after.needed(), after.repeatsNeeded()));
    }

    /**
     * The too-noisy end, for a goal not yet met, where nothing flags can still give could be shown, else null. The
     * bound's share (the JVM's own time not yet settled, on a typical trial of the best) is the most any candidate can
     * gain on the best; where the best's own trials are too noisy to show that in two rounds of {@code --repeats}, a
     * candidate would be accepted only by chance, and the budget would go on candidates of smaller effects still. The
     * best is the final, with what the accepted A/Bs say of the goal. Not while a part of the best that hides its cost
     * is unproven (what it costs is no cause the bound counts), past the bound (--beyond-bound), or on the noisy path,
     * which ends its own way.
     */
    private TuneResult restTooNoisy(double goalBase) {
        if (tooNoisy != null || bound == null || !bound.holds() || !unproven.isEmpty() || settings.beyondBound()) {
            return null;
        }
        List<TrialResult> mine = trialsOf(best).stream().filter(t -> !Double.isNaN(t.metric(goal.metric()))).toList();
        if (mine.size() < settings.repeats()) {
            return null;
        }
        Noise rest = Noise.of(values(mine), 1 - bound.share());
        if (!rest.tooNoisy(settings.repeats())) {
            return null;
        }
        return result(TuneResult.Outcome.TOO_NOISY, String.format(Locale.ROOT, "too noisy for what flags can still "
                        + "give: at most %.1f%% of a typical trial (the JVM's own time the bound has not settled), which "
                        + "needs about %d trials a side beyond %s, where --repeats %d gives %d; %s: rerun from the "
                        + "best's flags with --repeats %d, or on a quieter machine", 100 * bound.share(), rest.needed(),
                rest.describe(best.equals(start) ? "the start's" : "the best's", goal.metric(),
                        Metrics.unit(goal.metric())), settings.repeats(), 2 * settings.repeats(), notMet(goalBase),
                rest.repeatsNeeded()));
    }

    /**
     * "the goal was not met (...)"; or, where the accepted A/Bs' ratios leave a relative goal unmet but their 95%
     * intervals reach it at their better ends, that it is unsure: the trials measured cannot tell.
     */
    private String notMet(double goalBase) {
        double now = standing(goal, bestMedians, 1);
        double atBest = reach(1);
        if (!goal.relative() || steps.stream().noneMatch(Step::accepted) || !goal.holds(atBest, goalBase)) {
            return "the goal was not met (" + goal.describe(goalBase) + ")";
        }
        String unit = Metrics.unit(goal.metric());
        unit = unit.isEmpty() ? "" : " " + unit;
        return String.format(Locale.ROOT, "unsure whether the goal is met: %s %s%s (%.3gx the baseline) by the "
                        + "accepted A/Bs' ratios, but as far as %s%s (%.3gx) at the better ends of their 95%% intervals, "
                        + "against %s", goal.metric(), Numbers.fmt(now), unit, now / baseline.get(goal.metric()),
                Numbers.fmt(atBest), unit, atBest / baseline.get(goal.metric()), goal.describe(goalBase));
    }

    private TuneResult outOfReach(double goalBase, String where) {
        return result(TuneResult.Outcome.OUT_OF_REACH, "goal out of reach of JVM flags: " + goal.describe(goalBase)
                + " lies beyond what they can plausibly give (" + Numbers.fmt(bound.best()) + "); " + where
                + " (--beyond-bound tries anyway)");
    }

    private void accept(Step step, FlagSet flags, Unproven ablated) {
        for (Candidate part : step.candidate().parts()) {
            if (hidesItsCost(part, best)) {
                unproven.add(new Unproven(step.index(), part, best));
            }
        }
        if (ablated != null) {
            String why = String.format(Locale.ROOT, "candidate %d took %s out of candidate %d's set and gained: what "
                    + "it removed, the program repays", step.index() + 1, ablated.part().source(), ablated.step() + 1);
            ablated.part().wholeCauses().forEach(c -> settled.put(c, GoalBound.Settled.by(why)));
        }
        // the ratio the decision was taken on: both rounds, the best's reused trials and its fresh ones of round 2
        List<Integer> theirs = new ArrayList<>(step.reference());
        List<Integer> mine = new ArrayList<>(step.firstRound());
        step.confirmRound().forEach(s -> (bySeq.get(s).arm().equals("B") ? mine : theirs).add(s));
        Map<String, Double> ma = medians(trials(theirs));
        best = flags;
        bestMedians = medians(trials(mine));
        vsBaseline.replaceAll((m, r) -> r * bestMedians.get(m) / ma.get(m));
        Comparison pooled = step.pooled();
        reachChain *= pooled.effect().equals("ratio") ? betterEnd(pooled)
                : bestMedians.get(goal.metric()) / ma.get(goal.metric());
        modelSince = 0;
        for (Cause c : step.candidate().wholeCauses()) {
            settled.put(c, GoalBound.Settled.by("given back by candidate " + (step.index() + 1)
                    + ", accepted: it is in the measured ratio"));
        }
    }

    /**
     * Settles the causes a candidate measured without a gain removed outright, where its trials show them gone and
     * nothing else of the JVM's grown in their place: what they cost, the program repays (C2's faster code). A
     * candidate whose other causes grew (Parallel in a heap too small: Full GCs) settles nothing: the A/B then measured
     * the heap, not the causes. Nor does one whose comparison's interval still allows a gain of half the time that went
     * (Lucene's set with C1 only within noise at 0.946x, CI 0.789-1.02, the compilers 3.2 s down in an 8.7 s run): not
     * seeing a gain is not seeing none.
     */
    private void settle(Step step, Evidence before) {
        Set<Cause> whole = step.candidate().wholeCauses();
        if (!step.decision().measuredWithoutGain() || whole.isEmpty() || step.firstRound().isEmpty()) {
            return;
        }
        Evidence after = evidence(typical(trials(step.firstRound())));
        double was = before.seconds(whole);
        double now = after.seconds(whole);
        Set<Cause> others = EnumSet.complementOf(EnumSet.copyOf(whole));
        others.removeIf(c -> Double.isNaN(before.seconds(c)) || Double.isNaN(after.seconds(c)));
        double grew = after.seconds(others) - before.seconds(others);
        double claimed = step.candidate().claims().stream().filter(Claim::whole).mapToDouble(Claim::seconds).sum();
        double gain = allowedGain(step, before);
        if (Double.isNaN(was) || Double.isNaN(now) || was - now < claimed / 2 || grew > (was - now) / 2
                || Double.isNaN(gain) || gain > (was - now) / 2) {
            return;
        }
        String why = String.format(Locale.ROOT, "candidate %d [%s] took %s from %.2f to %.2f s, the other causes "
                        + "%+.2f s, and gained nothing (%s)", step.index() + 1, step.candidate().source(),
                whole.stream().map(Cause::label).collect(Collectors.joining(" and ")), was, now, grew,
                step.pooled() != null ? Numbers.describe(step.pooled()) + " over both rounds"
                        : step.first() == null ? step.decision().describe() : Numbers.describe(step.first()));
        // the interval's allowance once, on the first cause it settles: the causes' time went together
        double left = gain;
        for (Cause c : whole) {
            if (!settled.containsKey(c)) {
                settled.put(c, new GoalBound.Settled(why, left));
                left = 0;
            }
        }
    }

    /**
     * The most of the best's typical trial, s, that a step's comparison (over both rounds where it has them) leaves
     * possible as a gain: its interval's better end; NaN without an interval of ratios, which rules out nothing.
     */
    private double allowedGain(Step step, Evidence before) {
        Comparison c = step.pooled() != null ? step.pooled() : step.first();
        if (c == null || !c.effect().equals("ratio")) {
            return Double.NaN;
        }
        double share = Metrics.higherIsBetter(goal.metric()) ? 1 - 1 / c.ciHigh() : 1 - c.ciLow();
        return Math.max(0, share) * before.wallSec();
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

    /**
     * The best the goal metric may stand at for a configuration {@code stepEnd} times the current best: for a
     * relative goal, the baseline's median times the better ends of the accepted A/Bs' intervals, so that a bound
     * taken from it holds wherever the point estimates of a few trials fall within their noise (javac's start at
     * 23.2 s in the baseline and 27.1 s beside its first set); for an absolute goal, where it stands.
     */
    private double reach(double stepEnd) {
        return goal.relative() ? baseline.get(goal.metric()) * reachChain * stepEnd : standing(goal, bestMedians, 1);
    }

    /** The better end of a comparison's interval of ratios, by the goal's direction. */
    private double betterEnd(Comparison c) {
        return Metrics.higherIsBetter(goal.metric()) ? c.ciHigh() : c.ciLow();
    }

    /**
     * The next candidate: the first of the ranked ones that was not tried, leaves the pinned settings alone and has
     * room for its collector; else the model's proposal, while it has proposals left.
     */
    private Candidate next(Evidence e, Set<FlagSet> tried) {
        for (Candidate c : candidates(e)) {
            FlagSet f = c.on(best);
            if (open(f, e, tried) && settings.pinned().stream().noneMatch(k -> FlagSet.touches(c.change(), k)
                    || c.drop().contains(k))) {
                return c;
            }
        }
        if (modelSince >= MODEL_PROPOSALS) {
            return null;
        }
        List<ModelSearch.Observation> measured = new ArrayList<>();
        relative.forEach((s, r) -> measured.add(new ModelSearch.Observation(FlagSet.parse(bySeq.get(s).flags()), r)));
        Optional<Candidate> proposal = model.propose(best, measured, settings.seed() + seq, f -> open(f, e, tried));
        proposal.ifPresent(c -> modelSince++);
        return proposal.orElse(null);
    }

    private boolean open(FlagSet f, Evidence e, Set<FlagSet> tried) {
        return !f.equals(best) && !tried.contains(f) && (f.coherent() || !best.coherent())
                && HeapCandidates.fits(best, f, e);
    }

    /**
     * The evidence's candidates and the declared space's points: the set of the independent ones with claims first
     * ({@link Compositions}), then those with claims, the largest first, then the rest in their order. A candidate
     * whose every cause is settled has nothing left to give.
     */
    private List<Candidate> candidates(Evidence e) {
        List<Candidate> out = new ArrayList<>();
        for (CandidateSource s : sources) {
            out.addAll(s.propose(best, e));
        }
        out.addAll(space.candidates(best));
        out.removeIf(c -> !c.claims().isEmpty() && settled.keySet().containsAll(c.causes()));
        List<Candidate> ranked = new ArrayList<>(out.stream().filter(c -> c.gainSec() > 0)
                .sorted(Comparator.comparingDouble(Candidate::gainSec).reversed()).toList());
        out.stream().filter(c -> !(c.gainSec() > 0)).forEach(ranked::add);
        Compositions.of(ranked, best, e).ifPresent(c -> ranked.add(0, c));
        ranked.addAll(0, unproven.stream().map(Unproven::without).toList());
        return ranked;
    }

    /**
     * Whether a part of a set, applied to {@code before}, holds the JIT back ({@link GoalBound#jitHeldBack}): it removes
     * the compilers' time, and what its slower code costs the program no log states, so a set's ratio may hide a loss
     * beside its other parts' gains. A collector's costs are the GC's causes, which the logs time.
     */
    private static boolean hidesItsCost(Candidate part, FlagSet before) {
        return !part.wholeCauses().isEmpty() && GoalBound.jitHeldBack(part.on(before))
                && !GoalBound.jitHeldBack(before);
    }

    /**
     * A part of an accepted set that hides its cost ({@link #hidesItsCost}), not yet measured out of its set (a heap
     * that gave 0.78x with C2 gave 0.94x beside C1 only). Each is tried out of the set before the bound may end the
     * session.
     *
     * @param step   the index of the step that accepted the set
     * @param before the best the set was accepted from
     */
    private record Unproven(int step, Candidate part, FlagSet before) {

        /** The best without the part: its settings back to what they were before the set, or to the JVM's defaults. */
        Candidate without() {
            List<String> keys = part.change().stream().map(FlagSet::key).toList();
            List<String> back = before.options().stream().filter(o -> keys.contains(FlagSet.key(o))).toList();
            List<String> drop = keys.stream().filter(k -> back.stream().noneMatch(o -> FlagSet.key(o).equals(k)))
                    .toList();
            return new Candidate("without:" + part.source(), "candidate " + (step + 1) + "'s set without "
                    + part.title(), back, List.of(
                    String.format(Locale.ROOT, "candidate %d was accepted as one set: what each part gives alone was "
                            + "not measured", step + 1),
                    String.format(Locale.ROOT, "%s removes %s outright; what that costs the program, no log states, so "
                                    + "the set's ratio may hide a loss beside its other parts' gains", part.title(),
                            part.wholeCauses().stream().map(Cause::label).collect(Collectors.joining(" and "))),
                    "the set without it, " + (drop.isEmpty() ? "" : String.join(", ", drop) + " back to the JVM's "
                            + "default" + (back.isEmpty() ? "" : ", ")) + (back.isEmpty() ? "" : String.join(" ", back)
                            + " as before the set") + ", is measured before the bound may end the session"),
                    List.of(), drop, List.of());
        }
    }

    /**
     * One candidate's race against the best: its trials one at a time beside the best's reference, dropped as soon as
     * round 1 cannot pass; past round 1, confirmed in interleaved pairs.
     */
    private Step race(int index, Candidate c, Evidence bestEvidence) throws IOException, InterruptedException {
        FlagSet a = best;
        FlagSet b = c.on(best);
        String from = a.toString();
        String to = b.toString();
        List<Integer> seqs = new ArrayList<>();
        // the best's reference: its last trials where they ran just before, else fresh ones, one at a time
        List<TrialResult> ref = reference(a);
        for (int i = 0; ref.isEmpty() && i < settings.repeats(); i++) {
            seqs.add(trial("A", a).seq());
            ref = reference(a);
        }
        List<Integer> refSeqs = ref.stream().map(TrialResult::seq).toList();
        Ended ended = new Ended(index, c, from, to, seqs, refSeqs);
        String badRef = unusable(ref, "the current best's");
        if (ref.isEmpty() || badRef != null) {
            return ended.step(null, Decision.Kind.FAILED,
                    badRef != null ? badRef : "the best's trials did not measure " + goal.metric(), List.of());
        }
        List<TrialResult> rb = new ArrayList<>();
        for (int i = 0; i < settings.repeats(); i++) {
            TrialResult t = trial("B", b);
            rb.add(t);
            seqs.add(t.seq());
            String bad = unusable(List.of(t), "the candidate's");
            if (bad != null) {
                return ended.step(null, Decision.Kind.FAILED, bad, rb);
            }
            // one that removes causes outright is dropped only with an interval: what it rules out settles them
            boolean measured = c.wholeCauses().isEmpty() || rb.size() >= Math.min(Compare.MIN_SAMPLES,
                    settings.repeats());
            if (measured && Protocol.futile(goal.metric(), values(ref), values(rb), settings.repeats(), settings.alpha(),
                    Metrics.higherIsBetter(goal.metric()), settings.seed() + index * 2L)) {
                Comparison sofar = rb.size() >= Compare.MIN_SAMPLES ? compare(ref, rb, settings.alpha(), index * 2L)
                        : null;
                note(ref, rb);
                return ended.step(sofar, Decision.Kind.SCREENED_OUT, String.format(Locale.ROOT,
                        "after %d trial%s: %s %s against the best's %s (%s): round 1 can no longer pass, whatever the "
                                + "rest would show", rb.size(), rb.size() == 1 ? "" : "s", goal.metric(), list(rb),
                        list(ref), TuneReport.range(refSeqs)), rb);
            }
        }
        note(ref, rb);
        Comparison first = compare(ref, rb, settings.alpha(), index * 2L);
        if (first.verdict() != Verdict.BETTER) {
            return ended.step(first, Decision.Kind.REJECTED_NOISE, Numbers.describe(first) + " in the first round", rb);
        }
        String unreachable = worthConfirming(c, rb, first);
        if (unreachable != null) {
            return ended.step(first, Decision.Kind.OUT_OF_REACH, unreachable, rb);
        }
        List<TrialResult> ra2 = new ArrayList<>();
        List<TrialResult> rb2 = new ArrayList<>();
        pair(a, b, ra2, rb2, seqs, 0, settings.repeats());
        String bad = unusable(ra2, rb2);
        if (bad != null) {
            return ended.step(first, Decision.Kind.FAILED, bad, rb);
        }
        List<TrialResult> allA = new ArrayList<>(ref);
        List<TrialResult> allB = new ArrayList<>(rb);
        String moved = "";
        note(ra2, rb2);
        double pairsRatio = Compare.median(values(rb2)) / Compare.median(values(ra2));
        if (Protocol.moved(values(ref), values(ra2), pairsRatio)) {
            // round 1 compared the machine: round 2's pairs, side by side, stand as round 1, and one more round runs
            moved = String.format(Locale.ROOT, "the best's %s went from %s (%s) to %s in round 2, more than half of "
                            + "the effect its pairs show (%.3gx)", goal.metric(),
                    Numbers.fmt(Compare.median(values(ref))), TuneReport.range(refSeqs),
                    Numbers.fmt(Compare.median(values(ra2))), pairsRatio);
            Comparison pairs = compare(ra2, rb2, settings.alpha(), index * 2L);
            if (pairs.verdict() != Verdict.BETTER) {
                return ended.step(first, Decision.Kind.REJECTED_NOISE,
                        moved + "; round 2's pairs alone: " + Numbers.describe(pairs), rb);
            }
            List<TrialResult> ra3 = new ArrayList<>();
            List<TrialResult> rb3 = new ArrayList<>();
            pair(a, b, ra3, rb3, seqs, settings.repeats(), settings.repeats());
            bad = unusable(ra3, rb3);
            if (bad != null) {
                return ended.step(first, Decision.Kind.FAILED, bad, rb);
            }
            note(ra3, rb3);
            allA = ra3; // round 2's pairs and these, not round 1
            allB = rb3;
            moved = "; " + moved + ": round 1 compared the machine, so round 2 and one more round of pairs are pooled";
        }
        allA.addAll(ra2);
        allB.addAll(rb2);
        Comparison pooled = compare(allA, allB, settings.alpha() / Protocol.FINAL_DIVISOR, index * 2L + 1);
        List<String> guardLines = new ArrayList<>();
        Map<String, Double> ma = medians(allA);
        Map<String, Double> mb = medians(allB);
        boolean guardsHold = true;
        for (Target g : guards) {
            double v = standing(g, mb, mb.get(g.metric()) / ma.get(g.metric()));
            boolean ok = !Double.isNaN(v) && g.holds(v, baseline.get(g.metric()));
            guardsHold &= ok;
            guardLines.add(g.describe(baseline.get(g.metric())) + ": candidate " + Numbers.fmt(v)
                    + (g.relative() ? String.format(Locale.ROOT, " (%.3gx the baseline)", v / baseline.get(g.metric()))
                    : "") + (ok ? " ok" : " violated"));
        }
        String over = Numbers.describe(pooled) + " over both rounds";
        Decision decision = pooled.verdict() != Verdict.BETTER
                ? new Decision(Decision.Kind.REJECTED_NOISE, over + moved)
                : guardsHold ? new Decision(Decision.Kind.ACCEPTED, over + ", guards hold" + moved)
                : new Decision(Decision.Kind.REJECTED_GUARD, over + ", but a guard is violated" + moved);
        return new Step(index, c, from, to, first, pooled, guardLines, decision, seqs, refSeqs, seqsOf(rb));
    }

    /**
     * Why a candidate that passed round 1 is not worth confirming, or null: accepted at the best effect round 1's
     * interval allows, with the causes it removes outright given back, the goal would still lie beyond the bound from
     * its own trials' evidence (Lucene's Parallel with C1 only at 0.96x against a -10% goal: 12 trials where 6 tell the
     * same).
     */
    private String worthConfirming(Candidate c, List<TrialResult> rb, Comparison first) {
        if (bound == null || !bound.holds() || settings.beyondBound() || !goal.relative()
                || !first.effect().equals("ratio")) {
            return null;
        }
        Map<Cause, GoalBound.Settled> then = new EnumMap<>(settled);
        c.wholeCauses().forEach(k -> then.putIfAbsent(k,
                GoalBound.Settled.by("given back by this candidate, as round 1 measured it")));
        double best = betterEnd(first);
        GoalBound after = GoalBound.of(goal, baseline.get(goal.metric()), reach(best), evidence(typical(rb)), start,
                then).orElse(null);
        if (after == null || !after.beyond()) {
            return null;
        }
        // a set may hide what one of its parts costs: where the best without that part is still in reach (the causes
        // it removes kept), the set is confirmed, and the part then tried out of it
        for (Candidate part : c.parts()) {
            if (!hidesItsCost(part, this.best)) {
                continue;
            }
            Map<Cause, GoalBound.Settled> kept = new EnumMap<>(settled);
            part.wholeCauses().forEach(k -> kept.putIfAbsent(k, GoalBound.Settled.by("kept, as without "
                    + part.source())));
            GoalBound without = GoalBound.of(goal, baseline.get(goal.metric()), reach(1),
                    evidence(typical(trialsOf(this.best))), start, kept).orElse(null);
            if (without != null && !without.beyond()) {
                return null;
            }
        }
        return String.format(Locale.ROOT, "%s in round 1, but even accepted at the best its interval allows, %.3gx, "
                + "the goal stays beyond the bound: %s", Numbers.describe(first), best, after.text());
    }

    /** Each trial's goal metric over the start's, through its arm's reference, for the model. */
    private void note(List<TrialResult> a, List<TrialResult> b) {
        double reference = Compare.median(values(a));
        double chain = vsBaseline.get(goal.metric());
        for (TrialResult t : b) {
            relative.put(t.seq(), direction(t.metric(goal.metric()) / reference * chain));
        }
        for (TrialResult t : a) {
            relative.putIfAbsent(t.seq(), direction(t.metric(goal.metric()) / reference * chain));
        }
    }

    /** A ratio against the start made lower-is-better. */
    private double direction(double ratio) {
        return Metrics.higherIsBetter(goal.metric()) ? 1 / ratio : ratio;
    }

    /**
     * The last {@code repeats} trials of {@code flags} where they ran just before the next trial ({@link
     * Protocol#recent}) and all measured the goal: round 1's A side; empty otherwise.
     */
    private List<TrialResult> reference(FlagSet flags) {
        List<TrialResult> mine = trialsOf(flags);
        if (mine.size() < settings.repeats()) {
            return List.of();
        }
        List<TrialResult> last = mine.subList(mine.size() - settings.repeats(), mine.size());
        boolean usable = last.stream().allMatch(t -> t.ok() && !Double.isNaN(t.metric(goal.metric()))
                && Protocol.recent(seq - t.seq(), settings.repeats()));
        return usable ? List.copyOf(last) : List.of();
    }

    private List<TrialResult> trialsOf(FlagSet flags) {
        return bySeq.values().stream().filter(t -> t.flags().equals(flags.line())).toList();
    }

    private List<TrialResult> trials(List<Integer> seqs) {
        return seqs.stream().map(bySeq::get).toList();
    }

    private static List<Integer> seqsOf(List<TrialResult> trials) {
        return trials.stream().map(TrialResult::seq).toList();
    }

    /**
     * A race that ends before its pooled comparison: the candidate, the trials run so far and the best's reference,
     * with round 1's comparison where there is one, and why it ended.
     */
    private record Ended(int index, Candidate c, String from, String to, List<Integer> seqs, List<Integer> refSeqs) {

        Step step(Comparison first, Decision.Kind kind, String why, List<TrialResult> rb) {
            return new Step(index, c, from, to, first, null, List.of(), new Decision(kind, why), seqs, refSeqs,
                    seqsOf(rb));
        }
    }

    private String list(List<TrialResult> trials) {
        return trials.stream().map(t -> Numbers.fmt(t.metric(goal.metric()))).collect(Collectors.joining(", "));
    }

    /** Why the pairs' trials {@code ra} and {@code rb} cannot be compared, or null. */
    private String unusable(List<TrialResult> ra, List<TrialResult> rb) {
        String bad = unusable(rb, "the candidate's");
        return bad != null ? bad : unusable(ra, "the current best's");
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
        Evidence e = reader.read(r);
        evidence.put(r.seq(), e);
        if (r.ok() && !e.missing().isEmpty()) {
            listener.note("  trial " + String.format(Locale.ROOT, "%03d", r.seq()) + ": " + String.join("; ",
                    e.missing()));
        }
        return r;
    }

    private Evidence evidence(TrialResult typical) {
        return typical == null ? new Evidence(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, -1, null, null, null,
                List.of("no trial measured the goal")) : evidence.get(typical.seq());
    }

    /**
     * Why {@code trials} more trials do not fit the budget, or null when they do. The time budget counts them
     * at the session's mean trial time so far, so that a session ends near its limit rather than one A/B past it.
     */
    private String budgetLeft(int trials) {
        if (seq + trials > settings.maxTrials()) {
            return "budget spent: " + seq + " of " + settings.maxTrials() + " trials run, the next candidate may need "
                    + trials;
        }
        double expected = seq == 0 ? 0 : seconds / seq * trials;
        if (settings.maxMinutes() > 0 && seconds + expected > settings.maxMinutes() * 60) {
            return String.format(Locale.ROOT, "budget spent: %.1f of %.1f minutes of trials run, the next candidate "
                    + "may need about %.1f more", seconds / 60, settings.maxMinutes(), expected / 60);
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
        boolean repaired = !start.equals(given);
        return new TuneResult(outcome, message + (repaired && outcome != TuneResult.Outcome.BASELINE_FAILED
                ? "; judged against the repaired start " + start + ", where " + given + " ran out of heap"
                : ""),
                settings.goal(), settings.guards(), given.line(), repaired ? start.line() : null,
                repaired ? String.join("; ", repairs) : null, best.line(),
                baseline, bestMedians, vsBaseline, steps, dir(typical(base)), dir(typical(trialsOf(best))), seq,
                seconds, bound == null ? null : bound.text(), bound == null || !bound.holds() ? Double.NaN
                : bound.best() / baseline.get(goal.metric()), noise == null ? null
                : noise.describe(goal.metric(), Metrics.unit(goal.metric())), evidenceLine);
    }

    /** A typical trial ({@link TrialResult#typical}); null when none is OK. */
    private TrialResult typical(List<TrialResult> trials) {
        return TrialResult.typical(trials, goal.metric()).orElse(null);
    }

    private static String dir(TrialResult t) {
        return t == null ? null : t.dir();
    }
}
