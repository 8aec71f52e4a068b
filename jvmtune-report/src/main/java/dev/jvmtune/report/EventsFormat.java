package dev.jvmtune.report;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code --events}: one JSON object per line per event of the read (collections, safepoints, code cache samples,
 * compilations, CPU load, restarts, the start of each file), each the mapping of its record with its
 * {@code "type"} first, written as the log is read: nothing is held beyond the output stream's buffer.
 */
final class EventsFormat implements RunFormat {

    private static final ObjectWriter LINE = JsonMapping.mapper().writerFor(JvmEvent.class)
            .without(SerializationFeature.INDENT_OUTPUT).without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);

    @Override
    public Consumer<JvmEvent> attach(OutputStream out, String source) {
        ObjectWriter line = LINE.withAttribute("source", source);
        return e -> {
            try {
                line.writeValue(out, e);
                out.write('\n');
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        };
    }

    /** Everything was written while attached. */
    @Override
    public void write(List<Run> runs, OutputStream out) throws IOException {
        out.flush();
    }
}
