package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.lab.store.PostgresServer;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.StoredTrial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kill matrix: experiments and tuning sessions on SQLite and on PostgreSQL, each stopped by {@code kill -9}
 * or SIGTERM at a random point (seeded: {@code -Djvmtune.killMatrix.seed=N} replays one), then resumed. Every
 * trial finished before the stop is kept byte for byte, none is stored twice or run twice, no outcome is
 * jvmtune's doing (every program here exits 0), and no process of a trial is left running. About a minute.
 */
@ExtendWith(PostgresServer.Shared.class)
class KillMatrixTest {

    private static PostgresServer server;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start(PostgresServer shared) throws Exception {
        server = shared;
    }

    /**
     * The SQLite half and the PostgreSQL half run side by side, each its four scenarios in turn: a scenario spends most
     * of its time waiting (for jvmtune's start, the stop's delay, trials that sleep), and none shares a database, a
     * directory or a trial marker with another. The delays are drawn first, in one order, so that a seed replays them.
     */
    @Test
    void stopsAtRandomPointsLoseNothingDuplicateNothingAndLeaveNothingRunning() throws Exception {
        long seed = Long.getLong("jvmtune.killMatrix.seed", System.nanoTime());
        Random random = new Random(seed);
        List<Callable<Void>> halves = new ArrayList<>();
        int n = 0;
        for (boolean postgres : new boolean[] {false, true}) {
            List<Callable<Void>> scenarios = new ArrayList<>();
            for (boolean tune : new boolean[] {false, true}) {
                for (boolean kill : new boolean[] {true, false}) {
                    long delayMs = 1000 + random.nextInt(3500); // jvmtune starts in ~1.5 s; trials follow for 2-4 s
                    String what = (tune ? "tune" : "experiment") + " on " + (postgres ? "PostgreSQL" : "SQLite")
                            + ", " + (kill ? "kill -9" : "SIGTERM") + " after " + delayMs + " ms (seed " + seed + ")";
                    Path dir = Files.createDirectory(tmp.resolve("s" + n++));
                    scenarios.add(() -> {
                        String db = postgres ? server.freshDatabase("kill") : dir.resolve("jvmtune.db").toString();
                        if (tune) {
                            tuneScenario(dir, db, kill, delayMs, what);
                        } else {
                            experimentScenario(dir, db, kill, delayMs, what);
                        }
                        return null;
                    });
                }
            }
            halves.add(() -> {
                for (Callable<Void> scenario : scenarios) {
                    scenario.call();
                }
                return null;
            });
        }
        // a thread each: the common pool may have fewer workers than blocking tasks
        ExecutorService pool = Executors.newFixedThreadPool(halves.size());
        try {
            for (Future<Void> half : pool.invokeAll(halves)) {
                try {
                    half.get();
                } catch (ExecutionException e) { // the scenario's own failure, its first line first
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw (Exception) e.getCause();
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** {@code sh -c SCRIPT MARKER}: the marker names the trial's processes, RUNS gets a line per finished run. */
    private static String script(Path runs, String metrics) {
        return "sleep 0.3; " + metrics + "echo \"$JVMTUNE_METRICS\" >> " + runs;
    }

    private void experimentScenario(Path dir, String db, boolean kill, long delayMs, String what) throws Exception {
        String marker = "jvmtune-kill-" + dir.getFileName() + "-" + System.nanoTime();
        Path runs = dir.resolve("runs.txt");
        Path spec = dir.resolve("k.yaml");
        Files.writeString(spec, """
                name: k
                command: [sh, -c, '%s', %s, "{n}"]
                params:
                  n: [1, 2, 3, 4, 5, 6]
                timeout: 60s
                seed: 9
                """.formatted(script(runs, ""), marker));
        Path out = dir.resolve("out");
        Process p = Jvmtune.start(dir.resolve("first.log"), "experiment", spec.toString(), "--db", db, "--out",
                out.toString());
        Thread.sleep(delayMs);
        Jvmtune.signal(p, kill);
        List<StoredTrial> before = Jvmtune.stored(db);
        assertEquals(List.of(), Jvmtune.awaitNone(marker, 5), what + ": trial processes left running");

        boolean started;
        try (ResultStore s = ResultStore.open(db)) {
            started = !s.experiments().isEmpty();
        }
        CliRun r = started ? CliRun.of("experiment", spec.toString(), "--db", db, "--out", out.toString(), "--resume")
                : CliRun.of("experiment", spec.toString(), "--db", db, "--out", out.toString()); // stopped before
        if (before.size() == 6) { // the stop came after the last trial: nothing to resume
            assertEquals(Main.USAGE, r.exit(), what + ": " + r.err());
        } else {
            assertEquals(Main.OK, r.exit(), what + ": " + r.err());
        }
        List<StoredTrial> after = Jvmtune.stored(db);
        assertEquals(IntStream.rangeClosed(1, 6).boxed().toList(), after.stream().map(StoredTrial::seq).toList(), what);
        Map<Integer, StoredTrial> bySeq = after.stream().collect(Collectors.toMap(StoredTrial::seq, Function.identity()));
        Map<String, Long> ran = Files.readAllLines(runs).stream()
                .collect(Collectors.groupingBy(l -> Path.of(l).getParent().toString(), Collectors.counting()));
        for (StoredTrial t : before) {
            assertEquals(t, bySeq.get(t.seq()), what + ": trial " + t.seq() + " changed");
            assertEquals(1L, ran.get(t.outDir()), what + ": trial " + t.seq() + " ran twice");
        }
        for (StoredTrial t : after) {
            assertEquals("OK", t.outcome(), what + ": trial " + t.seq() + " " + t.notes());
        }
        assertEquals(List.of(), Jvmtune.awaitNone(marker, 5), what + ": trial processes left running");
    }

    private void tuneScenario(Path dir, String db, boolean kill, long delayMs, String what) throws Exception {
        String marker = "jvmtune-kill-" + dir.getFileName() + "-" + System.nanoTime();
        Path runs = dir.resolve("runs.txt");
        Path out = dir.resolve("tune");
        Process p = Jvmtune.start(dir.resolve("first.log"), "tune", "--out", out.toString(), "--db", db, "--goal",
                "metrics.wallSec <= 0.01", "--max-trials", "15", "--", "sh", "-c",
                script(runs, "echo '{\"wallSec\":0.3}' > \"$JVMTUNE_METRICS\"; "), marker);
        Thread.sleep(delayMs);
        Jvmtune.signal(p, kill);
        Path journal = out.resolve("tune.jsonl");
        List<String> before = trialLines(journal);
        List<StoredTrial> storedBefore = tuneTrials(db, journal);
        assertEquals(List.of(), Jvmtune.awaitNone(marker, 5), what + ": trial processes left running");

        boolean started = Files.exists(journal) && Files.readString(journal).contains("\"type\":\"session\"}\n");
        CliRun r = started ? CliRun.of("tune", "--resume", "--out", out.toString()) // else stopped as it started
                : CliRun.of("tune", "--out", out.toString(), "--db", db, "--goal", "metrics.wallSec <= 0.01",
                "--max-trials", "15", "--", "sh", "-c", script(runs, "echo '{\"wallSec\":0.3}' > \"$JVMTUNE_METRICS\"; "),
                marker);
        assertEquals(Main.GOAL_NOT_MET, r.exit(), what + ": " + r.out() + r.err());
        List<String> after = trialLines(journal);
        assertEquals(before, after.subList(0, before.size()), what + ": journaled trials changed");
        List<StoredTrial> stored = tuneTrials(db, journal);
        assertEquals(IntStream.range(0, after.size()).boxed().toList(), stored.stream().map(StoredTrial::seq).toList(),
                what + ": every journaled trial stored once");
        for (StoredTrial t : storedBefore) {
            assertEquals(t, stored.get(t.seq()), what + ": stored trial " + t.seq() + " changed");
        }
        Map<String, Long> ran = Files.readAllLines(runs).stream()
                .collect(Collectors.groupingBy(l -> Path.of(l).getParent().toString(), Collectors.counting()));
        for (StoredTrial t : stored) {
            assertEquals("OK", t.outcome(), what + ": trial " + t.seq() + " " + t.notes());
            String line = after.get(t.seq());
            assertTrue(line.contains("\"seconds\":" + t.wallSec()) && line.contains("\"outcome\":\"OK\""),
                    what + ": the journal and the database disagree on trial " + t.seq() + ": " + line + " / " + t);
        }
        for (StoredTrial t : storedBefore) {
            assertEquals(1L, ran.get(t.outDir()), what + ": trial " + t.seq() + " ran twice");
        }
        assertEquals(List.of(), Jvmtune.awaitNone(marker, 5), what + ": trial processes left running");
    }

    private static List<String> trialLines(Path journal) throws Exception {
        List<String> out = new ArrayList<>();
        if (Files.exists(journal)) {
            for (String l : Files.readAllLines(journal)) {
                if (l.contains("\"type\":\"trial\"")) {
                    out.add(l);
                }
            }
        }
        return out;
    }

    /** The session's trials in the database, under the experiment id its journal names. */
    private static List<StoredTrial> tuneTrials(String db, Path journal) throws Exception {
        String id = null;
        if (Files.exists(journal)) {
            for (String l : Files.readAllLines(journal)) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"experimentId\":\"([^\"]+)\"").matcher(l);
                id = l.contains("\"type\":\"store\"") && m.find() ? m.group(1) : id;
            }
        }
        if (id == null) {
            return List.of();
        }
        try (ResultStore s = ResultStore.open(db)) {
            return s.trials(id);
        }
    }
}
