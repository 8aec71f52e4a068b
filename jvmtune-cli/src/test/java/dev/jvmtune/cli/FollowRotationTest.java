package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.model.GcKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze --follow} on the log of a live JVM that rotates it ({@code filecount=3,filesize=1m}): started before
 * the JVM (which starts once the follower's events file exists) and stopped like Ctrl-C after it (SIGTERM to its
 * process), it must have every pause of the finished files analyzed afterwards - no pause missed across the
 * rotations - and print the same analysis.
 */
class FollowRotationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void followsALogAcrossRotationsWithoutMissingAPause(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("follow.out");
        Path err = dir.resolve("follow.err");
        Path logs = Files.createDirectory(dir.resolve("logs")); // the rotated set alone, to analyze afterwards
        Process follow = LiveJvm.jvmtune(dir, out, err, "analyze", "--follow", "logs/gc.log", "--json", "--interval",
                "1", "--events", "events.jsonl");
        Process jvm;
        try {
            // the follower opens its events file, then looks for the log: started before the JVM, it reads every file
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(dir.resolve("events.jsonl")) && follow.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            // debug level: about 17 KB per collection, so a rotation every 60 collections; on a quiet machine the
            // JVM writes more than the four files hold, and the first files are overwritten (checked below)
            jvm = LiveJvm.start(LiveJvm.JDK17, dir, List.of("-XX:+UseG1GC",
                    "-Xlog:gc*=debug:file=logs/gc.log::filecount=3,filesize=1m"), "--seconds", "5");
            assertTrue(jvm.waitFor(120, TimeUnit.SECONDS), "the workload ends");
            Thread.sleep(1500); // the follower polls every 100 ms; then Ctrl-C reads the rest anyway
            follow.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hook stops the follower and prints
            assertTrue(follow.waitFor(60, TimeUnit.SECONDS), "the follower stops");
        } finally {
            follow.destroyForcibly();
        }
        String stderr = Files.readString(err) + "\nexit " + follow.exitValue() + ", stdout ends "
                + tail(Files.readString(out));
        assertTrue(Files.exists(logs.resolve("gc.log.0")), "the JVM rotated its log: " + list(logs));
        assertTrue(stderr.matches("(?s).*followed logs/gc.log across [1-9]\\d* rotations.*"), stderr);

        // the finished files, analyzed afterwards as a rotated set
        Map<Long, List<LiveJvm.Pause>> finished = LiveJvm.logPauses(logs);
        Map<Long, Integer> followed = new TreeMap<>();
        for (String line : Files.readAllLines(dir.resolve("events.jsonl"))) {
            JsonNode e = JSON.readTree(line);
            if (e.path("type").asText().equals("GcEvent") && GcKind.valueOf(e.path("kind").asText()).isPause()) {
                followed.merge(e.path("gcId").asLong(), 1, Integer::sum);
            }
        }
        // with filecount=3 the JVM overwrites its oldest file from the fourth rotation on
        boolean complete = holdsJvmStart(logs);
        long first = ((TreeMap<Long, List<LiveJvm.Pause>>) finished).firstKey();
        for (Map.Entry<Long, List<LiveJvm.Pause>> id : finished.entrySet()) {
            if (complete || id.getKey() > first) { // a file the JVM overwrote may have cut the first id
                assertEquals(id.getValue().size(), followed.getOrDefault(id.getKey(), 0),
                        "pauses of GC(" + id.getKey() + ") followed and in the finished files");
            }
        }
        // the analysis printed at the end is analyze's over the same pauses
        String printed = Files.readString(out);
        JsonNode doc = JSON.readTree(printed.substring(printed.indexOf("{\n")));
        long count = doc.path("runs").get(0).path("summary").path("pauses").path("count").asLong();
        assertEquals(followed.values().stream().mapToInt(Integer::intValue).sum(), count);
        if (complete) {
            assertEquals(finished.values().stream().mapToInt(List::size).sum(), count,
                    "the follower's analysis counts the finished files' pauses");
        }
        assertTrue(printed.lines().anyMatch(l -> CliRun.isWindowLine(l) && l.contains("\"source\":\"logs/gc.log\"")),
                "live windows: " + printed);
    }

    private static String tail(String s) {
        return s.substring(Math.max(0, s.length() - 400));
    }

    /** Whether a file of the set still holds the JVM's first lines. */
    private static boolean holdsJvmStart(Path logs) throws Exception {
        try (var files = Files.list(logs)) {
            for (Path f : files.toList()) {
                if (Files.readString(f).contains("Using G1")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<String> list(Path dir) throws Exception {
        try (var files = Files.list(dir)) {
            return new ArrayList<>(files.map(p -> p.getFileName().toString()).toList());
        }
    }
}
