package dev.jvmtune.core.input;

import dev.jvmtune.core.parse.LogFormat;
import java.util.List;

/**
 * What was read from one file: the {@code inputs[]} entry of the JSON report.
 *
 * @param path              as displayed ({@code file} or {@code archive.zip!entry})
 * @param format            the dialect found
 * @param bytes             bytes read (decompressed)
 * @param lines             lines read
 * @param unrecognizedLines lines that are not part of the dialect and were skipped
 * @param samples           the first few skipped lines, with their line numbers
 * @param warnings          problems found while reading (truncation, over-long lines, clock going back)
 */
public record InputStats(String path, LogFormat format, long bytes, long lines, long unrecognizedLines,
                         List<LineSample> samples, List<LineSample> warnings) {

    public InputStats {
        samples = List.copyOf(samples);
        warnings = List.copyOf(warnings);
    }

    /** A line number and a text (the skipped line, cut to 200 characters, or a warning message). */
    public record LineSample(long line, String text) {
    }
}
