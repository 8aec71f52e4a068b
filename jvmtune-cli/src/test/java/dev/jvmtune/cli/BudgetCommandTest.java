package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code budget} on two real trials of a bundled workload (its heap at 128 and 384 MiB): a prediction whose terms add
 * up, a limit too small said in one line with by how much, and a limit proved in a real memory cgroup.
 */
class BudgetCommandTest {

    @TempDir
    static Path tmp;

    private static String small;
    private static String large;

    @BeforeAll
    static void measure() {
        small = tmp.resolve("small").toString();
        large = tmp.resolve("large").toString();
        for (String[] r : new String[][] {{small, "-Xmx128m"}, {large, "-Xmx384m"}}) {
            CliRun run = CliRun.of("run", "--jdk", "17", "--flags", r[1] + " -XX:+UseG1GC", "--out", r[0], "--timeout",
                    "2m", "--workload", "timeseries", "--", "--days", "2");
            assertEquals(Main.OK, run.exit(), run.err());
            assertTrue(run.out().contains("Footprint") && run.out().contains("footprint.json"), run.out());
            assertTrue(run.out().contains("NMT at"), "Native Memory Tracking sampled: " + run.out());
        }
    }

    @Test
    void predictsTheFlagsRssAsTermsThatAddUp() throws Exception {
        CliRun r = CliRun.of("budget", "--from", small, "--from", large, "--flags", "-Xmx192m -XX:+UseG1GC", "--json");
        assertEquals(Main.OK, r.exit(), r.err());
        JsonNode p = r.json().path("prediction");
        long sum = 0;
        for (JsonNode t : p.path("terms")) {
            sum += t.path("bytes").asLong();
            assertTrue(t.path("arithmetic").asText().length() > 5, t.toString());
            assertTrue(t.path("basis").asText().matches("measured|JDK default|assumed"), t.toString());
        }
        assertEquals(p.path("rssBytes").asLong(), sum);
        long lo = Long.MAX_VALUE;
        long hi = 0;
        for (JsonNode run : r.json().path("runs")) {
            lo = Math.min(lo, run.path("rssPeakBytes").asLong());
            hi = Math.max(hi, run.path("rssPeakBytes").asLong());
        }
        assertTrue(p.path("rssBytes").asLong() > lo * 0.7 && p.path("rssBytes").asLong() < hi * 1.3,
                "a heap between the runs' gives an RSS near theirs: " + p.path("rssBytes") + " vs " + lo + ".." + hi);
        CliRun text = CliRun.of("budget", "--from", small, "--from", large, "--flags", "-Xmx192m -XX:+UseG1GC");
        assertTrue(text.out().contains("Predicted peak RSS") && text.out().contains("Java heap (resident)")
                && text.out().contains("JDK default"), text.out());
    }

    @Test
    void aLimitTooSmallIsSaidWithByHowMuch() {
        CliRun r = CliRun.of("budget", "--from", small, "--limit", "48m");
        assertEquals(Main.NOT_ANALYZABLE, r.exit(), r.err());
        assertTrue(r.oneErrorLine().matches("jvmtune: the limit 48\\.0 MiB is too small by [0-9.]+ MiB: .*give at "
                + "least [0-9.]+ MiB"), r.err());
    }

    @Test
    void wrongInputsAreOneLine() {
        CliRun none = CliRun.of("budget", "--from", small);
        assertEquals(Main.USAGE, none.exit());
        assertTrue(none.oneErrorLine().contains("--flags") && none.oneErrorLine().contains("--limit"), none.err());
        CliRun missing = CliRun.of("budget", "--from", tmp.resolve("nothing").toString(), "--flags", "-Xmx1g");
        assertEquals(Main.INPUT_ERROR, missing.exit());
        assertTrue(missing.oneErrorLine().contains("not the directory of a finished jvmtune trial"), missing.err());
    }

    /**
     * The proof's program that does not end OK is 5; Ctrl-C while it runs is 130, and it is killed; a limit to prove on
     * a machine without a memory cgroup jvmtune can write is 4. Each prints the prediction, into a full device and a
     * closed pipe too.
     */
    @Test
    void aProofThatCannotHoldIsItsCode() throws Exception {
        Process withoutCgroups = WithoutCgroups.start(tmp, "cgroup", "budget", "--from", small, "--limit", "384m",
                "--prove", "--out", tmp.resolve("cgroup").toString()); // its own JVM, beside the others
        CliRun oom = CliRun.of("budget", "--from", small, "--flags", "-Xmx8m -XX:+ExitOnOutOfMemoryError", "--prove",
                "--out", tmp.resolve("oom").toString());
        assertEquals(Main.PROGRAM_FAILED, oom.exit(), oom.err());
        assertTrue(oom.out().contains("outcome     OOM"), oom.out());

        // the proof's JVM waits at its start for a file nobody removes (HotSpot's PauseAtStartup): it runs until stopped
        String stopped = tmp.resolve("stopped").toString();
        String waits = "-Xmx128m -XX:+UnlockDiagnosticVMOptions -XX:+PauseAtStartup -XX:PauseAtStartupFile="
                + tmp.resolve("paused");
        assertEquals(List.of(), ErrorConditionsTest.stoppedByCtrlC(tmp, List.of(new ErrorConditionsTest.Stop(stopped
                + "/", "not a result", "budget", "--from", small, "--flags", waits, "--prove", "--out", stopped))));

        CliRun noCgroup = WithoutCgroups.ended(withoutCgroups, tmp, "cgroup");
        assertEquals(Main.NOT_ANALYZABLE, noCgroup.exit(), noCgroup.err());
        assertTrue(noCgroup.err().lines().anyMatch(l -> l.startsWith("jvmtune: ") && l.contains("cgroup")),
                noCgroup.err());

        for (String device : List.of("full", "pipe")) {
            assertEquals(List.of(), StandardOutputTest.unwritable(device, Main.OK, List.of("budget", "--from", small,
                    "--flags", "-Xmx192m")));
        }
    }

    @Test
    void theSizingHoldsInARealCgroupOfItsLimit() throws Exception {
        Optional<String> why = dev.jvmtune.lab.run.TrialRunner.memoryLimitUnavailable();
        Assumptions.assumeTrue(why.isEmpty(), () -> "no writable memory cgroup here: " + why.orElse(""));
        CliRun r = CliRun.of("budget", "--from", small, "--from", large, "--limit", "384m", "--cpus", "2", "--prove",
                "--out", tmp.resolve("proof").toString(), "--json");
        assertEquals(Main.OK, r.exit(), r.err());
        JsonNode s = r.json().path("sizing");
        assertTrue(s.path("fits").asBoolean());
        assertTrue(s.path("flags").toString().contains("-XX:MaxMetaspaceSize="), s.toString());
        JsonNode proof = r.json().path("proof");
        assertEquals("OK", proof.path("outcome").asText(), proof.toString());
        assertEquals(0, proof.path("oomKills").asLong());
        assertTrue(proof.path("cgroupPeakBytes").asLong() <= 384L << 20, proof.toString());
        assertTrue(Math.abs(proof.path("errorPct").asDouble()) < 50, "predicted against measured: " + proof);
    }
}
