package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 2, point 4 through the command line ({@link Main#run}, in process): each bad input gives the exit
 * code of docs/cli.md, one clear line on stderr naming the file and no stack trace; inputs that are
 * partly bad are analyzed, and the JSON counts and samples what was skipped.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BadInputCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** docs/cli.md, "Exit codes". */
    private static final int OK = 0;
    private static final int INPUT_ERROR = 3;
    private static final int NOT_ANALYZABLE = 4;

    @TempDir
    Path dir;


    /** The first {@code 2 + 11 * gcs} lines of a real Parallel log: {@code gcs} complete collections. */
    private static List<String> realLines(int gcs) throws IOException {
        try (var lines = Files.lines(CliRun.corpus("unified/parallel/parallelgc.log"), StandardCharsets.ISO_8859_1)) {
            return lines.limit(2 + 11L * gcs).toList();
        }
    }

    private static byte[] join(List<String> lines) {
        return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    private Path write(String name, byte[] content) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, content);
        return f;
    }

    private static JsonNode input(CliRun r) throws IOException {
        JsonNode inputs = r.run().path("inputs");
        assertEquals(1, inputs.size(), r.out());
        return inputs.get(0);
    }

    private static List<Long> sampleLines(JsonNode input) {
        List<Long> lines = new ArrayList<>();
        input.path("unrecognizedSamples").forEach(s -> lines.add(s.path("line").asLong()));
        return lines;
    }

    // ------------------------------------------------------------------ refused inputs: exit 4 or 3

    private void assertRefused(Path f, int exit, String... parts) {
        for (boolean json : new boolean[] {false, true}) {
            CliRun r = json ? CliRun.of("analyze", "--json", f.toString()) : CliRun.of("analyze", f.toString());
            assertEquals(exit, r.exit(), r.err());
            String line = r.oneErrorLine();
            assertTrue(line.contains(f.toString()), "names the path: " + line);
            for (String p : parts) {
                assertTrue(line.contains(p), "'" + p + "' in: " + line);
            }
            assertEquals("", r.out(), "nothing to report on stdout");
        }
    }

    @Test
    void emptyFile() throws IOException {
        assertRefused(write("empty.log", new byte[0]), NOT_ANALYZABLE, "empty file");
    }

    @Test
    void binaryFile() throws IOException {
        byte[] noise = new byte[20_000];
        new Random(1).nextBytes(noise);
        assertRefused(write("heap.bin", noise), NOT_ANALYZABLE, "binary");
    }

    @Test
    void jfrRecording() throws IOException {
        byte[] jfr = Arrays.copyOf("FLR\0".getBytes(StandardCharsets.ISO_8859_1), 2048);
        assertRefused(write("app.jfr", jfr), NOT_ANALYZABLE, "JFR");
    }

    @Test
    void notAGcLog() throws IOException {
        assertRefused(write("notes.txt", "Dear diary,\ntoday the JVM paused.\n".getBytes(StandardCharsets.UTF_8)),
                NOT_ANALYZABLE, "not a GC log", "Dear diary,");
    }

    @Test
    void jdk8Log() throws IOException {
        Path f = dir.resolve("gc-jdk8.log");
        Files.copy(CliRun.corpus("preunified/ps/details/memoryleak2.log"), f);
        CliRun r = CliRun.of("analyze", "--json", f.toString());
        assertEquals(OK, r.exit(), r.err());
        r.noStackTrace();
        assertEquals("legacy", input(r).path("format").asText());
        assertEquals(0, input(r).path("unrecognizedLines").asLong());
        assertEquals(863, r.run().path("summary").path("pauses").path("count").asLong());
    }

    @Test
    void missingFile() {
        Path f = dir.resolve("no-such-gc.log");
        assertRefused(f, INPUT_ERROR, "no such file");
    }

    @Test
    void emptyDirectory() throws IOException {
        Path d = Files.createDirectories(dir.resolve("logs"));
        assertRefused(d, INPUT_ERROR);
    }

    @Test
    void gzipWithNothingReadable() throws IOException {
        Path f = write("gc.log.gz", new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 0});
        assertRefused(f, INPUT_ERROR);
    }

    @Test
    void oneBadInputAmongGoodOnesStillReportsTheGoodOnes() throws IOException {
        Path good = write("good.log", join(realLines(3)));
        Path bad = write("bad.log", new byte[0]);
        CliRun r = CliRun.of("analyze", "--json", good.toString(), bad.toString());
        assertEquals(NOT_ANALYZABLE, r.exit(), "docs/cli.md: 4, other inputs still analyzed and printed");
        String line = r.oneErrorLine();
        assertTrue(line.contains(bad.toString()), line);
        JsonNode doc = r.json();
        assertTrue(doc.toString().contains(good.toString()), "the good log is reported: " + r.out());
    }

    // ------------------------------------------------------------------ partly bad inputs: exit 0, counted

    @Test
    void tenMegabyteLine() throws IOException {
        List<String> real = realLines(4);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(join(real.subList(0, 24)));
        byte[] huge = new byte[10 * 1024 * 1024];
        Arrays.fill(huge, (byte) 'x');
        bytes.writeBytes(huge); // line 25
        bytes.write('\n');
        bytes.writeBytes(join(real.subList(24, real.size())));
        Path f = write("gc.log", bytes.toByteArray());

        CliRun r = CliRun.of("analyze", "--json", f.toString());
        assertEquals(OK, r.exit(), r.err());
        r.noStackTrace();
        JsonNode in = input(r);
        assertEquals(47, in.path("lines").asLong());
        assertEquals(1, in.path("unrecognizedLines").asLong());
        assertEquals(List.of(25L), sampleLines(in));
        assertEquals("x".repeat(200), in.path("unrecognizedSamples").get(0).path("text").asText());
        assertEquals(25, in.path("warnings").get(0).path("line").asLong(), in.toString());
        assertTrue(in.path("warnings").get(0).path("message").asText().contains("longer than"), in.toString());
        assertEquals(4, r.run().path("summary").path("pauses").path("count").asLong(), "pauses before and after");
    }

    @Test
    void truncatedLastLine() throws IOException {
        byte[] full = join(realLines(4));
        Path f = write("gc.log", Arrays.copyOf(full, full.length - 30)); // cuts the last line short
        CliRun r = CliRun.of("analyze", "--json", f.toString());
        assertEquals(OK, r.exit(), r.err());
        r.noStackTrace();
        JsonNode in = input(r);
        long last = in.path("lines").asLong();
        boolean warned = false;
        for (JsonNode w : in.path("warnings")) {
            warned |= w.path("line").asLong() == last && w.path("message").asText().contains("no line end");
        }
        assertTrue(warned, in.toString());
        assertEquals(4, r.run().path("summary").path("pauses").path("count").asLong());
    }

    @Test
    void nonUtf8Bytes() throws IOException {
        List<String> real = realLines(3);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(join(real.subList(0, 13)));
        bytes.writeBytes(new byte[] {(byte) 0xff, (byte) 0xfe, 'b', 'a', 'd', ' ', (byte) 0xc3, '(', '\n'}); // line 14
        bytes.writeBytes(join(real.subList(13, real.size())));
        Path f = write("gc.log", bytes.toByteArray());
        for (boolean json : new boolean[] {true, false}) {
            CliRun r = json ? CliRun.of("analyze", "--json", f.toString()) : CliRun.of("analyze", f.toString());
            assertEquals(OK, r.exit(), r.err());
            r.noStackTrace();
            if (json) {
                JsonNode in = input(r);
                assertEquals(1, in.path("unrecognizedLines").asLong());
                assertEquals(List.of(14L), sampleLines(in));
                assertTrue(in.path("unrecognizedSamples").get(0).path("text").asText().contains("bad"));
                assertEquals(3, r.run().path("summary").path("pauses").path("count").asLong());
            }
        }
    }

    @Test
    void twoDialectsMixed() throws IOException {
        List<String> lines = new ArrayList<>(realLines(4)); // 1..46
        try (var l = Files.lines(CliRun.corpus("preunified/ps/details/memoryleak2.log"), StandardCharsets.ISO_8859_1)) {
            lines.addAll(l.limit(8).toList()); // 47..54
        }
        lines.addAll(realLines(5).subList(46, 57)); // 55..65
        Path f = write("gc.log", join(lines));
        CliRun r = CliRun.of("analyze", "--json", f.toString());
        assertEquals(OK, r.exit(), r.err());
        r.noStackTrace();
        JsonNode in = input(r);
        assertEquals(8, in.path("unrecognizedLines").asLong());
        assertEquals(List.of(47L, 48L, 49L, 50L, 51L), sampleLines(in));
        assertEquals(5, r.run().path("summary").path("pauses").path("count").asLong());

        CliRun text = CliRun.of("analyze", f.toString());
        assertEquals(OK, text.exit());
        text.noStackTrace();
        assertTrue((text.out() + text.err()).contains("8"), "the text report mentions the skipped lines");
    }

    @Test
    void damagedGzipKeepsWhatWasRead() throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream os = new GZIPOutputStream(gz)) {
            os.write(join(realLines(40)));
        }
        byte[] b = gz.toByteArray();
        Path f = write("gc.log.gz", Arrays.copyOf(b, b.length * 2 / 3));
        CliRun r = CliRun.of("analyze", "--json", f.toString());
        assertEquals(OK, r.exit(), r.err());
        r.noStackTrace();
        JsonNode in = input(r);
        assertTrue(in.path("warnings").toString().contains("reading stopped"), in.toString());
        assertTrue(r.run().path("summary").path("pauses").path("count").asLong() > 0);
    }
}
