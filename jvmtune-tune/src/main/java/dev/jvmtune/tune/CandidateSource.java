package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.io.IOException;
import java.util.List;

/** Proposes changes to the current best flags from what its trials showed. */
public interface CandidateSource {

    List<Candidate> propose(FlagSet best, List<TrialResult> bestTrials) throws IOException;
}
