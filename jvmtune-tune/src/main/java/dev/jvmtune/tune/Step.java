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
 */
public record Step(int index, Candidate candidate, String from, String to, Comparison first, Comparison pooled,
                   List<String> guards, boolean accepted, String reason, List<Integer> trials) {

    public Step {
        guards = List.copyOf(guards);
        trials = List.copyOf(trials);
    }
}
