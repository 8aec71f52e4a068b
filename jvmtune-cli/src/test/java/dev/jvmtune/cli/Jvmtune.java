package dev.jvmtune.cli;

import dev.jvmtune.lab.store.ExperimentRow;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.StoredTrial;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** jvmtune as a real process (to be killed, signalled, given a small heap), and what its trials left running. */
final class Jvmtune {

    private Jvmtune() {
    }

    /**
     * Starts {@code jvmtune ARGS} with its output in {@code log}.
     *
     * @param jvmOptions options for jvmtune's own JVM (-Xmx64m)
     */
    static Process start(Path log, Map<String, String> env, List<String> jvmOptions, String... args)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command(jvmOptions, args)).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    /**
     * The command line of {@code jvmtune ARGS} in a JVM of its own, SIGINT reset to its default as a terminal's Ctrl-C
     * finds it: a shell's background job, which may have started these tests, ignores it, and a JVM that inherits
     * that ignores Ctrl-C.
     */
    static List<String> command(List<String> jvmOptions, String... args) {
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    static Process start(Path log, String... args) throws IOException {
        return start(log, Map.of(), List.of(), args);
    }

    /** Runs {@code jvmtune ARGS} to its end (at most 5 minutes); its exit code. */
    static int run(Path log, Map<String, String> env, List<String> jvmOptions, String... args) throws Exception {
        Process p = start(log, env, jvmOptions, args);
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("jvmtune " + String.join(" ", args) + " did not end: " + Files.readString(log));
        }
        return p.exitValue();
    }

    /** Running processes (zombies excluded) whose command line contains {@code marker}. */
    static List<Long> running(String marker) throws IOException {
        List<Long> out = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path dir : procs) {
                try {
                    String cmdline = new String(Files.readAllBytes(dir.resolve("cmdline")), StandardCharsets.UTF_8);
                    String stat = Files.readString(dir.resolve("stat"));
                    if (cmdline.contains(marker) && !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z")) {
                        out.add(Long.parseLong(dir.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile
                }
            }
        }
        return out;
    }

    /** Waits up to {@code seconds} until no process with {@code marker} runs; those still running. */
    static List<Long> awaitNone(String marker, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Long> left = running(marker);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = running(marker);
        }
        return left;
    }

    /** Kills what a test left behind (only on failure: the product must have done it). */
    static void killAll(String marker) throws IOException {
        for (long pid : running(marker)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** The trials stored of the first experiment in the database; none when there is none yet. */
    static List<StoredTrial> stored(String db) throws Exception {
        if (!db.startsWith("jdbc:") && !Files.exists(Path.of(db))) {
            return List.of();
        }
        try (ResultStore s = ResultStore.open(db)) {
            List<ExperimentRow> rows = s.experiments();
            return rows.isEmpty() ? List.of() : s.trials(rows.get(0).id());
        }
    }

    /** Polls until {@code n} trials are stored or the process ends (at most 2 minutes). */
    static List<StoredTrial> awaitStored(String db, int n, Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        List<StoredTrial> t = stored(db);
        while (t.size() < n && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            t = stored(db);
        }
        return t;
    }

    /** Sends SIGTERM ({@link Process#destroy}) or SIGKILL and waits for the end. */
    static void signal(Process p, boolean kill) throws InterruptedException {
        if (kill) {
            p.destroyForcibly();
        } else {
            p.destroy();
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("jvmtune did not stop on " + (kill ? "SIGKILL" : "SIGTERM"));
        }
    }
}
