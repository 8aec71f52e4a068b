package dev.jvmtune.report;

import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Consumer;

/**
 * One way to write what {@code analyze} found, in the manner of JMH's {@code ResultFormat}: a format renders the
 * {@link Run}s it is given and computes nothing (the analysis, the findings and the verdict are the run's). The
 * formats are the constants of {@link RunFormatType}.
 */
public interface RunFormat {

    /** Writes the runs of one analysis, in order; {@code out} is left open. */
    void write(List<Run> runs, OutputStream out) throws IOException;

    /**
     * What the format needs to see while the logs are read, as the read's tap ({@code RunReader.Options#tap}):
     * {@code null} for a format of the result; the events format returns a consumer that writes each event to
     * {@code out} as it comes and keeps none, so that {@link #write} has nothing left to add.
     *
     * @param source the log's name, written with each event when several logs are read; may be null
     */
    default Consumer<JvmEvent> attach(OutputStream out, String source) {
        return null;
    }
}
