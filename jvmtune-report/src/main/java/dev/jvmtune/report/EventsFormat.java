package dev.jvmtune.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code --events}: one JSON object per line per event of the read (collections, safepoints, code cache samples,
 * compilations, CPU load, restarts, the start of each file), each the mapping of its record with its
 * {@code "type"} first, written as the log is read: nothing is held beyond the output stream's buffer.
 */
final class EventsFormat implements RunFormat {

    /** The generator of each stream attached to, so that {@link #write} can flush what it buffered. */
    private final Map<OutputStream, JsonGenerator> open = new IdentityHashMap<>();

    @Override
    public Consumer<JvmEvent> attach(OutputStream out, String source) {
        JsonGenerator g = open.computeIfAbsent(out, o -> {
            try {
                JsonGenerator created = RecordJson.FACTORY.createGenerator(o);
                created.setPrettyPrinter(new MinimalPrettyPrinter("\n"));
                return created;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return e -> {
            try {
                RecordJson.writeEvent(g, e, source);
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        };
    }

    /** Everything was written while attached: ends the last line and flushes. */
    @Override
    public void write(List<Run> runs, OutputStream out) throws IOException {
        JsonGenerator g = open.remove(out);
        if (g != null) {
            if (g.getOutputContext().getEntryCount() > 0) {
                g.writeRaw('\n');
            }
            g.flush();
        }
        out.flush();
    }
}
