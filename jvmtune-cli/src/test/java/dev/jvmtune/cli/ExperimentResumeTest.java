package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.lab.store.ExperimentRow;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.StoredTrial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a real jvmtune process in the middle of an experiment, then {@code experiment --resume}: every
 * trial stored before the kill is still there, unchanged, and ran exactly once; the rest ran afterwards.
 */
class ExperimentResumeTest {

    @TempDir
    Path tmp;

    @Test
    void killNineThenResumeLosesNothingAndRerunsNothing() throws Exception {
        Path runs = tmp.resolve("runs.txt");
        Path program = tmp.resolve("Slow.java");
        // each trial sleeps, then notes its own trial directory: a rerun would show as a second line
        Files.writeString(program, """
                import java.nio.file.*;
                public class Slow {
                    public static void main(String[] a) throws Exception {
                        Thread.sleep(Long.parseLong(a[0]));
                        Files.writeString(Path.of(a[1]), Path.of(System.getenv("JVMTUNE_METRICS")).getParent() + "\\n",
                                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                    }
                }""");
        // compiled once here: the source launcher would compile it again in every trial
        assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "--release", "17", "-d", tmp.toString(), program.toString()));
        Path spec = tmp.resolve("resume.yaml");
        Files.writeString(spec, """
                name: resume
                jdks: [17]
                command: [java, "{jvmflags}", -cp, "%s", Slow, "{ms}", "%s"]
                flags:
                  small: -Xmx64m
                  large: -Xmx96m
                params:
                  ms: [200, 300]
                repeats: 2
                timeout: 60s
                seed: 3
                """.formatted(tmp, runs));
        Path db = tmp.resolve("jvmtune.db");
        Path out = tmp.resolve("out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process jvmtune = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "experiment", spec.toString(), "--db", db.toString(), "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("first.log").toFile()).start();

        List<StoredTrial> before = List.of();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (before.size() < 3 && System.nanoTime() < deadline && jvmtune.isAlive()) {
            Thread.sleep(100);
            before = stored(db);
        }
        jvmtune.destroyForcibly(); // SIGKILL: no shutdown hook, no clean-up
        jvmtune.waitFor(30, TimeUnit.SECONDS);
        before = stored(db);
        assertTrue(before.size() >= 3 && before.size() < 8, "killed mid-experiment with " + before.size()
                + " trials stored; its output: " + Files.readString(tmp.resolve("first.log")));

        CliRun resumed = CliRun.of("experiment", spec.toString(), "--db", db.toString(), "--out", out.toString(),
                "--resume");
        assertEquals(Main.OK, resumed.exit(), resumed.err());
        assertTrue(resumed.err().contains(before.size() + " already stored, resuming"), resumed.err());

        List<StoredTrial> after = stored(db);
        assertEquals(IntStream.rangeClosed(1, 8).boxed().toList(), after.stream().map(StoredTrial::seq).toList());
        assertTrue(after.stream().allMatch(t -> t.outcome().equals("OK")), after.toString());
        Map<Integer, StoredTrial> bySeq = after.stream().collect(Collectors.toMap(StoredTrial::seq, Function.identity()));
        for (StoredTrial t : before) {
            assertEquals(t, bySeq.get(t.seq()), "trial " + t.seq() + " kept as it was stored before the kill");
        }
        Map<String, Long> ranTimes = Files.readAllLines(runs).stream()
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        for (StoredTrial t : after) {
            assertTrue(ranTimes.containsKey(t.outDir()), "trial " + t.seq() + " ran");
        }
        for (StoredTrial t : before) {
            assertEquals(1L, ranTimes.get(t.outDir()), "trial " + t.seq() + " finished before the kill ran once");
        }
        assertTrue(resumed.out().contains("experiment resume-1: 8 trials measured (OK 8)"), resumed.out());
    }

    private static List<StoredTrial> stored(Path db) throws Exception {
        if (!Files.exists(db)) {
            return List.of();
        }
        try (ResultStore s = ResultStore.open(db.toString())) {
            List<ExperimentRow> rows = s.experiments();
            return rows.isEmpty() ? List.of() : s.trials(rows.get(0).id());
        }
    }
}
