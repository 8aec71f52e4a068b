package dev.jvmtune.report;

import dev.jvmtune.report.html.HtmlFormat;
import java.util.function.Function;

/** The formats of {@code analyze}, and the factory of each (JMH's {@code ResultFormatType}). */
public enum RunFormatType {
    /** The summary a person reads, pasteable into a bug report (docs/cli.md). */
    TEXT(v -> new TextFormat()),
    /** {@code {"schemaVersion", "tool", "runs": [...]}} (docs/json.md). */
    JSON(JsonFormat::new),
    /** One JSON object per event, written while the logs are read (docs/json.md). */
    EVENTS(EventsFormat::new),
    /** A single-file page with the runs' charts (docs/report.md). */
    HTML(HtmlFormat::new),
    /** One row of key figures per run, for spreadsheets. */
    CSV(v -> new CsvFormat());

    private final Function<String, RunFormat> factory;

    RunFormatType(Function<String, RunFormat> factory) {
        this.factory = factory;
    }

    /** The format, naming {@code toolVersion} where it says which jvmtune wrote it. */
    public RunFormat create(String toolVersion) {
        return factory.apply(toolVersion);
    }
}
