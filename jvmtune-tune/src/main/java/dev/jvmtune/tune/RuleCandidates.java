package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import dev.jvmtune.core.rules.Cost;
import dev.jvmtune.core.rules.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Candidates from jvmtune's rules: every finding of a typical trial's {@link dev.jvmtune.core.run.Run} that recommends
 * options, unless the verdict withholds them (an unsure claim, a negligible cost), becomes a candidate with the rule's
 * evidence and arithmetic. Its claim: the causes its options act on ({@link Cause#of}), at most the time the finding's
 * {@link Cost} states and at most what those causes took in the trial; none where the log cannot measure the cost.
 * This class is the one place the tuner reads a finding.
 */
public final class RuleCandidates implements CandidateSource {

    @Override
    public List<Candidate> propose(FlagSet best, Evidence e) {
        if (e.run() == null) {
            return List.of();
        }
        List<Candidate> out = new ArrayList<>();
        for (Finding f : e.run().findings()) {
            // an unsure claim, or one whose cost is negligible, is not worth a trial (nor a place on the flag line)
            if (f.recommendation() == null || f.recommendation().options().isEmpty() || f.withheld() != null) {
                continue;
            }
            List<String> options = f.recommendation().options();
            List<String> why = new ArrayList<>(f.evidence());
            why.addAll(f.recommendation().arithmetic());
            Cost cost = f.cost();
            why.add("costs " + cost.describe() + ": " + String.join("; ", cost.figures()));
            Set<Cause> causes = Cause.of(options);
            List<Claim> claims = new ArrayList<>();
            if (cost.seconds() > 0 && !causes.isEmpty()) {
                double measured = e.seconds(causes);
                claims.add(new Claim(causes, Double.isNaN(measured) ? cost.seconds()
                        : Math.min(cost.seconds(), measured), false));
            }
            out.add(new Candidate(f.ruleId(), f.title(), options, why, claims));
        }
        return out;
    }
}
