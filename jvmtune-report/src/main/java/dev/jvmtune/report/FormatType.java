package dev.jvmtune.report;

import java.util.Locale;

/**
 * The formats jvmtune writes its documents in (JMH's {@code ResultFormatType}); which of them a document has, its
 * {@link Formats} table says.
 */
public enum FormatType {
    /** What a person reads, pasteable into a bug report: a report, a table, a line. */
    TEXT,
    /** The document's JSON, rooted in {@code schemaVersion} and {@code tool} (docs/json.md). */
    JSON,
    /** RFC 4180 rows, for spreadsheets and scripts ({@link CsvTable}). */
    CSV,
    /** A single-file page that opens offline (docs/report.md). */
    HTML,
    /** One JSON object per line per event, written while the logs are read (docs/json.md). */
    EVENTS;

    /** The name an option takes: {@code text}, {@code json}. */
    public String option() {
        return name().toLowerCase(Locale.ROOT);
    }
}
