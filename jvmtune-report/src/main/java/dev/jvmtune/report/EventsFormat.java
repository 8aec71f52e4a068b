package dev.jvmtune.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.jvmtune.core.DocumentRoot;
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
 * {@code "type"} first, written as the log is read: nothing is held beyond the output stream's buffer. The first line
 * is the document's root, a line of type {@code Document} ({@link DocumentRoot}), once per stream: the event lines,
 * the bulk of the output, stay as short as they were (docs/json.md).
 */
final class EventsFormat implements RunFormat {

    /** The shape of the lines; the root's {@code schemaVersion}. */
    static final int SCHEMA_VERSION = 1;

    /** The generator of each stream attached to, so that {@link #write} can flush what it buffered. */
    private final Map<OutputStream, JsonGenerator> open = new IdentityHashMap<>();
    private final DocumentRoot root;

    /** @param toolVersion the jvmtune version the first line names */
    EventsFormat(String toolVersion) {
        this.root = DocumentRoot.of(SCHEMA_VERSION, toolVersion);
    }

    @Override
    public Consumer<JvmEvent> attach(OutputStream out, String source) {
        JsonGenerator g = open.computeIfAbsent(out, this::begin);
        return e -> {
            try {
                RecordJson.writeEvent(g, e, source);
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        };
    }

    /** Everything was written while attached: ends the last line and flushes (the root alone when none was). */
    @Override
    public void write(List<Run> runs, OutputStream out) throws IOException {
        JsonGenerator g = open.remove(out);
        if (g == null) {
            g = begin(out);
        }
        g.writeRaw('\n');
        g.flush();
        out.flush();
    }

    /** A generator of one object per line on {@code out}, the root's line written. */
    private JsonGenerator begin(OutputStream out) {
        try {
            JsonGenerator g = RecordJson.FACTORY.createGenerator(out);
            g.setPrettyPrinter(new MinimalPrettyPrinter("\n"));
            g.writeStartObject();
            g.writeStringField("type", "Document");
            RecordJson.writeFields(g, root);
            g.writeEndObject();
            return g;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
