package dev.jvmtune.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How named paths become timelines: rotated sets, directories, .gz, .zip, separate JVMs, missing paths. */
class LogInputsTest {

    @TempDir
    Path dir;

    /** A small Parallel log: {@code n} young pauses starting at {@code startSec}, one per second, GC ids from {@code firstId}. */
    static String log(double startSec, int firstId, int n) {
        StringBuilder sb = new StringBuilder();
        if (firstId == 0) {
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc] Using Parallel%n", startSec));
        }
        for (int i = 0; i < n; i++) {
            double t = startSec + i;
            int id = firstId + i;
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc,start     ] GC(%d) Pause Young (Allocation Failure)\n", t, id));
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc,heap      ] GC(%d) PSYoungGen: 16384K->2559K(18944K)\n", t, id));
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc           ] GC(%d) Pause Young (Allocation Failure) 16M->4M(61M) 5.000ms\n", t, id));
        }
        return sb.toString().replace("\r\n", "\n");
    }

    private Path write(String name, String content) throws IOException {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return f;
    }

    private static List<String> names(LogInputs.Timeline t) {
        return t.files().stream().map(f -> f.entry() != null ? f.entry() : f.path().getFileName().toString()).toList();
    }

    private static List<Long> gcIds(LogInputs.Timeline t) throws IOException {
        List<Long> ids = new ArrayList<>();
        try (GcLogStream s = GcLogStream.open(t)) {
            s.start(JvmEvent.only(GcEvent.class, e -> ids.add(e.gcId())));
        }
        return ids;
    }

    /** The JVM reuses numbers round-robin: here .1 is the oldest, then .2, then .0, and .3.current is live. */
    private List<Path> rotatedSet() throws IOException {
        return List.of(
                write("gc.log.0", log(20, 6, 3)),
                write("gc.log.1", log(1, 0, 3)),
                write("gc.log.3.current", log(30, 9, 2)),
                write("gc.log.2", log(10, 3, 3)));
    }

    @Test
    void rotatedSetIsOneTimelineOrderedByFirstTimestamp() throws IOException {
        List<LogInputs.Timeline> ts = LogInputs.resolve(rotatedSet());
        assertEquals(1, ts.size());
        assertEquals(List.of("gc.log.1", "gc.log.2", "gc.log.0", "gc.log.3.current"), names(ts.get(0)));
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L), gcIds(ts.get(0)));
        assertTrue(ts.get(0).name().endsWith("gc.log.1 (+3 rotated)"), ts.get(0).name());
    }

    @Test
    void rotatedSetReadsWithoutClockWarnings() throws IOException {
        try (GcLogStream s = GcLogStream.open(LogInputs.resolve(rotatedSet()).get(0))) {
            s.start(e -> { });
            assertEquals(4, s.inputs().size());
            for (InputStats in : s.inputs()) {
                assertEquals(List.of(), in.warnings(), in.path());
                assertEquals(0, in.unrecognizedLines(), in.path());
            }
            assertEquals(1.0, s.firstTimestampSec());
            assertEquals(31.0, s.lastTimestampSec());
        }
    }

    @Test
    void directoryArgumentTakesItsFiles() throws IOException {
        rotatedSet();
        write("other-jvm.log", log(5, 0, 2));
        Files.createDirectories(dir.resolve("subdir")); // directories inside are not descended into
        write("subdir/gc.log", log(0, 0, 1));
        List<LogInputs.Timeline> ts = LogInputs.resolve(List.of(dir));
        assertEquals(2, ts.size());
        assertEquals(List.of("gc.log.1", "gc.log.2", "gc.log.0", "gc.log.3.current"), names(ts.get(0)));
        assertEquals(List.of("other-jvm.log"), names(ts.get(1)));
    }

    @Test
    void aDirectoryGivesItsRegularFilesOnlyAndSaysWhatItLeftOut() throws Exception {
        write("gc.log", log(0, 0, 2));
        Path outside = Files.createTempFile("outside", ".log");
        Files.writeString(outside, log(0, 0, 1));
        try {
            Files.createSymbolicLink(dir.resolve("link.log"), outside);
            Files.createSymbolicLink(dir.resolve("linked-dir"), outside.getParent());
            assertEquals(0, new ProcessBuilder("mkfifo", dir.resolve("pipe.log").toString()).start().waitFor());
            List<LogInputs.Skipped> skipped = new ArrayList<>();
            List<LogInputs.Timeline> ts = LogInputs.resolve(List.of(dir), skipped::add); // no hang on the FIFO
            assertEquals(1, ts.size());
            assertEquals(List.of("gc.log"), names(ts.get(0)));
            assertEquals(List.of(new LogInputs.Skipped(dir.resolve("link.log"), LogInputs.NotRead.SYMBOLIC_LINK),
                    new LogInputs.Skipped(dir.resolve("linked-dir"), LogInputs.NotRead.SYMBOLIC_LINK),
                    new LogInputs.Skipped(dir.resolve("pipe.log"), LogInputs.NotRead.SPECIAL_FILE)), skipped);
            // a link named by the user is followed
            assertEquals(List.of(1L), LogInputs.resolve(List.of(dir.resolve("link.log"))).stream()
                    .map(t -> (long) t.files().size()).toList());
        } finally {
            Files.delete(outside);
        }
    }

    @Test
    void gzipIsReadByMagicBytesWhateverItsName() throws IOException {
        Path gz = dir.resolve("gc.log.1");
        try (OutputStream os = new GZIPOutputStream(Files.newOutputStream(gz))) {
            os.write(log(1, 0, 3).getBytes(StandardCharsets.UTF_8));
        }
        Path plain = write("gc.log.0.gz", log(10, 3, 2)); // named .gz but plain text
        List<LogInputs.Timeline> ts = LogInputs.resolve(List.of(plain, gz));
        assertEquals(1, ts.size());
        assertEquals(List.of("gc.log.1", "gc.log.0.gz"), names(ts.get(0)));
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), gcIds(ts.get(0)));
    }

    @Test
    void zipWithSeveralEntries() throws IOException {
        Path zip = dir.resolve("logs.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (String[] e : new String[][] {
                    {"node-a/gc.log.1", log(10, 3, 2)}, {"node-a/gc.log.0", log(1, 0, 3)},
                    {"node-b/app-gc.log", log(100, 0, 4)}}) {
                z.putNextEntry(new ZipEntry(e[0]));
                z.write(e[1].getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
            z.putNextEntry(new ZipEntry("empty-dir/"));
            z.closeEntry();
        }
        List<LogInputs.Timeline> ts = LogInputs.resolve(List.of(zip));
        assertEquals(2, ts.size(), ts.toString());
        assertEquals(List.of("node-a/gc.log.0", "node-a/gc.log.1"), names(ts.get(0)));
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), gcIds(ts.get(0)));
        assertEquals(List.of("node-b/app-gc.log"), names(ts.get(1)));
        assertEquals(List.of(0L, 1L, 2L, 3L), gcIds(ts.get(1)));
        assertEquals(zip + "!node-b/app-gc.log", ts.get(1).files().get(0).displayName());
    }

    @Test
    void filesOfDifferentJvmsStaySeparate() throws IOException {
        Path a = write("service-a/gc.log", log(1, 0, 3));
        Path b = write("service-b/gc.log", log(1, 0, 5)); // same name, other directory
        Path c = write("service-a/gc-other.log", log(50, 0, 2)); // other name, same directory
        List<LogInputs.Timeline> ts = LogInputs.resolve(List.of(a, b, c));
        assertEquals(3, ts.size());
        assertEquals(List.of(0L, 1L, 2L), gcIds(ts.get(0)));
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), gcIds(ts.get(1)));
        assertEquals(List.of(0L, 1L), gcIds(ts.get(2)));
    }

    @Test
    void openFileRefusesAPathHoldingSeveralJvms() throws IOException {
        write("gc-a.log", log(1, 0, 1));
        write("gc-b.log", log(1, 0, 1));
        LogInputs.InputException e = assertThrows(LogInputs.InputException.class, () -> GcLogStream.openFile(dir));
        assertTrue(e.getMessage().startsWith(dir.toString()), e.getMessage());
    }

    @Test
    void missingPathIsNamed() throws IOException {
        Path ok = write("gc.log", log(1, 0, 1));
        Path missing = dir.resolve("gc.log.7");
        LogInputs.InputException e = assertThrows(LogInputs.InputException.class,
                () -> LogInputs.resolve(List.of(ok, missing)));
        assertEquals("no such file: " + missing, e.getMessage());
    }

    @Test
    void eventLinesAreCountedPerFile() throws IOException {
        List<GcEvent> events = new ArrayList<>();
        try (GcLogStream s = GcLogStream.open(LogInputs.resolve(rotatedSet()).get(0))) {
            s.start(JvmEvent.only(GcEvent.class, events::add));
        }
        assertEquals(4, events.get(0).line(), "first file: after the Using line");
        assertEquals(3, events.get(3).line(), "second file starts again at line 1");
    }
}
