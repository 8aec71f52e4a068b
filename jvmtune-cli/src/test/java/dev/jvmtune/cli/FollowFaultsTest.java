package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.input.GcLogStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze --follow} as a real process, on a log that the test writes, truncates and rotates the ways a JVM and
 * logrotate do: it reads what is written again after a truncation from its start, as a new run where the clock goes
 * back; it finds every file that several rotations between two of its looks left (the follower is stopped with
 * SIGSTOP meanwhile, so they are between two looks), names the collections of a rotated file deleted before it could
 * be read; and the analysis it prints equals {@code analyze} of the bytes it read. A full disk under {@code --events}
 * is one line and exit code 3. Each step waits for the follower's window line that shows it has read everything;
 * then SIGTERM (exit code 143) or Ctrl-C (130) stops it, and it prints the analysis either way.
 */
class FollowFaultsTest {

    private static final Path LOG = Path.of(System.getProperty("jvmtune.root", ".."),
            "examples/logs/g1-debug-jdk17.log.gz");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern GC_ID = Pattern.compile("GC\\((\\d+)\\)");
    private static List<String> lines;

    @TempDir
    Path dir;

    @BeforeAll
    static void read() throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(LOG))) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Test
    void aTruncatedLogIsReadAgainFromItsStartAsANewRun() throws Exception {
        String all = text(0, lines.size());
        String head = text(0, 2000); // 0.004 s to 0.170 s
        String half = text(2557, lines.size()); // 0.203 s to 0.356 s
        write("gc.log", all);
        Follower f = new Follower("gc.log");
        try {
            f.awaitRead(lastSec(all), 0);
            // refilled with the second half: its clock goes back by less than the 0.25 s a log may step back by
            // within one JVM, but after a truncation that is a new run
            write("gc.log", half);
            f.awaitRead(lastSec(half), 1);
            // a restarted JVM's first 2,000 lines: its clock goes back to 0
            write("gc.log", head);
            f.awaitRead(lastSec(head), 2);
        } finally {
            f.stop("TERM");
        }
        assertEquals(Main.TERMINATED, f.process.exitValue(), () -> "analyze --follow stopped by SIGTERM ended with "
                + f.process.exitValue() + ": " + f.err());
        assertEquals(2, f.err().lines().filter(l -> l.matches("jvmtune: gc\\.log was truncated after [\\d,]+ bytes "
                + "were read \\(now [\\d,]+ bytes\\): reading it again from its start")).count(), f.err());
        JsonNode each = analyze(write("all.log", all), write("half.log", half), write("head.log", head));
        assertEquals(summaries(each), summaries(f.analysis()), "the runs of analyze over each content read");
    }

    @Test
    void threeRotationsBetweenTwoLooksAreFollowedInOrder() throws Exception {
        List<String> parts = quarters();
        write("gc.log", parts.get(0));
        Follower f = new Follower("gc.log");
        try {
            f.awaitOpen("gc.log");
            f.signal("STOP");
            for (int p = 1; p < 4; p++) { // logrotate's order: gc.log.1 -> gc.log.2, gc.log.0 -> gc.log.1, ...
                for (int k = 1; k >= 0; k--) {
                    rename("gc.log." + k, "gc.log." + (k + 1));
                }
                rename("gc.log", "gc.log.0");
                write("gc.log", parts.get(p));
            }
            f.signal("CONT");
            f.awaitRead(lastSec(String.join("", parts)), 0);
        } finally {
            f.stop("INT");
        }
        assertEquals(Main.INTERRUPTED, f.process.exitValue(), () -> "analyze --follow stopped by Ctrl-C ended with "
                + f.process.exitValue() + ": " + f.err());
        assertEquals("jvmtune: followed gc.log across 3 rotations", f.err().strip());
        assertEquals(summaries(analyze(write("g1.log", String.join("", parts)))), summaries(f.analysis()));
    }

    @Test
    void aRotatedFileDeletedBeforeItWasReadIsNamedByItsCollections() throws Exception {
        List<String> parts = quarters();
        write("gc.log", parts.get(0));
        String kept = parts.get(0) + parts.get(2) + parts.get(3);
        Follower f = new Follower("gc.log");
        try {
            f.awaitOpen("gc.log");
            f.signal("STOP");
            for (int p = 1; p < 4; p++) { // filecount=1: the file rotated the time before is deleted
                Files.deleteIfExists(dir.resolve("gc.log.0"));
                rename("gc.log", "gc.log.0");
                write("gc.log", parts.get(p));
            }
            f.signal("CONT");
            f.awaitRead(lastSec(kept), 0);
        } finally {
            f.stop("TERM");
        }
        TreeSet<Long> lost = ids(parts.get(1));
        lost.removeAll(ids(kept));
        assertEquals(lost.last() - lost.first() + 1, lost.size(), "the lost part holds consecutive ids: " + lost);
        assertTrue(f.err().contains("jvmtune: GC(" + lost.first() + ") to GC(" + lost.last() + ") of gc.log were not "
                + "read: the rotated files that held them were deleted (the log's filecount) before they could be "
                + "read; reading on from gc.log.0\n"), f.err());
        assertEquals(summaries(analyze(write("kept.log", kept))), summaries(f.analysis()));
    }

    @Test
    void eventsOnAFullDiskAreOneLineAndExitCode3() throws Exception {
        write("gc.log", text(0, lines.size()));
        try (SmallTmpfs fs = SmallTmpfs.mount(dir.resolve("fs"), "64k")) {
            fs.fill();
            Path events = fs.dir().resolve("events.jsonl");
            // the events of the log are more than the 64 KiB buffered: writing them fails while the log is read
            Follower f = new Follower("gc.log", "--for", "60", "--events", events.toString());
            assertTrue(f.process.waitFor(50, TimeUnit.SECONDS), "stopped at the failure, not after --for");
            assertEquals(Main.INPUT_ERROR, f.process.exitValue(), f.err());
            assertEquals("jvmtune: cannot write " + events + ": disk full", f.err().strip());
        }
    }

    /** {@code jvmtune analyze --follow LOG --json} in a process of its own. */
    private final class Follower {
        final Process process;
        final Path out;
        final Path err;
        /** Window lines already taken by a wait. */
        int seen;

        Follower(String log, String... more) throws IOException {
            out = dir.resolve("follow.out");
            err = dir.resolve("follow.err");
            List<String> args = new ArrayList<>(List.of("analyze", "--follow", log, "--json", "--interval", "0.2"));
            args.addAll(List.of(more));
            process = LiveJvm.jvmtune(dir, out, err, args.toArray(String[]::new));
        }

        /**
         * Waits until everything written is read: a window line, printed after the follower said the log was truncated
         * {@code truncations} times, that ends at the log's last time ({@code lastSec}), which a window does once the
         * log has not grown for 2 s.
         */
        void awaitRead(double lastSec, int truncations) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            int from = -1;
            while (System.nanoTime() < deadline) {
                String printed = Files.readString(out);
                List<String> done = printed.substring(0, printed.lastIndexOf('\n') + 1).lines().toList();
                if (from < 0 && err().split("was truncated", -1).length > truncations) {
                    // a window taken before the truncation may be printed after it: one at most
                    from = Math.max(seen, truncations > 0 ? done.size() + 1 : 0);
                }
                for (int i = Math.max(from, 0); from >= 0 && i < done.size(); i++) {
                    if (CliRun.isWindowLine(done.get(i))
                            && Math.abs(JSON.readTree(done.get(i)).path("toSec").asDouble() - lastSec) < 0.0005) {
                        seen = i + 1;
                        return;
                    }
                }
                assertTrue(process.isAlive(), "the follower ended: " + err());
                Thread.sleep(50);
            }
            throw new AssertionError("no window up to " + lastSec + " s after " + truncations + " truncations: "
                    + err());
        }

        /** Waits until the follower holds the file {@code name} open. */
        void awaitOpen(String name) throws Exception {
            Path fds = Path.of("/proc", String.valueOf(process.pid()), "fd");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                try (var open = Files.list(fds)) {
                    if (open.anyMatch(fd -> {
                        try {
                            return Files.readSymbolicLink(fd).equals(dir.resolve(name).toAbsolutePath());
                        } catch (IOException closed) {
                            return false;
                        }
                    })) {
                        return;
                    }
                }
                assertTrue(process.isAlive(), "the follower ended: " + err());
                Thread.sleep(20);
            }
            throw new AssertionError(name + " not opened: " + err());
        }

        /** SIGSTOP, and waits until every thread is stopped; or SIGCONT. */
        void signal(String name) throws Exception {
            assertEquals(0, new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).start().waitFor());
            Path tasks = Path.of("/proc", String.valueOf(process.pid()), "task");
            while (name.equals("STOP") && !allStopped(tasks)) {
                Thread.sleep(10);
            }
        }

        private static boolean allStopped(Path tasks) throws IOException {
            try (var threads = Files.list(tasks)) {
                return threads.allMatch(t -> {
                    try {
                        String stat = Files.readString(t.resolve("stat"));
                        return stat.substring(stat.lastIndexOf(')') + 2).startsWith("T");
                    } catch (IOException gone) {
                        return true;
                    }
                });
            }
        }

        /**
         * SIGTERM or SIGINT (Ctrl-C): the follower reads what is written and prints the analysis; its exit code is
         * watch's, 143 and 130.
         */
        void stop(String signal) throws Exception {
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).start().waitFor());
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the follower did not stop on SIG" + signal + ": " + err());
            }
        }

        String err() {
            try {
                return Files.readString(err);
            } catch (IOException e) {
                return e.toString();
            }
        }

        /** The document printed after the window lines. */
        JsonNode analysis() throws IOException {
            String printed = Files.readString(out);
            return JSON.readTree(printed.substring(printed.indexOf("{\n")));
        }
    }

    private static JsonNode analyze(Path... logs) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "-q", "--json"));
        for (Path p : logs) {
            args.add(p.toString());
        }
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(Main.OK, r.exit(), r.err());
        return r.json();
    }

    private static List<JsonNode> summaries(JsonNode doc) {
        List<JsonNode> out = new ArrayList<>();
        doc.path("runs").forEach(r -> out.add(r.path("summary")));
        assertFalse(out.isEmpty(), "runs in " + doc);
        return out;
    }

    /** The last time of a log, as the reader sees it. */
    private double lastSec(String log) throws IOException {
        try (GcLogStream s = GcLogStream.openFile(write("last.log", log))) {
            s.start(e -> {
            });
            return s.lastTimestampSec();
        }
    }

    private static TreeSet<Long> ids(String log) {
        TreeSet<Long> ids = new TreeSet<>();
        Matcher m = GC_ID.matcher(log);
        while (m.find()) {
            ids.add(Long.parseLong(m.group(1)));
        }
        return ids;
    }

    private static String text(int from, int to) {
        return String.join("\n", lines.subList(from, to)) + "\n";
    }

    /**
     * The log in four parts, each ending after a collection's CPU line (the last line of a pause: a pause read up to it
     * is passed on at once).
     */
    private static List<String> quarters() {
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int q = 1; q <= 4; q++) {
            int to = q == 4 ? lines.size() : q * lines.size() / 4;
            while (to < lines.size() && !lines.get(to - 1).contains("[gc,cpu")) {
                to++;
            }
            parts.add(text(from, to));
            from = to;
        }
        return parts;
    }

    /** Writes a file whole, truncating what it held (as {@code : > f; cat new >> f} in one step). */
    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private void rename(String from, String to) throws IOException {
        if (Files.exists(dir.resolve(from))) {
            Files.move(dir.resolve(from), dir.resolve(to), StandardCopyOption.ATOMIC_MOVE);
        }
    }
}
