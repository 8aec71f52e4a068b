package dev.jvmtune.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.Restart;
import dev.jvmtune.core.parse.LineReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading in blocks on several threads (see {@link ParallelText}) gives what a read in order gives - every event, the
 * files' counts and warnings, each run's part of them, the facts at each restart and at the end - for the inputs that take other paths than a
 * plain file: a pipe, gzip files of a rotated set, a damaged gzip, a line too long for a block; and the pieces under it
 * (lines of a block in memory, the line count, the cut) agree with their sequential counterparts.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ParallelTextTest {

    @TempDir
    Path dir;

    /** Everything a consumer can see of a read. */
    record Seen(List<JvmEvent> events, List<JvmFacts> factsAtRestarts, List<Double> firstAtRestarts,
                List<InputStats> inputs, List<List<InputStats>> inputsOfRuns, JvmFacts facts, double first, double last,
                GcLogStream.BlockCounts counts) {

        void assertSameAs(Seen inOrder, String what) {
            for (int i = 0; i < Math.min(events.size(), inOrder.events.size()); i++) {
                assertEquals(inOrder.events.get(i), events.get(i), what + ": event " + i);
            }
            assertEquals(inOrder.events.size(), events.size(), what + ": events");
            assertEquals(inOrder.factsAtRestarts, factsAtRestarts, what + ": facts at restarts");
            assertEquals(inOrder.firstAtRestarts, firstAtRestarts, what + ": first time at restarts");
            assertEquals(inOrder.inputs, inputs, what + ": inputs");
            assertEquals(inOrder.inputsOfRuns, inputsOfRuns, what + ": each run's part of the inputs");
            assertEquals(inOrder.facts, facts, what + ": facts");
            assertEquals(inOrder.first, first, what + ": first time");
            assertEquals(inOrder.last, last, what + ": last time");
        }
    }

    static Seen read(LogInputs.Timeline timeline, Parallelism parallelism) throws IOException {
        List<JvmEvent> events = new ArrayList<>();
        List<JvmFacts> facts = new ArrayList<>();
        List<Double> firsts = new ArrayList<>();
        try (GcLogStream s = GcLogStream.open(timeline).parallelism(parallelism)) {
            s.start(e -> {
                events.add(e);
                if (e instanceof Restart) {
                    facts.add(s.facts());
                    firsts.add(s.firstTimestampSec());
                }
            });
            List<List<InputStats>> runs = new ArrayList<>();
            for (int run = 0; run <= facts.size(); run++) {
                runs.add(s.inputs(run));
            }
            return new Seen(events, facts, firsts, s.inputs(), runs, s.facts(), s.firstTimestampSec(),
                    s.lastTimestampSec(), s.blockCounts());
        }
    }

    static Seen read(Path log, Parallelism parallelism) throws IOException {
        List<LogInputs.Timeline> timelines = LogInputs.resolve(List.of(log));
        assertEquals(1, timelines.size());
        return read(timelines.get(0), parallelism);
    }

    /** A unified G1 log of {@code n} collections from {@code startSec} with two tag sets, detail lines and a safepoint each. */
    static String g1Log(double startSec, int firstId, int n, boolean header) {
        StringBuilder sb = new StringBuilder();
        if (header) {
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc,init] Version: 17.0.9+9 (release)%n", startSec));
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc] Using G1%n", startSec));
        }
        for (int i = 0; i < n; i++) {
            double t = startSec + i * 0.5;
            int id = firstId + i;
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc,start    ] GC(%d) Pause Young (Normal) (G1 Evacuation Pause)%n", t, id));
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc,phases   ] GC(%d)   Evacuate Collection Set: %d.1ms%n", t, id, 1 + i % 5));
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc,heap     ] GC(%d) Eden regions: 24->0(21)%n", t, id));
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc          ] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) %d.572ms%n", t + 0.006, id, 5 + i % 3));
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc,cpu      ] GC(%d) User=0.02s Sys=0.00s Real=0.01s%n", t + 0.006, id));
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: 1 ns, Reaching safepoint: 2000 ns, At safepoint: 6000000 ns, Total: 6002000 ns%n", t + 0.007));
        }
        return sb.toString().replace("\r\n", "\n");
    }

    private static Parallelism blocks(int bytes) {
        return new Parallelism(2, bytes);
    }

    @Test
    void blockLinesAreTheLinesOfAStream() throws IOException {
        Random random = new Random(11);
        for (int round = 0; round < 300; round++) {
            byte[] data = new byte[random.nextInt(200)];
            for (int i = 0; i < data.length; i++) {
                int pick = random.nextInt(10);
                data[i] = (byte) (pick == 0 ? '\n' : pick == 1 ? '\r' : 'a' + random.nextInt(26));
            }
            int max = 4 + random.nextInt(20);
            int skip = random.nextInt(5);
            LineReader stream = new LineReader(new ByteArrayInputStream(data), max, 7, 0);
            byte[] shifted = new byte[data.length + skip];
            System.arraycopy(data, 0, shifted, skip, data.length);
            LineReader block = new LineReader(shifted, skip, shifted.length, max, 7);
            while (true) {
                boolean more = stream.next();
                assertEquals(more, block.next(), "round " + round);
                if (!more) {
                    break;
                }
                assertEquals(stream.lineNumber(), block.lineNumber());
                assertEquals(stream.lastLineTruncated(), block.lastLineTruncated(), "round " + round);
                assertTrue(Arrays.equals(stream.buffer(), stream.start(), stream.end(), block.buffer(), block.start(),
                        block.end()), "round " + round + " line " + stream.lineNumber());
            }
            assertEquals(stream.lastLineUnterminated(), block.lastLineUnterminated());
            assertEquals(LineReader.countLines(data, 0, data.length) + (stream.lastLineUnterminated() ? 7 + 1 : 7),
                    stream.lineNumber(), "the count of line ends");
        }
    }

    @Test
    void lineCountOfLongRunsOfLineEnds() {
        byte[] all = new byte[5000];
        Arrays.fill(all, (byte) '\n');
        for (int from = 0; from < 9; from++) {
            assertEquals(all.length - from - 3, LineReader.countLines(all, from, all.length - 3));
        }
        byte[] mixed = new byte[4099];
        for (int i = 0; i < mixed.length; i++) {
            mixed[i] = (byte) (i % 3 == 0 ? '\n' : i % 3 == 1 ? 0x8A : 0x0B);
        }
        assertEquals(1367, LineReader.countLines(mixed, 0, mixed.length));
    }

    @Test
    void blocksEndAtTheFirstLineEndPastTheirSize() {
        Random random = new Random(3);
        for (int round = 0; round < 200; round++) {
            byte[] data = new byte[random.nextInt(3000)];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) (random.nextInt(12) == 0 ? '\n' : 'x');
            }
            int blockBytes = 1 + random.nextInt(400);
            int headLength = Math.min(data.length, random.nextInt(500));
            BlockCutter cutter = new BlockCutter(Arrays.copyOf(data, headLength),
                    new ByteArrayInputStream(data, headLength, data.length - headLength), blockBytes);
            byte[] buf = new byte[BlockCutter.capacity(blockBytes)];
            ByteArrayOutputStream joined = new ByteArrayOutputStream();
            long lines = 0;
            while (true) {
                BlockCutter.Cut cut = cutter.next(buf);
                if (cut == null) {
                    break;
                }
                assertFalse(cut.tail());
                assertEquals(lines, cut.linesBefore(), "round " + round);
                if (!cut.last()) {
                    int end = cut.length() - 1;
                    assertEquals('\n', buf[end]);
                    assertTrue(end >= blockBytes - 1 && noNewline(buf, blockBytes - 1, end), "round " + round);
                }
                lines += LineReader.countLines(buf, 0, cut.length());
                joined.write(buf, 0, cut.length());
                if (cut.last()) {
                    break;
                }
            }
            assertTrue(Arrays.equals(data, joined.toByteArray()), "round " + round);
            assertEquals(data.length, cutter.bytes());
        }
    }

    private static boolean noNewline(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                return false;
            }
        }
        return true;
    }

    @Test
    void aPipeReadsInBlocksAsInOrder() throws Exception {
        byte[] content = (g1Log(0.01, 0, 300, true) + g1Log(0.02, 0, 40, true)).getBytes(StandardCharsets.UTF_8);
        Seen inOrder = readFifo(content, Parallelism.SEQUENTIAL);
        Seen blocks = readFifo(content, blocks(4096));
        blocks.assertSameAs(inOrder, "a FIFO");
        assertTrue(blocks.counts.joined() > 0, () -> "no block joined: " + blocks.counts);
        assertEquals(1, inOrder.factsAtRestarts.size(), "the second run's header is a restart");
    }

    /** A real named pipe, written by another thread while it is read. */
    private Seen readFifo(byte[] content, Parallelism parallelism) throws Exception {
        Path fifo = dir.resolve("gc.fifo"); // one name for both reads: it is in the events
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, mk.waitFor());
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                for (int i = 0; i < content.length; i += 1000) {
                    out.write(content, i, Math.min(1000, content.length - i));
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();
        try {
            List<LogInputs.Timeline> t = LogInputs.resolve(List.of(fifo));
            assertTrue(t.get(0).files().get(0).isStream());
            return read(t.get(0), parallelism);
        } finally {
            writer.join();
            Files.delete(fifo);
        }
    }

    /**
     * Gzip files of a rotated set, the third damaged, a restart at the end of the fourth and a fifth that cannot be read
     * (binary, without a time: sorted last): it is the second run's, though the blocks of the restart may still wait
     * for their turn when it is found.
     */
    @Test
    void aRotatedSetOfGzipFilesADamagedOneAndAnUnreadableOne() throws IOException {
        Path set = Files.createDirectories(dir.resolve("set"));
        for (int i = 0; i < 4; i++) {
            String log = g1Log(10.0 + i * 100, i * 200, 100, i == 0) + (i == 3 ? g1Log(0.5, 0, 2, true) : "");
            gzip(set.resolve("gc.log." + i + ".gz"), log.getBytes(StandardCharsets.UTF_8), i == 2);
        }
        byte[] binary = new byte[4096];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) (i * 7);
        }
        gzip(set.resolve("gc.log.4.gz"), binary, false);
        Seen inOrder = read(set, Parallelism.SEQUENTIAL);
        Seen blocks = read(set, blocks(2048));
        blocks.assertSameAs(inOrder, "a rotated set");
        assertEquals(5, inOrder.inputs.size());
        assertTrue(inOrder.inputs.get(2).warnings().get(0).text().startsWith("reading stopped: "),
                () -> inOrder.inputs.get(2).warnings().toString());
        assertEquals("gc.log.4.gz", Path.of(inOrder.inputsOfRuns.get(1).get(inOrder.inputsOfRuns.get(1).size() - 1)
                .path()).getFileName().toString(), () -> "the unreadable file in the second run: " + inOrder.inputsOfRuns);
        assertTrue(blocks.counts.joined() > 0, () -> "no block joined: " + blocks.counts);
    }

    /** Writes {@code content} gzipped; {@code damaged}: without its last third (a file cut while copied). */
    private static void gzip(Path file, byte[] content, boolean damaged) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(content);
        }
        byte[] z = bytes.toByteArray();
        Files.write(file, damaged ? Arrays.copyOf(z, z.length * 2 / 3) : z);
    }

    @Test
    void aLineTooLongForABlockReadsTheRestInOrder() throws IOException {
        String huge = "x".repeat(GcLogStream.MAX_LINE_BYTES + 4096) + "\n";
        Path log = dir.resolve("long-line.log");
        Files.writeString(log, g1Log(1.0, 0, 100, true) + huge + g1Log(60.0, 100, 100, false) + "[200.000s][info][gc] cut");
        Seen inOrder = read(log, Parallelism.SEQUENTIAL);
        Seen blocks = read(log, blocks(4096));
        blocks.assertSameAs(inOrder, "an over-long line");
        assertEquals(2, inOrder.inputs.get(0).warnings().size(), () -> inOrder.inputs.get(0).warnings().toString());
    }

    /** Restarts inside blocks, skipped lines before and after one (more than a part keeps as samples). */
    @Test
    void restartsInTheMiddleOfBlocks() throws IOException, URISyntaxException {
        Path twoRuns = Path.of(ParallelTextTest.class.getResource("/logs/g1-evacuation-failure-two-runs.log").toURI());
        Path log = dir.resolve("three-runs.log");
        String skipped = "not a line of a GC log\n".repeat(2 * GcLogStream.SAMPLE_LIMIT + 1);
        Files.write(log, concat(Files.readAllBytes(twoRuns), (skipped + g1Log(0.5, 0, 50, true) + skipped)
                .getBytes(StandardCharsets.UTF_8)));
        Seen inOrder = read(log, Parallelism.SEQUENTIAL);
        assertEquals(2, inOrder.factsAtRestarts.size());
        assertTrue(inOrder.inputsOfRuns.get(2).get(0).unrecognizedLines() > GcLogStream.SAMPLE_LIMIT,
                () -> "the last run's skipped lines: " + inOrder.inputsOfRuns.get(2));
        for (int blockBytes : new int[] {1, 700, 3000}) {
            read(log, blocks(blockBytes)).assertSameAs(inOrder, "blocks of " + blockBytes);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void smallInputsAreReadInOrder() throws IOException {
        Path log = dir.resolve("small.log");
        Files.writeString(log, g1Log(1.0, 0, 10, true));
        Seen s = read(log, new Parallelism(2, Parallelism.BLOCK_BYTES));
        assertEquals(0, s.counts.blocks(), "a log under two blocks is not worth the threads");
    }
}
