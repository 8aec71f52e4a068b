package dev.jvmtune.core.input;

import dev.jvmtune.core.parse.LogFormat;
import java.util.List;

/**
 * What was read from one file: the {@code inputs[]} entry of the JSON report.
 *
 * @param path                    as displayed ({@code file} or {@code archive.zip!entry})
 * @param format                  the dialect found
 * @param bytes                   bytes read (decompressed)
 * @param lines                   lines read
 * @param unrecognizedLines       lines that are not part of the dialect and were skipped
 * @param samples                 the first few skipped lines, with their line numbers; lines that look like GC
 *                                records come first
 * @param warnings                problems found while reading (truncation, over-long lines, clock going back)
 * @param unrecognizedRecordLines of the skipped lines, those that look like GC records
 *                                ({@link dev.jvmtune.core.parse.RecordShape}): collections the figures may lack
 * @param doubtfulSplits          where the log was split into runs of different JVMs but the clock came back
 *                                right after: a time misread rather than a restart
 */
public record InputStats(String path, LogFormat format, long bytes, long lines, long unrecognizedLines,
                         List<LineSample> samples, List<LineSample> warnings, long unrecognizedRecordLines,
                         List<LineSample> doubtfulSplits) {

    public InputStats {
        samples = List.copyOf(samples);
        warnings = List.copyOf(warnings);
        doubtfulSplits = List.copyOf(doubtfulSplits);
    }

    /** A line number and a text (the skipped line, cut to 200 characters, or a warning message). */
    public record LineSample(long line, String text) {
    }
}
