package dev.jvmtune.core;

/**
 * The exit codes of every jvmtune command line, defined once: the command line ({@code jvmtune}) and the fleet job,
 * which runs without it under {@code spark-submit}, both end with these. Each code means one thing; what it means for
 * a command is in that command's help, and docs/cli.md's table lists the commands that use each.
 */
public enum ExitCode {
    OK(0, "done"),
    INTERNAL_ERROR(1, "internal error: a bug (JVMTUNE_DEBUG=1 prints the stack trace)"),
    USAGE(2, "wrong command line: one line says what and which help to read"),
    INPUT_ERROR(3, "a file, standard output included, cannot be read or written"),
    NOT_ANALYZABLE(4, "nothing to work with: no input this version can analyze"),
    /** The program under test failed: a trial that did not end OK, a workload, the tuner's baseline. */
    PROGRAM_FAILED(5, "the program under test failed"),
    /** The tuner ended without reaching its goal (not reachable by JVM flags, or the budget spent). */
    GOAL_NOT_MET(6, "the goal was not met"),
    /** Stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it). */
    INTERRUPTED(130, "stopped by Ctrl-C"),
    /** Standard output's reader closed the pipe ({@code | head}): ended quietly, as SIGPIPE ends a tool (128 + 13). */
    CLOSED_PIPE(141, "the reader of standard output closed the pipe (| head)"),
    /**
     * Stopped by SIGTERM while watching a JVM or following a log: the JVM's own status once the hooks that close the
     * recording and print the last window have run (128 + 15); never returned by a command.
     */
    TERMINATED(143, "stopped by SIGTERM while watching or following a log");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The process's exit status. */
    public int code() {
        return code;
    }

    /** What the code means, in one line, whatever the command. */
    public String meaning() {
        return meaning;
    }
}
