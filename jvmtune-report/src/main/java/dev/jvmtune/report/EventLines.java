package dev.jvmtune.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.function.Consumer;

/**
 * {@code --events}: one JSON object per line per pause, concurrent phase or cycle, written as the log is
 * read (nothing is buffered beyond the output stream's own buffer).
 */
public final class EventLines implements Consumer<GcEvent>, AutoCloseable {

    private final JsonGenerator g;
    private final String source;

    /** @param source the timeline's name, written as {@code "source"} when several logs are analysed; may be null */
    public EventLines(OutputStream out, String source) throws IOException {
        this.g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
        this.g.setPrettyPrinter(new MinimalPrettyPrinter("\n"));
        this.source = source;
    }

    @Override
    public void accept(GcEvent e) {
        try {
            g.writeStartObject();
            if (source != null) {
                g.writeStringField("source", source);
            }
            g.writeNumberField("gcId", e.gcId());
            JsonReport.number(g, "uptimeSec", e.uptimeSec());
            if (e.wallTime() != null) {
                g.writeStringField("wallTime", e.wallTime().toString());
            }
            g.writeStringField("collector", e.collector());
            g.writeStringField("kind", e.kind().name());
            g.writeStringField("name", e.name());
            g.writeStringField("cause", e.cause());
            JsonReport.number(g, "pauseMs", e.pauseMs());
            JsonReport.number(g, "durationMs", e.durationMs());
            if (e.heap() != null) {
                g.writeFieldName("heap");
                usage(e.heap(), false);
            }
            if (!e.pools().isEmpty()) {
                g.writeArrayFieldStart("pools");
                for (MemoryUsage p : e.pools()) {
                    usage(p, true);
                }
                g.writeEndArray();
            }
            if (!e.incidents().isEmpty()) {
                g.writeArrayFieldStart("incidents");
                for (GcIncident i : e.incidents().stream().sorted().toList()) {
                    g.writeString(i.name());
                }
                g.writeEndArray();
            }
            if (!e.phases().isEmpty()) {
                g.writeArrayFieldStart("phases");
                for (Phase p : e.phases()) {
                    g.writeStartObject();
                    g.writeStringField("path", p.path());
                    JsonReport.number(g, "ms", p.ms());
                    if (p.maxMs() != p.ms()) {
                        JsonReport.number(g, "maxMs", p.maxMs());
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            if (e.cpu() != null) {
                g.writeObjectFieldStart("cpu");
                JsonReport.number(g, "userSec", e.cpu().userSec());
                JsonReport.number(g, "sysSec", e.cpu().sysSec());
                JsonReport.number(g, "realSec", e.cpu().realSec());
                g.writeEndObject();
            }
            if (e.plab() != null) {
                JsonPlab.event(g, e.plab());
            }
            g.writeNumberField("line", e.line());
            g.writeEndObject();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private void usage(MemoryUsage u, boolean named) throws IOException {
        g.writeStartObject();
        if (named) {
            g.writeStringField("name", u.name());
        }
        writeLong(g, "beforeBytes", u.beforeBytes());
        writeLong(g, "afterBytes", u.afterBytes());
        writeLong(g, "capacityBytes", u.capacityBytes());
        if (u.beforeRegions() >= 0) {
            writeLong(g, "beforeRegions", u.beforeRegions());
            writeLong(g, "afterRegions", u.afterRegions());
            writeLong(g, "capacityRegions", u.capacityRegions());
        }
        g.writeEndObject();
    }

    private static void writeLong(JsonGenerator g, String name, long v) throws IOException {
        if (v < 0) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    @Override
    public void close() throws IOException {
        g.writeRaw('\n');
        g.flush();
    }
}
