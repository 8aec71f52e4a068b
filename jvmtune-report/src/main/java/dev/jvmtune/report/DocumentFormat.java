package dev.jvmtune.report;

import java.io.IOException;
import java.io.OutputStream;

/**
 * One way to write one kind of document, in the manner of JMH's {@code ResultFormat}: a format renders the document
 * it is given and computes nothing. Each kind of document lists its formats in one {@link Formats} table, its
 * {@code FORMATS} constant; a command picks its writer there.
 *
 * @param <D> the document: the runs of an analysis, a comparison, an experiment, a tuning session, a fleet, a window
 */
@FunctionalInterface
public interface DocumentFormat<D> {

    /** Writes {@code document}; {@code out} is flushed and left open. */
    void write(D document, OutputStream out) throws IOException;
}
