package dev.jvmtune.tune;

import dev.jvmtune.lab.stats.Comparison;
import java.util.List;

/**
 * One candidate's trial by A/B: what was tried against which best, the comparisons of the goal metric
 * (first round, and both rounds pooled when the first looked better), the guards, and the decision.
 *
 * @param pooled null when the first round already decided
 * @param guards one line per guard: its bound and the candidate's median, "ok" or "violated"
 * @param trials the seqs of the trials of this step
 * @param reused the seqs of the current best's earlier trials that stood as round 1's A side (empty: round 1 ran
 *               its own pairs, the first half of {@code trials})
 */
public record Step(int index, Candidate candidate, String from, String to, Comparison first, Comparison pooled,
                   List<String> guards, boolean accepted, String reason, List<Integer> trials,
                   List<Integer> reused) {

    public Step {
        guards = List.copyOf(guards);
        trials = List.copyOf(trials);
        reused = List.copyOf(reused);
    }

    /** The seqs of this step's own trials in round 1: its candidate's trials after reused ones, else its pairs. */
    public List<Integer> firstRound() {
        int n = !reused.isEmpty() ? reused.size() : pooled == null ? trials.size() : trials.size() / 2;
        return trials.subList(0, Math.min(n, trials.size()));
    }
}
