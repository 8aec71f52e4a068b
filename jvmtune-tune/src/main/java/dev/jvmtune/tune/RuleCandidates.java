package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import dev.jvmtune.core.rules.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Candidates from jvmtune's rules: every finding of a typical trial's {@link dev.jvmtune.core.run.Run} that recommends
 * options becomes a candidate with the rule's evidence and arithmetic. Its claim: the causes its options act on
 * ({@link Cause#of}), at most the time the rule says acting on it could give back and at most what those causes took
 * in the trial. This class is the one place the tuner reads a finding.
 */
public final class RuleCandidates implements CandidateSource {

    @Override
    public List<Candidate> propose(FlagSet best, Evidence e) {
        if (e.run() == null) {
            return List.of();
        }
        List<Candidate> out = new ArrayList<>();
        for (Finding f : e.run().findings()) {
            if (f.recommendation() == null || f.recommendation().options().isEmpty()) {
                continue;
            }
            List<String> options = f.recommendation().options();
            List<String> why = new ArrayList<>(f.evidence());
            why.addAll(f.recommendation().arithmetic());
            double gain = gainSeconds(f);
            Set<Cause> causes = Cause.of(options);
            List<Claim> claims = new ArrayList<>();
            if (gain > 0 && !causes.isEmpty()) {
                why.add("could give back: " + gainFigures(f));
                double measured = e.seconds(causes);
                claims.add(new Claim(causes, Double.isNaN(measured) ? gain : Math.min(gain, measured), false));
            }
            out.add(new Candidate(f.ruleId(), f.title(), options, why, claims));
        }
        return out;
    }

    /** What the rule says acting on the finding could give back, s; NaN where it has no estimate. */
    private static double gainSeconds(Finding f) {
        return f.gain() == null ? Double.NaN : f.gain().seconds();
    }

    private static String gainFigures(Finding f) {
        return String.join("; ", f.gain().figures());
    }
}
