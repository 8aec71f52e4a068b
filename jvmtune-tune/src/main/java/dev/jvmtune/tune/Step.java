package dev.jvmtune.tune;

import dev.jvmtune.lab.stats.Comparison;
import java.util.ArrayList;
import java.util.List;

/**
 * One candidate through the race: what was tried against which best, the comparisons of the goal metric (round 1,
 * and both rounds pooled when it was confirmed), the guards, and the decision.
 *
 * @param first      round 1: the best's reference trials against the candidate's; null when no candidate trial
 *                   could be compared
 * @param pooled     both rounds; where the best's trials moved between them ({@link Protocol#moved}), round 2's
 *                   pairs and one more round's; null when round 1 or, after such a move, round 2's pairs decided
 * @param guards     one line per guard: its bound and the candidate's median, "ok" or "violated"
 * @param trials     the seqs of every trial the step ran, in order: the best's fresh reference trials where its last
 *                   ones were too old, the candidate's round 1, the confirming pairs
 * @param reference  the seqs of the best's trials that stood as round 1's A side
 * @param firstRound the seqs of the candidate's trials of round 1 (fewer than the repeats where the race dropped it)
 */
public record Step(int index, Candidate candidate, String from, String to, Comparison first, Comparison pooled,
                   List<String> guards, Decision decision, List<Integer> trials, List<Integer> reference,
                   List<Integer> firstRound) {

    public Step {
        guards = List.copyOf(guards);
        trials = List.copyOf(trials);
        reference = List.copyOf(reference);
        firstRound = List.copyOf(firstRound);
    }

    public boolean accepted() {
        return decision.accepted();
    }

    public String reason() {
        return decision.reason();
    }

    /** The seqs of the confirming pairs: the step's trials after round 1. */
    public List<Integer> confirmRound() {
        List<Integer> out = new ArrayList<>(trials);
        out.removeAll(reference);
        out.removeAll(firstRound);
        return out;
    }
}
