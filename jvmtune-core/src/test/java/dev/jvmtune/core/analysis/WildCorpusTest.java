package dev.jvmtune.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.input.UnsupportedLogException;
import dev.jvmtune.core.parse.RecordShape;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every log of {@code ../shared/corpus-wild} (real logs from public repositories) against the reference figures of
 * its {@code expected.json}, one test per entry, so a log added there later is covered without a change here:
 *
 * <ul>
 *   <li>{@code pauses}, {@code no-pauses}: pause count and total pause time within 1%, the number of runs where
 *   {@code runs} is given, and no skipped line but of the kinds listed in {@link #SKIPPED_KINDS}, each explained
 *   in docs/accuracy.md;</li>
 *   <li>{@code not-hotspot}, {@code not-gc}, {@code empty}: refused ({@code analyze} exits 4) with one line that
 *   never asks for a log the file already is;</li>
 *   <li>{@code unclaimed}: a dialect whose figures are informational; it is read or refused, never a crash.</li>
 * </ul>
 */
class WildCorpusTest {

    private static final double TOLERANCE = 0.01;

    /**
     * The kinds of lines that may remain skipped in a log whose figures are right, as docs/accuracy.md
     * ("Skipped lines") lists them: a line that is no GC record at all (a blank line, the continuation of a
     * multi-line unified-logging message), and a record whose end is not in the log, left out with a warning.
     * Any other skipped line looks like a GC record the parser failed to read, and fails the test.
     */
    private static boolean documentedKind(InputStats in, InputStats.LineSample s) {
        byte[] text = s.text().getBytes(StandardCharsets.UTF_8);
        return !RecordShape.looksLikeGc(text, 0, text.length) || in.warnings().stream().anyMatch(
                w -> w.line() == s.line() && (w.text().contains("left out") || w.text().contains("has no end line")));
    }

    static Path wild() {
        return Path.of(System.getProperty("jvmtune.corpusWild", "../shared/corpus-wild"));
    }

    @TestFactory
    Stream<DynamicTest> everyLogAgainstItsReferenceFigures() throws IOException {
        Path expected = wild().resolve("expected.json");
        assumeTrue(Files.exists(expected), "no wild corpus at " + wild() + " (it lives in ../shared/corpus-wild)");
        JsonNode logs = new ObjectMapper().readTree(expected.toFile()).get("logs");
        List<DynamicTest> tests = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = logs.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String status = e.getValue().get("status").asText();
            tests.add(DynamicTest.dynamicTest(e.getKey() + " [" + status + "]", () -> check(e.getKey(), e.getValue())));
        }
        return tests.stream();
    }

    private static void check(String name, JsonNode spec) throws IOException {
        Path file = wild().resolve(name);
        String status = spec.get("status").asText();
        switch (status) {
            case "pauses", "no-pauses" -> figures(name, file, spec);
            case "not-hotspot", "not-gc", "empty" -> {
                UnsupportedLogException e = assertThrows(UnsupportedLogException.class, () -> read(file), name);
                String message = e.getMessage();
                System.out.println("refused  " + name + ": " + message);
                assertFalse(message.contains("\n"), "one line: " + message);
                assertFalse(message.contains("PrintGCDetails"), "a refusal never asks for what the file is: " + message);
            }
            case "unclaimed" -> {
                try {
                    Read r = read(file);
                    System.out.printf(Locale.ROOT, "read     %s: %d pauses, %.3f ms (unclaimed, informational)%n", name,
                            r.count, r.totalMs);
                } catch (UnsupportedLogException e) {
                    System.out.println("refused  " + name + ": " + e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), e.getMessage());
                }
            }
            default -> throw new AssertionError("unknown status " + status + " of " + name);
        }
    }

    private static void figures(String name, Path file, JsonNode spec) throws IOException {
        Read r = read(file);
        long count = spec.get("count").asLong();
        double total = spec.get("totalMs").asDouble();
        System.out.printf(Locale.ROOT, "%-8s %s: %d pauses %.3f ms (expected %d, %.3f), %d run(s), %d skipped%n",
                "read", name, r.count, r.totalMs, count, total, r.runs, r.skipped);
        assertTrue(Math.abs(r.count - count) <= TOLERANCE * count,
                name + ": " + r.count + " pauses, expected " + count);
        assertTrue(Math.abs(r.totalMs - total) <= TOLERANCE * total + 1e-9 || gcViewerRounding(spec, r),
                name + ": " + r.totalMs + " ms of pauses, expected " + total);
        if (spec.has("runs")) {
            assertEquals(spec.get("runs").asInt(), r.runs, name + ": runs");
        }
        for (InputStats in : r.inputs) {
            for (InputStats.LineSample s : in.samples()) {
                assertTrue(documentedKind(in, s),
                        name + ":" + s.line() + " skipped, of no kind docs/accuracy.md explains: " + s.text());
            }
            assertEquals(List.of(), in.doubtfulSplits(), name);
        }
    }

    /**
     * GCViewer prints its averages to 10 us: where {@code totalMs} is GCViewer's and the independent count of
     * the log's own pause lines finds the same pauses, a total within 1% of the independent one is right (one
     * Shenandoah pause of {@code 0.295ms} is 0.29 ms in GCViewer's figures, 1.7% off).
     */
    private static boolean gcViewerRounding(JsonNode spec, Read r) {
        JsonNode independent = spec.get("independent");
        return "gcviewer".equals(spec.path("source").asText()) && independent != null && independent.isArray()
                && independent.get(0).asLong() == r.count
                && Math.abs(r.totalMs - independent.get(1).asDouble()) <= TOLERANCE * independent.get(1).asDouble();
    }

    private record Read(long count, double totalMs, int runs, long skipped, List<InputStats> inputs) {
    }

    private static Read read(Path file) throws IOException {
        List<LogInputs.Timeline> timelines = LogInputs.resolve(List.of(file));
        assertEquals(1, timelines.size(), file + ": one timeline");
        List<Run> runs = RunReader.read(timelines.get(0), RunReader.Options.DEFAULT);
        long count = 0;
        double total = 0;
        for (Run run : runs) {
            count += run.summary().pauses().count();
            total += run.summary().pauses().totalMs();
        }
        List<InputStats> inputs = runs.get(0).inputs();
        long skipped = inputs.stream().mapToLong(InputStats::unrecognizedLines).sum();
        return new Read(count, total, runs.size(), skipped, inputs);
    }
}
