package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every way {@code watch PID} ends leaves no recording of its own in the watched JVM (JDK 17 and 25), as
 * {@code jcmd PID JFR.check} lists them: {@code --for}, SIGINT, SIGTERM, and SIGKILL of the watcher once the
 * recording's bound (10 s) has passed. A signal ends the watch within a second; the watched JVM's exit ends it too.
 *
 * <p>One watched JVM serves all endings, and the watchers start together: the SIGKILL comes first, and its bound
 * passes while the others run. Each signal is sent once its watch has shown a window, as a user stops a watch, so that
 * the time measured is the stopping, not jvmtune's start; each ending must take exactly one recording off the list.
 */
class WatchEndingsTest {

    private static final Pattern RECORDING = Pattern.compile("Recording (\\d+): name=jvmtune-watch");
    /** {@code RecordingLease.BOUND}, and the time its timer may take beyond it. */
    private static final long BOUND_MS = 10_000;
    private static final long TIMER_SLACK_MS = 2_000;

    @ParameterizedTest
    @ValueSource(ints = {17, 25})
    void everyEndingClosesTheRecording(int feature, @TempDir Path dir) throws Exception {
        Path jdk = feature == 17 ? LiveJvm.JDK17 : LiveJvm.JDK25;
        // a service paced at a few collections a second
        Process target = LiveJvm.start(jdk, dir, List.of("-XX:+UseG1GC"), "--seconds", "120", "--ops-per-sec",
                "10000");
        try {
            Watcher killed = Watcher.start(dir, "kill", target);
            killed.awaitView();
            Set<Long> killedIds = recordings(jdk, target);
            assertEquals(1, killedIds.size(), "the watch's recording runs");
            killed.process.destroyForcibly();
            long killedAt = System.currentTimeMillis();
            assertTrue(killed.process.waitFor(10, TimeUnit.SECONDS));

            Watcher timed = Watcher.start(dir, "for", target, "--for", "3");
            Map<String, Watcher> signalled = new LinkedHashMap<>();
            for (String signal : List.of("INT", "TERM")) {
                signalled.put(signal, Watcher.start(dir, signal, target));
            }
            Watcher orphan = Watcher.start(dir, "exit", target);
            assertTrue(timed.process.waitFor(60, TimeUnit.SECONDS), "--for 3 ends");
            assertEquals(0, timed.process.exitValue(), timed.stderr());
            for (Watcher w : signalled.values()) {
                w.awaitView();
            }
            orphan.awaitView();
            Set<Long> running = recordings(jdk, target);
            running.removeAll(killedIds);
            assertEquals(3, running.size(), "--for left no recording; one per running watch: " + running);

            for (Map.Entry<String, Watcher> e : signalled.entrySet()) {
                String how = "SIG" + e.getKey();
                Process w = e.getValue().process;
                e.getValue().awaitWindow();
                assertEquals(0, new ProcessBuilder("kill", "-" + e.getKey(), Long.toString(w.pid())).start()
                        .waitFor());
                long sent = System.nanoTime(); // kill has signalled: what it took to start is not the watch's
                assertTrue(w.waitFor(20, TimeUnit.SECONDS), how + " ends the watch");
                double sec = (System.nanoTime() - sent) / 1e9;
                System.out.printf(Locale.ROOT, "JDK %d: %s ended the watch in %.3f s%n", feature, how, sec);
                assertEquals(e.getKey().equals("INT") ? 130 : 143, w.exitValue(), how + ": " + e.getValue().stderr());
                assertTrue(sec < 1.0, how + ": exit " + sec + " s after the signal, within 1 s");
                assertTrue(e.getValue().stderr().isBlank(), how + ": nothing on stderr: " + e.getValue().stderr());
                Set<Long> now = recordings(jdk, target);
                now.removeAll(killedIds);
                assertTrue(running.containsAll(now) && now.size() == running.size() - 1,
                        how + ": its recording closed, the others running: " + running + " then " + now);
                running = now;
            }

            long left = killedAt + BOUND_MS + TIMER_SLACK_MS - System.currentTimeMillis();
            if (left > 0) {
                Thread.sleep(left);
            }
            assertEquals(running, recordings(jdk, target), "after SIGKILL and the bound, the killed watch's "
                    + killedIds + " gone: only the running watch's left");

            target.destroy();
            assertTrue(target.waitFor(30, TimeUnit.SECONDS));
            assertTrue(orphan.process.waitFor(10, TimeUnit.SECONDS), "the watched JVM's exit ends the watch");
            assertEquals(0, orphan.process.exitValue(), orphan.stderr());
        } finally {
            target.destroyForcibly();
        }
    }

    /** A {@code watch} of the target in a JVM of its own, its output in files. */
    private record Watcher(Process process, Path out, Path err) {

        static Watcher start(Path dir, String name, Process target, String... more) throws IOException {
            Path out = dir.resolve(name + ".out");
            Path err = dir.resolve(name + ".err");
            List<String> args = new ArrayList<>(List.of("watch", Long.toString(target.pid())));
            args.addAll(List.of(more));
            return new Watcher(LiveJvm.jvmtune(dir, out, err, args.toArray(String[]::new)), out, err);
        }

        /** Waits for the first view: the recording runs, and so does the watch's loop. */
        void awaitView() throws Exception {
            await("", "the view printed");
        }

        /**
         * Waits for the first window of figures, about 6 s after the view began: the watch has run each of its steps
         * once, as one a user stops has.
         */
        void awaitWindow() throws Exception {
            await("jvmtune watching", "a window shown");
        }

        private void await(String text, String what) throws Exception {
            long end = System.currentTimeMillis() + 60_000;
            while (Files.size(out) == 0 || !Files.readString(out).contains(text)) {
                assertTrue(System.currentTimeMillis() < end && process.isAlive(), what + ": " + stderr());
                Thread.sleep(50);
            }
        }

        String stderr() throws IOException {
            return Files.readString(err);
        }
    }

    /** The ids of the {@code jvmtune-watch} recordings {@code jcmd PID JFR.check} lists. */
    private static Set<Long> recordings(Path jdk, Process target) throws Exception {
        String text = LiveJvm.jcmd(jdk, target, "JFR.check");
        assertTrue(text.contains("Recording") || text.contains("No available recordings"), text);
        Set<Long> ids = new TreeSet<>();
        Matcher m = RECORDING.matcher(text);
        while (m.find()) {
            ids.add(Long.parseLong(m.group(1)));
        }
        return ids;
    }
}
