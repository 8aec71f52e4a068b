package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.util.List;

/** Proposes changes to the current best flags from the evidence of a typical trial of them. */
public interface CandidateSource {

    List<Candidate> propose(FlagSet best, Evidence evidence);
}
