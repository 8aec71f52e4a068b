package dev.jvmtune.core.analysis;

import static java.lang.String.format;

import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.parse.RecordShape;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a run's figures stand on the whole log: the reasons they may not, in the words the verdict gives them.
 * A figure computed on part of a log looks as confident as one computed on all of it ("No pauses", "Throughput
 * 100 %" on a log of 438 Full GCs nobody understood), so the report says so whenever
 *
 * <ul>
 *   <li>skipped lines look like GC records ({@link RecordShape}): with no pause read at all, or at least
 *   {@link #SKIPPED_SHARE} of the pauses read;</li>
 *   <li>the log was split into runs where the clock went back but came back right after
 *   ({@link InputStats#doubtfulSplits()}): a time misread, not a JVM restart.</li>
 * </ul>
 *
 * @param gaps one sentence per reason; empty when the figures are complete
 */
public record Completeness(List<String> gaps) {

    /** Skipped GC-record lines per pause read from which the figures are called incomplete: one in a hundred. */
    static final double SKIPPED_SHARE = 0.01;

    public static final Completeness COMPLETE = new Completeness(List.of());

    public Completeness {
        gaps = List.copyOf(gaps);
    }

    public boolean complete() {
        return gaps.isEmpty();
    }

    public static Completeness of(List<InputStats> inputs, Analysis analysis) {
        long records = 0;
        String first = null;
        for (InputStats in : inputs) {
            records += in.unrecognizedRecordLines();
            for (InputStats.LineSample s : in.samples()) {
                byte[] text = s.text().getBytes(StandardCharsets.UTF_8);
                if (first == null && RecordShape.looksLikeGc(text, 0, text.length)) {
                    first = in.path() + ":" + s.line();
                }
            }
        }
        List<String> gaps = new ArrayList<>();
        long pauses = analysis.pauses().count();
        if (records > 0 && records >= SKIPPED_SHARE * pauses) {
            String where = first == null ? "" : " (first: " + first + ")";
            String lines = records == 1 ? "1 skipped line looks like a GC record"
                    : format(Locale.ROOT, "%,d skipped lines look like GC records", records);
            gaps.add(pauses == 0
                    ? "no pause was read, but " + lines + where + ": the figures leave out collections the log holds"
                    : format(Locale.ROOT, "%s, against %,d pauses read%s: the figures may leave out collections the "
                    + "log holds", lines, pauses, where));
        }
        for (InputStats in : inputs) {
            for (InputStats.LineSample d : in.doubtfulSplits()) {
                gaps.add(in.path() + ": " + d.text());
            }
        }
        return new Completeness(gaps);
    }
}
