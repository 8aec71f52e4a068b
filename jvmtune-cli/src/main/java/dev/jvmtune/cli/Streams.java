package dev.jvmtune.cli;

import dev.jvmtune.core.text.SafeText;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Where commands print: the process's streams, or a test's. {@code out} and {@code err} show every control
 * character escaped ({@link SafeText}): text from logs, file names and programs cannot steer the terminal.
 * {@code terminal} is the raw error stream, for a progress line jvmtune itself redraws in place.
 */
record Streams(PrintStream out, PrintStream err, PrintStream terminal) {

    static Streams of(PrintStream out, PrintStream err) {
        return new Streams(new PrintStream(SafeText.escaping(out), true, StandardCharsets.UTF_8),
                new PrintStream(SafeText.escaping(err), true, StandardCharsets.UTF_8), err);
    }
}
