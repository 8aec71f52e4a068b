package dev.jvmtune.lab.experiment;

/**
 * What is wrong with an experiment spec, and where: the line and column (from 1) of the spec's text, so that the
 * command line can say {@code FILE:LINE:COLUMN: what} as compilers do. The message is the fault alone, for those
 * (a tuning session) whose spec is no file a person wrote.
 */
public final class SpecException extends IllegalArgumentException {

    private final int line;
    private final int column;

    SpecException(int line, int column, String message) {
        super(message);
        this.line = line;
        this.column = column;
    }

    /** {@code SOURCE:LINE:COLUMN: what}, the one line to show. */
    public String at(String source) {
        return source + ":" + line + ":" + column + ": " + getMessage();
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
