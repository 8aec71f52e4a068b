package dev.jvmtune.cli;

/**
 * A command that cannot go on for a reason its user can act on, thrown from where the reason is found (deep in a
 * shared part such as {@link LiveOptions}) rather than returned through every caller: {@link Main} prints its message
 * as one line and exits with its code, one of Main's constants.
 */
final class CommandException extends RuntimeException {

    private final int exit;

    CommandException(int exit, String message) {
        super(message);
        this.exit = exit;
    }

    int exit() {
        return exit;
    }
}
