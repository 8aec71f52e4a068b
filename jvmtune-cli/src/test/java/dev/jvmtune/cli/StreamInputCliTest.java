package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that are streams, read through the command line in a child JVM started by {@code bash}, with real
 * pipes: {@code cat gc.log | jvmtune analyze -}, {@code analyze /dev/stdin}, {@code analyze <(zcat gc.log.gz)},
 * a named FIFO, gzip and zip through a pipe. Each must give the figures of the same log read as a file: the
 * whole stream, read once (a second open of a pipe reads nothing, a FIFO waits for a writer that never comes,
 * and JDK 17's channel streams fail with "Illegal seek" past their first 64 KiB).
 *
 * <p>And the wild corpus's logs that are no HotSpot GC log: exit 4 with one line that does not ask for a
 * log the file already is.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class StreamInputCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    /** A JDK 8 Parallel log of 12 MB and a unified one of 4 MB: far beyond any 64 KiB buffer. */
    private static Path legacy;
    private static Path unified;
    private static JsonNode legacyFile;
    private static JsonNode unifiedFile;

    @BeforeAll
    static void logs() throws IOException {
        Path gz = CliRun.corpus("streaming/gc.log.gz");
        legacy = dir.resolve("gc.log");
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
            Files.copy(in, legacy);
        }
        unified = CliRun.corpus("unified/parallel/parallelgc.log");
        legacyFile = summary(CliRun.of("analyze", "--json", "-q", legacy.toString()));
        unifiedFile = summary(CliRun.of("analyze", "--json", "-q", unified.toString()));
        assertTrue(legacyFile.path("pauses").path("count").asLong() > 1000);
        assertTrue(unifiedFile.path("pauses").path("count").asLong() > 1000);
    }

    private static JsonNode summary(CliRun r) throws IOException {
        assertEquals(0, r.exit(), r.err());
        return r.run().path("summary");
    }

    /** Runs {@code jvmtune analyze --json -q ARGS} inside {@code bash -c SCRIPT}, where {@code $J} is jvmtune. */
    private static Result bash(String script) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String jvmtune = "'" + java + "' -cp '" + System.getProperty("java.class.path") + "' " + Main.class.getName()
                + " analyze --json -q";
        Path out = Files.createTempFile(dir, "out", ".json");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder("bash", "-c", script.replace("$J", jvmtune))
                .directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile())
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished: " + script);
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private record Result(int exit, String out, String err) {
        JsonNode summary() throws IOException {
            assertEquals(0, exit, err);
            JsonNode runs = JSON.readTree(out).path("runs");
            assertEquals(1, runs.size(), out);
            return runs.get(0).path("summary");
        }
    }

    private static void sameFigures(JsonNode expected, Result r) throws IOException {
        JsonNode got = r.summary();
        assertEquals(expected.path("pauses").path("count").asLong(), got.path("pauses").path("count").asLong(), r.err);
        assertEquals(expected.path("pauses").path("totalMs").asDouble(), got.path("pauses").path("totalMs").asDouble(),
                1e-6);
        assertEquals(expected.path("durationSec").asDouble(), got.path("durationSec").asDouble(), 1e-9);
    }

    @Test
    void standardInputAsDash() throws Exception {
        sameFigures(legacyFile, bash("cat '" + legacy + "' | $J -"));
    }

    @Test
    void devStdinFromAPipe() throws Exception {
        sameFigures(unifiedFile, bash("cat '" + unified + "' | $J /dev/stdin"));
    }

    @Test
    void processSubstitutionOfAGzippedLog() throws Exception {
        Path gz = gzip(unified);
        sameFigures(unifiedFile, bash("$J <(zcat '" + gz + "')"));
    }

    @Test
    void gzipThroughAPipe() throws Exception {
        Path gz = gzip(legacy);
        sameFigures(legacyFile, bash("cat '" + gz + "' | $J -"));
        sameFigures(legacyFile, bash("$J <(cat '" + gz + "')"));
    }

    @Test
    void zipThroughAPipe() throws Exception {
        Path zip = dir.resolve("gc.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("gc.log"));
            Files.copy(unified, z);
            z.closeEntry();
        }
        sameFigures(unifiedFile, bash("cat '" + zip + "' | $J -"));
    }

    @Test
    void namedFifo() throws Exception {
        Path fifo = dir.resolve("gc.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        // the writer blocks until jvmtune opens the FIFO, and jvmtune must read to its end without a second open
        sameFigures(legacyFile, bash("(cat '" + legacy + "' > '" + fifo + "' &) ; $J '" + fifo + "'"));
        sameFigures(unifiedFile, bash("(gzip -c '" + unified + "' > '" + fifo + "' &) ; $J '" + fifo + "'"));
    }

    private static Path gzip(Path file) throws IOException {
        Path gz = dir.resolve(file.getFileName() + "." + System.nanoTime() + ".gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(file, o);
        }
        return gz;
    }

    /** docs/cli.md: exit 4 and one line for what is no HotSpot GC log; never a request for what the file is. */
    @Test
    void wildLogsThatAreNoHotSpotGcLogAreRefusedInOneLine() throws IOException {
        Path wild = Path.of(System.getProperty("jvmtune.corpusWild", "../shared/corpus-wild"));
        assumeTrue(Files.exists(wild.resolve("expected.json")), "no wild corpus at " + wild);
        JsonNode logs = JSON.readTree(wild.resolve("expected.json").toFile()).path("logs");
        List<String> refused = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = logs.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String status = e.getValue().path("status").asText();
            if (!List.of("not-hotspot", "not-gc", "empty").contains(status)) {
                continue;
            }
            CliRun r = CliRun.of("analyze", wild.resolve(e.getKey()).toString());
            assertEquals(4, r.exit(), e.getKey() + ": " + r.err());
            String line = r.oneErrorLine();
            assertFalse(line.contains("PrintGCDetails"), line);
            assertEquals("", r.out());
            refused.add(line);
        }
        assertFalse(refused.isEmpty(), "the wild corpus has logs to refuse");
        Path empty = Files.writeString(dir.resolve("empty.log"), "", StandardCharsets.ISO_8859_1);
        CliRun r = CliRun.of("analyze", empty.toString());
        assertEquals(4, r.exit());
        assertTrue(r.oneErrorLine().endsWith("empty file"));
    }
}
