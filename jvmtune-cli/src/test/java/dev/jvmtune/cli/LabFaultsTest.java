package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.lab.store.StoredTrial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab under faults, with real jvmtune processes, real signals and real files: an interrupted trial is no
 * result; jvmtune's own I/O errors stop the run; a trial ends when jvmtune is killed; a second writer is
 * refused; one huge line or metrics file cannot exhaust jvmtune's memory.
 */
class LabFaultsTest {

    @TempDir
    Path tmp;

    /** In every trial's command line, so that what a trial left running can be found (and, on failure, killed). */
    private String marker;

    @AfterEach
    void noTrialLeftRunning() throws Exception {
        if (marker != null) {
            List<Long> left = Jvmtune.awaitNone(marker, 5);
            Jvmtune.killAll(marker);
            assertEquals(List.of(), left, "processes of trials still running");
        }
    }

    /** An experiment of {@code trials} trials of {@code seconds} each, every one exit 0. */
    private Path spec(String name, int trials, double seconds) throws Exception {
        marker = "jvmtune-test-" + tmp.getFileName();
        Path spec = tmp.resolve(name + ".yaml");
        Files.writeString(spec, """
                name: %s
                command: [sh, -c, "sleep %s; echo {n} %s", trial]
                params:
                  n: [%s]
                timeout: 60s
                seed: 5
                """.formatted(name, seconds, marker, String.join(", ", java.util.stream.IntStream.rangeClosed(1, trials)
                .mapToObj(Integer::toString).toList())));
        return spec;
    }

    @Test
    void sigtermDuringATrialDiscardsItAndResumeRunsIt() throws Exception {
        Path spec = spec("term", 5, 0.7);
        String db = tmp.resolve("jvmtune.db").toString();
        Path out = tmp.resolve("out");
        for (int cycle = 0; cycle < 3; cycle++) {
            int before = Jvmtune.stored(db).size();
            Process p = Jvmtune.start(tmp.resolve("run" + cycle + ".log"), "experiment", spec.toString(), "--db", db,
                    "--out", out.toString(), cycle == 0 ? "--json" : "--resume");
            Jvmtune.awaitStored(db, before + 1, p);
            Thread.sleep(300); // inside the next trial
            Jvmtune.signal(p, false);
            for (StoredTrial t : Jvmtune.stored(db)) {
                assertEquals("OK", t.outcome(), "trial " + t.seq() + " stored as " + t.outcome() + " (exit "
                        + t.exitCode() + "): jvmtune's SIGTERM is not the program's failure; "
                        + Files.readString(tmp.resolve("run" + cycle + ".log")));
            }
        }
        CliRun r = CliRun.of("experiment", spec.toString(), "--db", db, "--out", out.toString(), "--resume");
        assertEquals(Main.OK, r.exit(), r.err());
        List<StoredTrial> all = Jvmtune.stored(db);
        assertEquals(5, all.size());
        assertTrue(all.stream().allMatch(t -> t.outcome().equals("OK")), all.toString());
    }

    @Test
    void anOutputDirectoryJvmtuneCannotWriteStopsTheExperiment() throws Exception {
        Path spec = spec("nodir", 3, 0.01);
        String db = tmp.resolve("jvmtune.db").toString();
        CliRun r = CliRun.of("experiment", spec.toString(), "--db", db, "--out", "/dev/null/x");
        assertEquals(Main.INPUT_ERROR, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("/dev/null/x") && r.err().contains("not a directory"), r.err());
        assertEquals(List.of(), Jvmtune.stored(db), "jvmtune's own error is no trial outcome");
        marker = null;
    }

    @Test
    void killNineOfRunEndsTheTrialWithEverythingItStarted() throws Exception {
        marker = "jvmtune-test-" + tmp.getFileName();
        Process p = Jvmtune.start(tmp.resolve("run.log"), "run", "--out", tmp.resolve("t").toString(), "--timeout",
                "10m", "--", "sh", "-c", "sh -c 'sleep 600; :' $0 & (setsid sh -c 'sleep 600; :' $0 &); sleep 600; :",
                marker);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (Jvmtune.running(marker).size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(Jvmtune.running(marker).size() >= 3, "the shell, its child and a daemon in a session of its own");
        Jvmtune.signal(p, true);
        assertEquals(List.of(), Jvmtune.awaitNone(marker, 5), "the trial outlived a kill -9 of jvmtune");
    }

    @Test
    void aSecondWriterIsRefusedAndAKillNineLeavesNoLockBehind() throws Exception {
        Path spec = spec("lock", 4, 0.6);
        String db = tmp.resolve("jvmtune.db").toString();
        Path out = tmp.resolve("out");
        Process first = Jvmtune.start(tmp.resolve("first.log"), "experiment", spec.toString(), "--db", db, "--out",
                out.toString());
        Jvmtune.awaitStored(db, 1, first);
        CliRun second = CliRun.of("experiment", spec.toString(), "--db", db, "--out", out.toString(), "--resume");
        assertEquals(Main.USAGE, second.exit(), second.err());
        assertTrue(second.err().contains("is being run by jvmtune pid " + first.pid()), second.err());
        assertTrue(first.waitFor(2, TimeUnit.MINUTES));
        assertEquals(Main.OK, first.exitValue(), Files.readString(tmp.resolve("first.log")));
        List<StoredTrial> trials = Jvmtune.stored(db);
        assertEquals(List.of(1, 2, 3, 4), trials.stream().map(StoredTrial::seq).toList());
        assertTrue(trials.stream().allMatch(t -> t.outcome().equals("OK")), "the first run's trials were left alone");

        // a writer killed outright holds nothing
        Path spec2 = spec("lock2", 4, 0.6);
        Process killed = Jvmtune.start(tmp.resolve("killed.log"), "experiment", spec2.toString(), "--db", db,
                "--out", out.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (storedOf(db, "lock2-1") < 1 && killed.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Jvmtune.signal(killed, true);
        CliRun resumed = CliRun.of("experiment", spec2.toString(), "--db", db, "--out", out.toString(), "--resume");
        assertEquals(Main.OK, resumed.exit(), resumed.err());
    }

    @Test
    void aSecondTuneOfALiveSessionIsRefusedAndTheJournalKept() throws Exception {
        marker = "jvmtune-test-" + tmp.getFileName();
        Path out = tmp.resolve("tune");
        Process first = Jvmtune.start(tmp.resolve("tune.log"), "tune", "--out", out.toString(), "--db",
                tmp.resolve("jvmtune.db").toString(), "--goal", "metrics.wallSec <= 0.1", "--", "sh", "-c",
                "sleep 0.5; echo '{\"wallSec\":0.5}' > $JVMTUNE_METRICS", marker);
        Path journal = out.resolve("tune.jsonl");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (trialLines(journal) < 1 && first.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        String before = Files.readString(journal);
        CliRun second = CliRun.of("tune", "--resume", "--out", out.toString());
        assertEquals(Main.USAGE, second.exit(), second.err());
        assertTrue(second.err().contains("is being written by jvmtune pid " + first.pid()), second.err());
        assertTrue(Files.readString(journal).startsWith(before), "the live session's journal was not cut");
        Jvmtune.signal(first, true);
        CliRun resumed = CliRun.of("tune", "--resume", "--out", out.toString());
        assertNotEquals(Main.USAGE, resumed.exit(), "a kill -9 leaves no lock: " + resumed.err());
        assertTrue(resumed.err().contains("resuming after"), resumed.err());
    }

    @Test
    void oneHugeLineAndAHugeMetricsFileDoNotExhaustJvmtune() throws Exception {
        marker = "jvmtune-test-" + tmp.getFileName();
        // 300 MB on one stdout line and a 100 MB metrics file, read by a jvmtune with 64 MB of heap
        String script = "head -c 314572800 /dev/zero | tr '\\0' x; "
                + "{ printf '{\"wallSec\":1,\"pad\":\"'; head -c 104857600 /dev/zero | tr '\\0' y; printf '\"}'; } "
                + "> $JVMTUNE_METRICS";
        Path log = tmp.resolve("run.log");
        int exit = Jvmtune.run(log, Map.of(), List.of("-Xmx64m"), "run", "--out", tmp.resolve("t").toString(),
                "--metric", "answer=answer: ([0-9]+)", "--", "sh", "-c", script, marker);
        String printed = Files.readString(log);
        assertEquals(Main.OK, exit, printed);
        assertFalse(printed.contains("OutOfMemoryError"), printed);
        assertTrue(printed.contains("stdout.log line 1 is longer than 1 MiB: read up to there"), printed);
        assertTrue(printed.contains("is 100 MiB, over the 16 MiB jvmtune reads: not read"), printed);
    }

    @Test
    void aSystemClockGoingBackIsNotedOnTheTrialAndWarned() throws Exception {
        // libfaketime moves the wall clock of jvmtune (and of the trials it starts) 2 hours back while trial 2
        // runs; the monotonic clock, which measures wall times, is left alone as the kernel leaves it. Its
        // "monotonic fix", on by default with this glibc, made every timed wait of the JVM return at once (a
        // 100 ms Object.wait took 6 ms): jvmtune's threads spun, a whole core, for the whole test; off, the JVM
        // waits as it does under a real clock step
        Path offset = tmp.resolve("clock-offset");
        Files.writeString(offset, "+0\n");
        Map<String, String> env = Map.of("LD_PRELOAD", libfaketime().toString(), "FAKETIME_TIMESTAMP_FILE",
                offset.toString(), "FAKETIME_CACHE_DURATION", "1", "FAKETIME_DONT_FAKE_MONOTONIC", "1",
                "FAKETIME_FORCE_MONOTONIC_FIX", "0");
        Path spec = spec("clock", 3, 2.5);
        String db = tmp.resolve("jvmtune.db").toString();
        Path log = tmp.resolve("clock.log");
        Process p = Jvmtune.start(log, env, List.of(), "experiment", spec.toString(), "--db", db, "--out",
                tmp.resolve("out").toString());
        Path second = tmp.resolve("out/clock-1/trial-0002/pid"); // written once trial 2 has started
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(second) && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Files.writeString(offset, "-2h\n"); // seen within a second (FAKETIME_CACHE_DURATION): trial 2 runs 2.5 s
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "the experiment did not end");
        String printed = Files.readString(log);
        assertEquals(Main.OK, p.exitValue(), printed);
        List<StoredTrial> trials = Jvmtune.stored(db);
        assertEquals(3, trials.size(), printed);
        assertTrue(trials.stream().anyMatch(t -> t.notes().contains("the system clock went back by")),
                "a trial notes the jump: " + trials.stream().map(StoredTrial::notes).toList());
        assertTrue(printed.contains("warning: the system clock went back by"), printed);
        for (StoredTrial t : trials) {
            assertTrue(t.wallSec() >= 2.5 && t.wallSec() < 60, "wall time of trial " + t.seq() + " is measured on "
                    + "the monotonic clock: " + t.wallSec());
        }
    }

    /** Debian's libfaketime (package libfaketime, installed by .ci/run); outside CI its absence skips the test. */
    private static Path libfaketime() throws Exception {
        try (java.util.stream.Stream<Path> libs = Files.find(Path.of("/usr/lib"), 3, (f, a) ->
                f.getFileName().toString().equals("libfaketime.so.1"))) {
            java.util.Optional<Path> lib = libs.findFirst();
            if (System.getenv("CI") == null) {
                org.junit.jupiter.api.Assumptions.assumeTrue(lib.isPresent(),
                        "libfaketime is not installed (apt-get install faketime; .ci/run does it)");
            }
            return lib.orElseThrow(() -> new IllegalStateException("libfaketime is not installed; .ci/run installs it"));
        }
    }

    private static int storedOf(String db, String id) throws Exception {
        try (dev.jvmtune.lab.store.ResultStore s = dev.jvmtune.lab.store.ResultStore.open(db)) {
            return s.trials(id).size();
        }
    }

    private static long trialLines(Path journal) throws Exception {
        return Files.exists(journal) ? Files.readAllLines(journal).stream()
                .filter(l -> l.contains("\"type\":\"trial\"")).count() : 0;
    }
}
