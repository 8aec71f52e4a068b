package dev.jvmtune.live;

import dev.jvmtune.core.live.Window;
import dev.jvmtune.report.FormatType;
import dev.jvmtune.report.Formats;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The live window as {@code watch} shows it, a document of the family of jvmtune's documents: the view a person reads
 * ({@link WindowText}) and the JSON line ({@link WindowJson}) of one window.
 *
 * @param after      the heap after the latest collection
 * @param gauges     the JVM's footprint now
 * @param eventsRead the events read so far
 */
record WindowView(Window window, AfterGc after, JvmGauges gauges, long eventsRead) {

    /** The formats of a window: the text view and one JSON line, each ending with its line. */
    static final Formats<WindowView> FORMATS = Formats.<WindowView>of("the live window")
            .with(FormatType.TEXT, v -> (w, out) -> write(WindowText.render(w.window(), w.after(), w.gauges(),
                    w.eventsRead()), out))
            .with(FormatType.JSON, v -> (w, out) -> write(WindowJson.line(w.window(), w.after()) + "\n", out));

    private static void write(String s, OutputStream out) throws IOException {
        out.write(s.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
