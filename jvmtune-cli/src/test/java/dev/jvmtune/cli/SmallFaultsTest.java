package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.lab.TestPrograms;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The smaller faults: full disks (a real full device and a real small tmpfs), a compressed recording that must
 * leave no temporary file behind whatever happens to jvmtune, an archive of 20,000 logs, a plan too large to
 * build.
 */
class SmallFaultsTest {

    private static final Path LOG = Path.of(System.getProperty("jvmtune.root", ".."), "examples/logs/g1-debug-jdk17.log.gz");

    @TempDir
    Path tmp;

    @Test
    void jsonOutAndEventsOnAFullDiskSaySo() {
        for (String option : List.of("--json-out", "--events")) {
            CliRun r = CliRun.of("analyze", "-q", LOG.toString(), option, "/dev/full");
            assertEquals(Main.INPUT_ERROR, r.exit(), option + ": " + r.err());
            assertTrue(r.err().contains("jvmtune: cannot write ") && r.err().contains("disk full"), r.err());
            r.noStackTrace();
        }
    }

    @Test
    void aFullDiskLeavesTheEarlierReportWhole() throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(tmp.resolve("fs"), "8m")) {
            Path html = fs.dir().resolve("report.html");
            assertEquals(Main.OK, CliRun.of("analyze", "-q", LOG.toString(), "--html", html.toString()).exit());
            byte[] first = Files.readAllBytes(html);
            fs.fill();
            CliRun r = CliRun.of("analyze", "-q", LOG.toString(), "--html", html.toString());
            assertEquals(Main.INPUT_ERROR, r.exit(), r.err());
            assertTrue(r.err().contains("disk full"), r.err());
            assertArrayEquals(first, Files.readAllBytes(html), "the earlier report is kept whole, not truncated");
            try (Stream<Path> files = Files.list(fs.dir())) {
                assertEquals(List.of("filler", "report.html"), files.map(p -> p.getFileName().toString()).sorted()
                        .toList(), "no temporary file left");
            }
        }
    }

    @Test
    void aFullDatabaseDiskSaysDiskFull() throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(tmp.resolve("fs"), "2m")) {
            String db = fs.dir().resolve("jvmtune.db").toString();
            Path spec = tmp.resolve("d.yaml");
            Files.writeString(spec, "name: d\ncommand: [sh, -c, 'exit 0']\nrepeats: 3\n");
            CliRun r = CliRun.of("experiment", spec.toString(), "--db", db, "--out", tmp.resolve("out").toString());
            assertEquals(Main.OK, r.exit(), r.err());
            fs.fill();
            r = CliRun.of("experiment", spec.toString(), "--db", db, "--out", tmp.resolve("out").toString());
            assertEquals(Main.INPUT_ERROR, r.exit(), r.err());
            assertTrue(r.err().contains("results database " + db + ": disk full"), r.err());
            r.noStackTrace();
        }
    }

    @Test
    void aGzippedRecordingLeavesNoTemporaryFileEvenOnKillNine() throws Exception {
        Path jfr = tmp.resolve("rec.jfr");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:StartFlightRecording=filename=" + jfr + ",settings=profile", "-Xmx64m", "-cp",
                TestPrograms.classes().toString(), "Fine", "1500").redirectErrorStream(true)
                .redirectOutput(tmp.resolve("rec.out").toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES) && p.exitValue() == 0, Files.readString(tmp.resolve("rec.out")));
        Path gz = tmp.resolve("rec.jfr.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(jfr, o);
        }
        Path tmpdir = Files.createDirectory(tmp.resolve("tmpdir"));
        Process analyze = Jvmtune.start(tmp.resolve("analyze.log"), Map.of(), List.of("-Djava.io.tmpdir=" + tmpdir),
                "analyze", "-q", gz.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        boolean seen = false;
        while (analyze.isAlive() && System.nanoTime() < deadline && !seen) {
            try (Stream<Path> files = Files.list(tmpdir)) {
                seen = files.findAny().isPresent();
            }
        }
        Jvmtune.signal(analyze, true); // at once, while the recording is read (or just after)
        // what the kill may have left (it can fall between creating the copy and unlinking it) is gone after the
        // next analysis of a compressed recording
        Path log = tmp.resolve("again.log");
        assertEquals(Main.OK, Jvmtune.run(log, Map.of(), List.of("-Djava.io.tmpdir=" + tmpdir), "analyze", "-q",
                gz.toString()), Files.readString(log));
        try (Stream<Path> files = Files.list(tmpdir)) {
            assertEquals(List.of(), files.toList(), "a temporary copy of the recording outlived kill -9 of jvmtune");
        }
        // a temporary directory too small for the recording is full, not a damaged recording
        try (SmallTmpfs fs = SmallTmpfs.mount(tmp.resolve("fs"), "64k")) {
            log = tmp.resolve("full.log");
            int exit = Jvmtune.run(log, Map.of(), List.of("-Djava.io.tmpdir=" + fs.dir()), "analyze", "-q", gz.toString());
            String printed = Files.readString(log);
            assertEquals(Main.INPUT_ERROR, exit, printed);
            assertTrue(printed.contains("disk full") && !printed.contains("damaged"), printed);
        }
    }

    @Test
    void anArchiveOf20000LogsIsReadInLinearTime() throws Exception {
        Path zip = tmp.resolve("logs.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (int i = 0; i < 20_000; i++) {
                z.putNextEntry(new ZipEntry("logs/gc.log." + i));
                z.write(String.format(java.util.Locale.ROOT, "[%d.000s][info][gc] GC(%d) Pause Young (Normal) "
                        + "(G1 Evacuation Pause) 24M->2M(256M) 3.456ms%n", 2 * i + 1, i).getBytes());
            }
        }
        long start = System.nanoTime();
        CliRun r = CliRun.of("analyze", "-q", zip.toString());
        double sec = (System.nanoTime() - start) / 1e9;
        assertEquals(Main.OK, r.exit(), r.err());
        assertTrue(r.out().contains("20000 file(s), 20,000 lines"), r.out());
        // opening the archive once per entry took 56 s here (quadratic); once per archive, 4 s at load 7
        assertTrue(sec < 30, "20,000 entries took " + sec + " s");
    }

    @Test
    void aPlanOfTwoBillionRepeatsIsRefusedBeforeItIsBuilt() throws Exception {
        Path spec = tmp.resolve("big.yaml");
        Files.writeString(spec, "name: big\ncommand: [sh, -c, 'exit 0']\nrepeats: 2000000000\n");
        Path log = tmp.resolve("big.log");
        int exit = Jvmtune.run(log, Map.of(), List.of("-Xmx128m"), "experiment", spec.toString(), "--db",
                tmp.resolve("jvmtune.db").toString(), "--out", tmp.resolve("out").toString());
        String printed = Files.readString(log);
        assertEquals(Main.USAGE, exit, printed);
        assertTrue(printed.contains("repeats: the plan would hold 2,000,000,000 trials"), printed);
        assertFalse(printed.contains("Exception") || printed.contains("\tat "), printed);
    }
}
