package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.io.IOException;
import java.util.List;

/**
 * Makes the loop resumable: the loop is deterministic given its trials' results, so a resumed session
 * replays the journal's finished trials in order (checking that each asks for the same flags) and runs only
 * what comes after them; every new trial is journaled as soon as it ends.
 */
public final class JournaledRunner implements TrialRunner {

    private final TrialRunner runner;
    private final Journal journal;
    private final List<TrialResult> recorded;

    public JournaledRunner(TrialRunner runner, Journal journal) {
        this.runner = runner;
        this.journal = journal;
        this.recorded = journal.trials();
    }

    /** Trials the journal held when the session was opened. */
    public int replayable() {
        return recorded.size();
    }

    @Override
    public TrialResult run(int seq, String arm, FlagSet flags) throws IOException, InterruptedException {
        if (seq < recorded.size()) {
            TrialResult r = recorded.get(seq);
            if (!r.flags().equals(flags.line()) || !r.arm().equals(arm)) {
                throw new IllegalStateException("the journal does not match this session at trial " + seq
                        + ": it ran '" + r.flags() + "' (" + r.arm() + "), the loop asks for '" + flags.line()
                        + "' (" + arm + ")");
            }
            return r;
        }
        // only the first trial after the journal's end can have finished without reaching it
        TrialResult r = seq == recorded.size() ? runner.finished(seq, arm, flags).orElse(null) : null;
        if (r == null) {
            r = runner.run(seq, arm, flags);
        }
        journal.trial(r);
        return r;
    }
}
