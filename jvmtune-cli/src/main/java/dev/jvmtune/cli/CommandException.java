package dev.jvmtune.cli;

import dev.jvmtune.core.input.UnsupportedLogException;
import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.lab.run.MemoryLimitUnavailableException;
import dev.jvmtune.lab.store.WriterLockedException;
import dev.jvmtune.profile.ProfilingUnavailableException;
import dev.jvmtune.report.Formats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;

/**
 * A command that cannot go on for a reason its user can act on, thrown from where the reason is found (deep in a
 * shared part such as {@link LiveOptions}) rather than returned through every caller: {@link Main#report} prints its
 * message as one line and returns its code, one of Main's constants (docs/cli.md's table). {@link #of} is the one
 * table of what the exceptions of jvmtune's parts and of the JDK mean to a user; whatever it does not know is a bug.
 */
final class CommandException extends RuntimeException {

    private final int exit;
    private final boolean wrongCommandLine;

    CommandException(int exit, String message) {
        this(exit, message, false);
    }

    private CommandException(int exit, String message, boolean wrongCommandLine) {
        super(message);
        this.exit = exit;
        this.wrongCommandLine = wrongCommandLine;
    }

    /** A wrong command line (an option's value, options that exclude each other): the line points to the help. */
    static CommandException usage(String message) {
        return new CommandException(Main.USAGE, message, true);
    }

    /** A file, database or program that cannot be read, written or started; the message names it. */
    static CommandException inputError(String message) {
        return new CommandException(Main.INPUT_ERROR, message);
    }

    /** Nothing to work with: an input with nothing to analyze, facts that allow no answer, no profile. */
    static CommandException notAnalyzable(String message) {
        return new CommandException(Main.NOT_ANALYZABLE, message);
    }

    /** The program under test failed (a workload, a profiled program); what it printed is already shown. */
    static CommandException programFailed(String message) {
        return new CommandException(Main.PROGRAM_FAILED, message);
    }

    int exit() {
        return exit;
    }

    /** Whether the message is about the command line, so that the line names the help to read. */
    boolean wrongCommandLine() {
        return wrongCommandLine;
    }

    /**
     * What {@code t} means to the user, or null for a bug: an input that is no GC log or a machine that cannot
     * profile or give a trial a memory limit (4), a session another jvmtune runs or a format the document does not
     * have (2), any I/O failure - a file, pipe or program the environment denies, which no bug of jvmtune's makes
     * (3), Ctrl-C or SIGTERM during a trial (130).
     */
    static CommandException of(Throwable t) {
        if (t instanceof CommandException c) {
            return c;
        }
        if (t instanceof UncheckedIOException u) {
            return of(u.getCause());
        }
        if (t instanceof UnsupportedLogException || t instanceof ProfilingUnavailableException
                || t instanceof MemoryLimitUnavailableException) {
            return notAnalyzable(t.getMessage());
        }
        if (t instanceof Formats.UnknownFormatException) {
            return usage(t.getMessage());
        }
        if (t instanceof WriterLockedException) {
            return new CommandException(Main.USAGE, t.getMessage());
        }
        if (t instanceof FileSystemException f && f.getFile() != null) {
            return inputError(f.getFile() + ": " + IoErrors.describe(f));
        }
        if (t instanceof IOException e) {
            return inputError(IoErrors.describe(e));
        }
        if (t instanceof InterruptedException) { // the trial it stopped is discarded
            return new CommandException(Main.INTERRUPTED, t.getMessage());
        }
        return null;
    }
}
