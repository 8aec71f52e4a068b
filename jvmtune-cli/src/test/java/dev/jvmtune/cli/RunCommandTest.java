package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} and {@code jdks} through the command line. */
class RunCommandTest {

    @TempDir
    Path tmp;

    @Test
    void runsABundledWorkloadAndPrintsItsResult() throws Exception {
        CliRun r = CliRun.of("run", "--jdk", "17", "--flags", "-XX:+UseParallelGC -Xmx128m", "--out",
                tmp.toString(), "--timeout", "2m", "--json", "--workload", "timeseries", "--", "--days", "1");
        assertEquals(Main.OK, r.exit(), r.err());
        JsonNode j = r.json();
        assertEquals("OK", j.path("outcome").asText());
        assertEquals(864_000, j.path("metrics").path("metrics.samples").asLong());
        assertTrue(j.path("metrics").path("gc.pause.count").asLong() > 0, j.toString());
        assertEquals(864_000, j.path("metricsFile").path("samples").asLong());
    }

    /**
     * {@code run --profile}: the profiler's options go in with the trial's flags, and the profile is read from the
     * trial's directory afterwards - the trial's files and the profile's side by side, the categories adding up.
     */
    @Test
    void profilesATrialBesideItsFiles() throws Exception {
        CliRun r = CliRun.of("run", "--profile", "--jdk", "25", "--flags", "-XX:+UseSerialGC -Xmx64m", "--out",
                tmp.toString(), "--timeout", "2m", "--workload", "codecache", "--", "--seconds", "3", "--classes",
                "100");
        assertEquals(Main.OK, r.exit(), r.err());
        assertTrue(r.out().contains("outcome     OK") && r.out().contains("CPU by thread category"), r.out());
        // every figure with its unit, and the next command with absolute paths: it works from any directory
        assertTrue(r.out().lines().anyMatch(l -> l.matches("  rss\\.peakBytes +[0-9.]+ MiB")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("  wallSec +[0-9.]+ s")), r.out());
        assertTrue(r.out().contains("analysis    jvmtune analyze " + tmp.toAbsolutePath().resolve("gc.log")), r.out());
        for (String f : List.of("gc.log", "result.json", "stdout.log", "profile.json", "flamegraph.html",
                "collapsed.txt")) {
            assertTrue(Files.size(tmp.resolve(f)) > 0, f);
        }
        JsonNode p = new ObjectMapper().readTree(tmp.resolve("profile.json").toFile());
        long total = p.path("breakdown").path("total").asLong();
        long sum = 0;
        for (JsonNode c : p.path("breakdown").path("categories")) {
            sum += c.path("value").asLong();
        }
        assertTrue(total > 0, p.toString());
        assertEquals(total, sum);
        assertEquals(1, p.path("jvms").size(), "one JVM's code cache report: " + p.path("notes"));
        assertTrue(p.path("files").path("programOutput").asText().endsWith("stdout.log"), p.toString());
    }

    /**
     * jvmtune's own options may come from an {@code @file}; the program's arguments after {@code --} arrive as typed,
     * its {@code @file}s unread ({@code javac @sources.txt} reads its own).
     */
    @Test
    void argumentFilesAfterTheDashesReachTheProgramAsTyped() throws Exception {
        Path list = tmp.resolve("list.txt");
        Files.writeString(list, "expanded\n");
        Path options = tmp.resolve("options.txt");
        Path out = tmp.resolve("out");
        Files.writeString(options, "--out\n" + out + "\n");
        Path seen = tmp.resolve("seen.txt");
        CliRun r = CliRun.of("run", "@" + options, "--", "sh", "-c", "printf '%s\\n' \"$@\" > " + seen, "sh",
                "@" + list, "@@x", "a@b", "@");
        assertEquals(Main.OK, r.exit(), r.err());
        assertTrue(Files.isRegularFile(out.resolve("result.json")), "--out from the options file: " + r.out());
        assertEquals(List.of("@" + list, "@@x", "a@b", "@"), Files.readAllLines(seen));
    }

    @Test
    void failingProgramIsExitCodeFiveWithItsOutcome() {
        CliRun r = CliRun.of("run", "--out", tmp.toString(), "--", "sh", "-c", "exit 7");
        assertEquals(Main.PROGRAM_FAILED, r.exit(), r.err());
        assertTrue(r.out().contains("FAILED (exit 7)"), r.out());
    }

    @Test
    void wrongCommandLinesSayWhy() {
        CliRun noJdk = CliRun.of("run", "--jdk", "99", "--", "true");
        assertEquals(Main.USAGE, noJdk.exit());
        assertTrue(noJdk.err().contains("no JDK 99 installed"), noJdk.err());
        CliRun noCommand = CliRun.of("run");
        assertEquals(Main.USAGE, noCommand.exit());
        CliRun badTime = CliRun.of("run", "--timeout", "soon", "--", "true");
        assertEquals(Main.USAGE, badTime.exit());
        assertTrue(badTime.err().contains("'soon' is not a duration"), badTime.err());
        CliRun badWorkload = CliRun.of("run", "--out", tmp.toString(), "--workload", "nope");
        assertEquals(Main.USAGE, badWorkload.exit());
        assertTrue(badWorkload.err().contains("unknown workload 'nope'"), badWorkload.err());
    }

    @Test
    void jdksListsBothInstalledJdks() throws Exception {
        CliRun r = CliRun.of("jdks", "--json");
        assertEquals(Main.OK, r.exit());
        java.util.Set<Integer> features = new java.util.HashSet<>();
        assertEquals(1, r.json().path("schemaVersion").asInt(), r.out());
        r.json().path("jdks").forEach(j -> features.add(j.path("feature").asInt()));
        assertTrue(features.containsAll(java.util.Set.of(17, 25)), r.out());
    }
}
