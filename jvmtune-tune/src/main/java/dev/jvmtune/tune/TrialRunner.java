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
}
