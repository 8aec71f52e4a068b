package dev.jvmtune.lab.run;

import java.io.IOException;

/**
 * The trial's program could not be started at all (no such command, not executable): what the program did,
 * unlike jvmtune's own I/O errors, which {@link TrialRunner#run} throws as plain {@link IOException}s.
 */
public final class ProgramNotStartedException extends IOException {
    public ProgramNotStartedException(String message) {
        super(message);
    }
}
