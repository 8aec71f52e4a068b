package dev.jvmtune.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.input.InputStats.LineSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.parse.LogFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 2, point 4 at the core level: every kind of bad input either parses what it can (counting and
 * sampling what it skipped) or fails with an {@link UnsupportedLogException} carrying a one-line message
 * that names the file. Inputs are built from real lines of a corpus log.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BadInputTest {

    /** The start of a real Parallel log: 2 header lines, then 11-line collections, summary on the 10th. */
    private static final Path PARALLEL = corpus().resolve("gctoolkit-testdata/unified/parallel/parallelgc.log");
    private static final Path LEGACY = corpus().resolve("gctoolkit-testdata/preunified/ps/details/memoryleak2.log");

    @TempDir
    Path dir;

    static Path corpus() {
        return Path.of(System.getProperty("jvmtune.corpus", "../shared/corpus"));
    }

    /** Like the other corpus tests, skips (with the reason) where the shared corpus is not checked out. */
    static Path need(Path corpusFile) {
        assumeTrue(Files.exists(corpusFile), "corpus file missing: " + corpusFile + " (the corpus lives in ../shared/corpus)");
        return corpusFile;
    }

    /** The first {@code 2 + 11 * gcs} lines of the Parallel log: exactly {@code gcs} complete collections. */
    static List<String> realLines(int gcs) throws IOException {
        try (var lines = Files.lines(need(PARALLEL), StandardCharsets.ISO_8859_1)) {
            return lines.limit(2 + 11L * gcs).toList();
        }
    }

    record Parsed(List<GcEvent> events, List<InputStats> inputs) {
        InputStats input() {
            assertEquals(1, inputs.size(), "one input");
            return inputs.get(0);
        }

        List<Long> eventLines() {
            return events.stream().map(GcEvent::line).toList();
        }
    }

    static Parsed parse(Path file) throws IOException {
        List<GcEvent> events = new ArrayList<>();
        try (GcLogStream s = GcLogStream.openFile(file)) {
            s.start(JvmEvent.only(GcEvent.class, events::add));
            return new Parsed(events, s.inputs());
        }
    }

    private Path write(String name, byte[] content) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, content);
        return f;
    }

    private static byte[] join(List<String> lines) {
        return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    private static UnsupportedLogException assertUnsupported(Path f, LogFormat format, String... parts) {
        UnsupportedLogException e = assertThrows(UnsupportedLogException.class, () -> parse(f));
        assertEquals(format, e.format());
        String m = e.getMessage();
        assertTrue(m.startsWith(f.toString() + ": "), "message names the path: " + m);
        assertFalse(m.contains("\n") || m.contains("\r"), "one line: " + m);
        for (String p : parts) {
            assertTrue(m.contains(p), "'" + p + "' in: " + m);
        }
        return e;
    }

    // ------------------------------------------------------------------ inputs that cannot be read at all

    @Test
    void emptyFile() throws IOException {
        Path f = write("empty.log", new byte[0]);
        UnsupportedLogException e = assertUnsupported(f, LogFormat.UNKNOWN, "empty file");
        assertEquals(f + ": empty file", e.getMessage());
    }

    @Test
    void binaryFile() throws IOException {
        byte[] noise = new byte[20_000];
        new Random(42).nextBytes(noise);
        Path f = write("core.dump", noise);
        assertUnsupported(f, LogFormat.UNKNOWN, "binary data, not a text GC log");
    }

    @Test
    void jfrRecording() throws IOException {
        byte[] jfr = new byte[4096];
        System.arraycopy("FLR\0".getBytes(StandardCharsets.ISO_8859_1), 0, jfr, 0, 4);
        Path f = write("recording.jfr", jfr);
        // the magic and nothing else: not a single chunk can be read
        assertUnsupported(f, LogFormat.JFR, "a JFR recording that cannot be read", "cut off or damaged");
    }

    @Test
    void legacyJdk8Log() throws IOException {
        Path f = dir.resolve("gc-jdk8.log");
        Files.copy(need(LEGACY), f);
        Parsed p = parse(f);
        assertEquals(LogFormat.LEGACY, p.input().format());
        assertEquals(863, p.events().size());
        assertEquals(0, p.input().unrecognizedLines());
    }

    @Test
    void notAGcLog() throws IOException {
        Path f = write("data.csv", "name,value\nalpha,1\nbeta,2\n".getBytes(StandardCharsets.UTF_8));
        assertUnsupported(f, LogFormat.UNKNOWN, "not a GC log: no GC record in its first lines", "(first line: \"name,value\")");
    }

    @Test
    void notAGcLogWithControlCharactersInFirstLine() throws IOException {
        // an escape sequence and a tab must not break the one-line message
        Path f = write("notes.txt", "hello\u001b[31m\tworld\r\nsecond line\n".getBytes(StandardCharsets.UTF_8));
        UnsupportedLogException e = assertUnsupported(f, LogFormat.UNKNOWN, "not a GC log:");
        assertFalse(e.getMessage().chars().anyMatch(Character::isISOControl), e.getMessage());
    }

    // ------------------------------------------------------------------ damaged logs: keep what can be read

    @Test
    void wellFormedBaseline() throws IOException {
        Parsed p = parse(write("gc.log", join(realLines(4))));
        assertEquals(List.of(12L, 23L, 34L, 45L), p.eventLines());
        InputStats in = p.input();
        assertEquals(LogFormat.UNIFIED, in.format());
        assertEquals(46, in.lines());
        assertEquals(0, in.unrecognizedLines());
        assertEquals(List.of(), in.samples());
        assertEquals(List.of(), in.warnings());
    }

    @Test
    void truncatedLastLine() throws IOException {
        List<String> lines = new ArrayList<>(realLines(4));
        String last = lines.remove(lines.size() - 2); // the summary of GC(3), line 45; drop its cpu line too
        lines.remove(lines.size() - 1);
        byte[] head = join(lines);
        byte[] cut = last.substring(0, last.indexOf("->") + 3).getBytes(StandardCharsets.ISO_8859_1);
        byte[] content = Arrays.copyOf(head, head.length + cut.length);
        System.arraycopy(cut, 0, content, head.length, cut.length);
        Path f = write("gc.log", content);

        Parsed p = parse(f);
        assertEquals(List.of(12L, 23L, 34L), p.eventLines(), "collections before the cut all come out");
        InputStats in = p.input();
        assertEquals(45, in.lines());
        assertEquals(content.length, in.bytes());
        assertTrue(in.warnings().contains(new LineSample(45,
                "last line has no line end: the log was cut off while being written")), in.warnings().toString());
        // the cut summary reads as a second start of GC(3); either way the unfinished collection is reported
        assertTrue(in.warnings().stream().anyMatch(w -> w.text().startsWith("GC(3) Pause Young")
                && w.text().contains("has no end line")), "the open collection is reported: " + in.warnings());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void tenMegabyteLineIsCutCountedAndSkipped() throws IOException {
        List<String> real = realLines(4);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(join(real.subList(0, 24))); // header + GC(0) + GC(1)
        byte[] huge = new byte[10 * 1024 * 1024];
        Arrays.fill(huge, (byte) 'x');
        out.writeBytes(huge); // line 25
        out.write('\n');
        out.writeBytes(join(real.subList(24, real.size()))); // GC(2), GC(3) as lines 26..47
        Path f = write("gc.log", out.toByteArray());

        Parsed p = parse(f);
        assertEquals(List.of(12L, 23L, 35L, 46L), p.eventLines(), "parsing goes on after the long line");
        InputStats in = p.input();
        assertEquals(47, in.lines());
        assertEquals(out.size(), in.bytes());
        assertEquals(1, in.unrecognizedLines());
        assertEquals(List.of(new LineSample(25, "x".repeat(200))), in.samples(), "the sample is cut to 200 chars");
        assertEquals(List.of(new LineSample(25, "line longer than " + GcLogStream.MAX_LINE_BYTES
                + " bytes: cut, the rest skipped")), in.warnings());
    }

    @Test
    void nonUtf8Bytes() throws IOException {
        List<String> real = realLines(3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(join(real.subList(0, 13))); // header + GC(0): lines 1..13
        // line 14: undecorated garbage with invalid UTF-8 (lone continuation bytes, a truncated sequence)
        out.writeBytes(new byte[] {(byte) 0xff, (byte) 0xfe, 'o', 'o', 'p', 's', ' ', (byte) 0xc3, '(', ' ',
                (byte) 0x80, (byte) 0x81, '\n'});
        // line 15: a decorated line whose message is Latin-1, not UTF-8: a line of the dialect, kept quiet
        out.writeBytes("[10.030s][info][gc] caf\u00e9 cr\u00e8me\n".getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(join(real.subList(13, real.size()))); // GC(1), GC(2): lines 16..37
        Path f = write("gc.log", out.toByteArray());

        Parsed p = parse(f);
        assertEquals(List.of(12L, 25L, 36L), p.eventLines());
        InputStats in = p.input();
        assertEquals(37, in.lines());
        assertEquals(1, in.unrecognizedLines());
        LineSample s = in.samples().get(0);
        assertEquals(14, s.line());
        assertTrue(s.text().contains("oops") && s.text().indexOf('\uFFFD') >= 0,
                "invalid bytes shown as replacement characters: " + s.text());
        assertEquals(List.of(), in.warnings());
    }

    @Test
    void twoDialectsMixedUnifiedFirst() throws IOException {
        List<String> legacy;
        try (var l = Files.lines(need(LEGACY), StandardCharsets.ISO_8859_1)) {
            legacy = l.limit(8).toList();
        }
        List<String> lines = new ArrayList<>(realLines(4)); // lines 1..46
        lines.addAll(legacy); // lines 47..54
        lines.addAll(realLines(5).subList(46, 57)); // GC(4): lines 55..65, summary on 64
        Path f = write("gc.log", join(lines));

        Parsed p = parse(f);
        assertEquals(List.of(12L, 23L, 34L, 45L, 64L), p.eventLines());
        InputStats in = p.input();
        assertEquals(65, in.lines());
        assertEquals(8, in.unrecognizedLines(), "every JDK 8 line is counted");
        assertEquals(5, in.samples().size(), "only the first few are sampled");
        assertEquals(List.of(47L, 48L, 49L, 50L, 51L), in.samples().stream().map(LineSample::line).toList());
        String first = legacy.get(0);
        assertEquals(first.substring(0, Math.min(200, first.length())), in.samples().get(0).text());
    }

    @Test
    void twoDialectsMixedMostlyLegacy() throws IOException {
        List<String> lines = new ArrayList<>(realLines(0)); // two unified lines
        try (var l = Files.lines(need(LEGACY), StandardCharsets.ISO_8859_1)) {
            lines.addAll(l.limit(100).toList());
        }
        Path f = write("gc.log", join(lines));
        Parsed p = parse(f);
        assertEquals(LogFormat.LEGACY, p.input().format());
        assertEquals(100, p.events().size());
        assertEquals(2, p.input().unrecognizedLines(), "the unified lines are counted");
        assertEquals(List.of(1L, 2L), p.input().samples().stream().map(LineSample::line).toList());
    }

    @Test
    void textAppendedToALog() throws IOException {
        // e.g. a stack trace or shell output appended to the log file
        List<String> lines = new ArrayList<>(realLines(2)); // 1..24
        lines.add("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space"); // 25
        lines.add("\tat com.example.Main.main(Main.java:12)"); // 26
        lines.add(""); // 27: an empty line is skipped too
        Path f = write("gc.log", join(lines));

        Parsed p = parse(f);
        assertEquals(List.of(12L, 23L), p.eventLines());
        InputStats in = p.input();
        assertEquals(3, in.unrecognizedLines());
        assertEquals(List.of(new LineSample(25, lines.get(24)), new LineSample(26, "?at com.example.Main.main(Main.java:12)"),
                new LineSample(27, "")), in.samples(), "control characters are masked in samples");
    }

    @Test
    void garbageInTheMiddleOfAGzippedLog() throws IOException {
        List<String> lines = new ArrayList<>(realLines(3));
        lines.add(13, "<<<<<<< HEAD"); // line 14
        Path plain = write("plain.log", join(lines));
        Path gz = dir.resolve("gc.log.gz");
        try (var os = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            os.write(Files.readAllBytes(plain));
        }
        Files.delete(plain);
        Parsed p = parse(gz);
        assertEquals(List.of(12L, 24L, 35L), p.eventLines());
        assertEquals(List.of(new LineSample(14, "<<<<<<< HEAD")), p.input().samples());
        assertEquals(gz.toString(), p.input().path());
    }

    @Test
    void truncatedGzipKeepsWhatWasRead() throws IOException {
        // damage past the first 64 KiB (the sniffed head) of decompressed content
        truncatedGzip(2000);
    }

    @Test
    void truncatedSmallGzipKeepsWhatWasReadAndNamesNoStackTrace() throws IOException {
        // damage within the sniffed head: used to escape as a bare EOFException naming no file
        truncatedGzip(40);
    }

    private void truncatedGzip(int gcs) throws IOException {
        byte[] log = join(realLines(gcs));
        var bytes = new ByteArrayOutputStream();
        try (var os = new java.util.zip.GZIPOutputStream(bytes)) {
            os.write(log);
        }
        byte[] gz = bytes.toByteArray();
        Path f = write("gc.log.gz", Arrays.copyOf(gz, gz.length * 2 / 3));

        Parsed p = parse(f);
        assertFalse(p.events().isEmpty(), "collections before the damage come out");
        assertTrue(p.events().size() < gcs);
        assertTrue(p.input().warnings().stream().anyMatch(w -> w.text().startsWith("reading stopped: ")),
                p.input().warnings().toString());
    }

    @Test
    void gzipWithNothingReadableNamesThePath() throws IOException {
        Path f = write("gc.log.gz", new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 0});
        IOException e = assertThrows(IOException.class, () -> parse(f));
        assertEquals("nothing readable: Unexpected end of ZLIB input stream", e.getMessage());
    }

    @Test
    void missingFileNamesThePath() {
        Path f = dir.resolve("no-such-gc.log");
        LogInputs.InputException e = assertThrows(LogInputs.InputException.class, () -> GcLogStream.openFile(f));
        assertEquals("no such file: " + f, e.getMessage());
    }
}
