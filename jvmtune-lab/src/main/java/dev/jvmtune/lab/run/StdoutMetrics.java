package dev.jvmtune.lab.run;

import dev.jvmtune.core.parse.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metrics read from the program's standard output by regular expressions (a spec's {@code metrics}, {@code run
 * --metric}): each is the first group of the last line its expression finds. Matching is bounded: an expression
 * that backtracks ({@code (x+)y} on a line of a million x reads its characters about 10<sup>12</sup> times) is
 * stopped once it has read more characters than {@link #READS_PER_CHAR} per character of output allows, and its
 * metric is not read, with a note that says why, rather than jvmtune never ending.
 */
final class StdoutMetrics {

    /**
     * Character reads an expression may make per character of output: one that finds a literal reads each about
     * once, {@code .*x} about twice the line's length (64 on lines of 38 characters), a backtracking one grows
     * with the square of the line or worse.
     */
    static final long READS_PER_CHAR = 256;
    /** Reads allowed before any output, so that a few long lines do not exhaust the allowance. */
    static final long FIRST_READS = 1L << 27;
    /** Reads allowed at most, whatever the output's size: some seconds of matching (~150 million reads/s). */
    static final long MAX_READS = 1L << 32;

    private StdoutMetrics() {
    }

    /**
     * Puts each metric found into {@code metrics}; a value that is no number, and an expression stopped for
     * taking too long (its metric then absent, even if earlier lines matched), add a note.
     */
    static void read(Path stdout, Map<String, String> patterns, Map<String, Double> metrics, List<String> notes)
            throws IOException {
        if (patterns.isEmpty()) {
            return;
        }
        Map<String, Budget> live = new TreeMap<>();
        patterns.forEach((name, regex) -> live.put(name, new Budget(Pattern.compile(regex))));
        try (InputStream in = Files.newInputStream(stdout)) {
            LineReader r = new LineReader(in, TrialRunner.MAX_LINE_BYTES);
            long chars = 0;
            while (!live.isEmpty() && r.next()) {
                String line = new String(r.buffer(), r.start(), r.end() - r.start(), StandardCharsets.UTF_8);
                chars += line.length();
                long allowed = Math.min(MAX_READS, FIRST_READS + READS_PER_CHAR * chars);
                for (var it = live.entrySet().iterator(); it.hasNext(); ) {
                    Map.Entry<String, Budget> e = it.next();
                    Budget b = e.getValue();
                    Matcher m = b.pattern.matcher(b.over(line, allowed));
                    try {
                        if (m.find() && m.groupCount() >= 1) {
                            try {
                                Metrics.put(metrics, e.getKey(), Double.parseDouble(m.group(1)));
                            } catch (NumberFormatException | NullPointerException ex) {
                                notes.add("stdout metric " + e.getKey() + ": '" + m.group(1) + "' is not a number");
                            }
                        }
                    } catch (Budget.Spent spent) {
                        metrics.remove(e.getKey());
                        notes.add(String.format(Locale.ROOT, "stdout metric %s: not read, its pattern '%s' took too "
                                + "long at %s line %d (%,d character reads for %,d characters of output: it "
                                + "backtracks)", e.getKey(), b.pattern.pattern(), stdout.getFileName(), r.lineNumber(),
                                b.reads, chars));
                        it.remove();
                    }
                }
            }
        }
    }

    /** One expression and the characters it has read so far, counted by the text it is given to match. */
    private static final class Budget {
        final Pattern pattern;
        long reads;
        private long allowed;

        Budget(Pattern pattern) {
            this.pattern = pattern;
        }

        /** The line as the matcher sees it: every character read counts, and past {@code allowed} it stops. */
        CharSequence over(String line, long allowed) {
            this.allowed = allowed;
            return new CharSequence() {
                @Override
                public char charAt(int index) {
                    if (++reads > Budget.this.allowed) {
                        throw new Spent();
                    }
                    return line.charAt(index);
                }

                @Override
                public int length() {
                    return line.length();
                }

                @Override
                public CharSequence subSequence(int start, int end) {
                    return line.subSequence(start, end);
                }

                @Override
                public String toString() {
                    return line;
                }
            };
        }

        /** Thrown through the matcher when the allowance is spent; no stack trace, it is no error of jvmtune. */
        static final class Spent extends RuntimeException {
            Spent() {
                super(null, null, false, false);
            }
        }
    }
}
