package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.io.IOException;

/** Runs one trial: the program under test in a fresh JVM with the given flags. */
public interface TrialRunner {

    /**
     * @param seq   the trial's number in the session, from 0
     * @param arm   what it is for: {@code baseline}, {@code A} (current best) or {@code B} (candidate)
     */
    TrialResult run(int seq, String arm, FlagSet flags) throws IOException, InterruptedException;

    /**
     * The trial {@code seq}, if it finished and was kept somewhere before jvmtune was killed but did not reach the
     * journal (the kill fell between the two writes): a resume takes it instead of running it again.
     */
    default java.util.Optional<TrialResult> finished(int seq, String arm, FlagSet flags) throws IOException {
        return java.util.Optional.empty();
    }
}
