package dev.jvmtune.report;

import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.report.html.HtmlFormat;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Consumer;

/**
 * A format of the analysis (one of {@link #FORMATS}): it renders the {@link Run}s it is given, in order, and
 * computes nothing (the analysis, the findings and the verdict are the run's); the events format also writes while
 * the logs are read ({@link #attach}).
 */
public interface RunFormat extends DocumentFormat<List<Run>> {

    /** The formats of {@code analyze}: the runs read, in order. */
    Formats<List<Run>> FORMATS = Formats.<List<Run>>of("the analysis")
            .with(FormatType.TEXT, v -> new TextFormat())
            .with(FormatType.JSON, JsonFormat::new)
            .with(FormatType.CSV, v -> new CsvFormat())
            .with(FormatType.HTML, HtmlFormat::new)
            .with(FormatType.EVENTS, EventsFormat::new);

    /**
     * The events format, which a command attaches to the read ({@code --events}, {@code watch --events}), naming
     * jvmtune {@code toolVersion} in its first line.
     */
    static RunFormat events(String toolVersion) {
        return new EventsFormat(toolVersion);
    }

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
