package dev.jvmtune.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jvmtune.core.analysis.Analyzer;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.parse.LineReader;
import dev.jvmtune.core.parse.ParseListener;
import dev.jvmtune.core.parse.Sniffer;
import dev.jvmtune.core.parse.unified.UnifiedLogParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Issue 2, point 5: the unified-logging parser, fed mutated corpus logs, never lets an exception escape.
 *
 * <p>What runs per input is what {@code GcLogStream} does per file, in memory: sniff the head, split the
 * bytes into lines ({@link LineReader}, with a small line limit so that cutting is exercised too), parse
 * them, finish, and fold the events into an {@link Analyzer}. Any exception fails the test; the only
 * documented one, {@code UnsupportedLogException}, is raised by {@code GcLogStream} before the parser
 * runs and cannot occur here.
 *
 * <p>A plain {@code mvn verify} replays the seeds in {@code UnifiedParserFuzzTestInputs/parse/} (slices of
 * the corpus) and any crash files found earlier; with {@code JAZZER_FUZZ=1} (the {@code fuzz} profile,
 * on by default in CI) Jazzer mutates them for {@code maxDuration}. See docs/testing.md.
 */
class UnifiedParserFuzzTest {

    /** Small enough that mutated inputs hit the over-long-line path of {@link LineReader}. */
    private static final int MAX_LINE = 512;
    private static final int SNIFF_BYTES = 2048;

    @FuzzTest(maxDuration = "30s")
    void parse(byte[] data) {
        // the sniffer's regular expressions are slow under Jazzer's hooks: a head of the input is enough
        Sniffer.sniff(data, Math.min(data.length, SNIFF_BYTES));

        Analyzer analyzer = new Analyzer();
        ParseListener listener = new ParseListener() {
            @Override
            public void onEvent(JvmEvent event) {
                if (event instanceof GcEvent e) {
                    check(e);
                }
                analyzer.accept(event);
            }

            @Override
            public void onUnrecognized(long line, byte[] buf, int from, int to) {
                if (from < 0 || to < from || to > buf.length) {
                    throw new IllegalStateException("bad range " + from + ".." + to + " on line " + line);
                }
            }

            @Override
            public void onWarning(long line, String message) {
                if (message == null) {
                    throw new IllegalStateException("null warning on line " + line);
                }
            }
        };
        UnifiedLogParser parser = new UnifiedLogParser(listener);
        LineReader lines = new LineReader(new ByteArrayInputStream(data), MAX_LINE);
        try {
            while (lines.next()) {
                if (lines.end() - lines.start() > MAX_LINE) {
                    throw new IllegalStateException("line " + lines.lineNumber() + " longer than the limit");
                }
                parser.line(lines.buffer(), lines.start(), lines.end(), lines.lineNumber());
                if (lines.lineNumber() == 7) {
                    parser.fileBoundary(); // as between rotated files
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayInputStream does not fail
        }
        parser.finish();
        parser.facts();
        analyzer.result(parser.firstTimestampSec(), parser.lastTimestampSec(), parser.facts());
    }

    private static void check(GcEvent e) {
        if (e.kind() == null || e.name() == null || e.cause() == null || e.collector() == null
                || e.pools() == null || e.phases() == null) {
            throw new IllegalStateException("incomplete event " + e);
        }
    }
}
