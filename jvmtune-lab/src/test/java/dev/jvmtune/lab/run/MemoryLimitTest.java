package dev.jvmtune.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.HostProbe;
import dev.jvmtune.lab.TestPrograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trials in a real memory cgroup of their own: a program that fits its limit ends OK with the cgroup's peak charge,
 * one that does not is ended by the kernel's OOM killer and says so; the cgroup is gone afterwards. Where this
 * machine has no memory cgroup jvmtune can write, the tests are skipped with the reason, and a trial asking for a
 * limit is refused in one line.
 */
class MemoryLimitTest {

    private static final long MIB = 1 << 20;

    @TempDir
    Path tmp;

    private static void assumeWritableCgroups() {
        Optional<String> why = TrialRunner.memoryLimitUnavailable();
        Assumptions.assumeTrue(why.isEmpty(), () -> "no writable memory cgroup here: " + why.orElse(""));
    }

    private TrialResult hold(long limit, int heapMib, String dir) throws Exception {
        return new TrialRunner().run(new TrialSpec(TrialRunnerTest.JDKS.resolve("17"), List.of("-XX:+UseSerialGC",
                "-Xmx512m", "-Xms512m"), new Program.Command(TestPrograms.command("Hold", Integer.toString(heapMib), "0",
                "0", "300")), Duration.ofSeconds(60), tmp.resolve(dir), false, Map.of(),
                new TrialSpec.Memory(true, limit)));
    }

    @Test
    void aProgramWithinItsLimitEndsOkAndOneAboveItIsOomKilled() throws Exception {
        assumeWritableCgroups();
        TrialResult fits = hold(256 * MIB, 32, "fits");
        assertEquals(Outcome.OK, fits.outcome(), fits.notes().toString());
        assertEquals(256.0 * MIB, fits.metric(Metrics.CGROUP_LIMIT));
        assertEquals(0, fits.metric(Metrics.CGROUP_OOM_KILLS));
        double peak = fits.metric(Metrics.CGROUP_PEAK);
        assertTrue(peak > 32 * MIB && peak <= 256 * MIB, "charged for its 32 MiB, within the limit: " + peak);
        assertEquals(256 * MIB, fits.footprint().resident().cgroupLimitBytes());

        TrialResult over = hold(96 * MIB, 200, "over");
        assertEquals(Outcome.OOM_KILLED, over.outcome(), over.notes().toString());
        assertEquals(137, over.exitCode(), "SIGKILL");
        assertTrue(over.metric(Metrics.CGROUP_OOM_KILLS) >= 1);
        assertTrue(over.notes().stream().anyMatch(n -> n.contains("OOM killer") && n.contains("96 MiB")),
                over.notes().toString());
        assertTrue(Files.readString(tmp.resolve("over/result.json")).contains("\"OOM_KILLED\""));

        // each trial's cgroup is removed with it: the one the program ran in (v1 "N:memory:/PATH", else v2 "0::/PATH")
        HostFacts.Cgroup own = HostProbe.local().cgroup();
        List<String> lines = Files.readAllLines(tmp.resolve("fits/stdout.log"));
        String line = lines.stream().filter(l -> l.matches("\\d+:([^:]*,)?memory(,[^:]*)?:.*")).findFirst()
                .orElseGet(() -> lines.stream().filter(l -> l.startsWith("0::")).findFirst().orElseThrow());
        String ranIn = line.substring(line.lastIndexOf('/') + 1);
        assertTrue(ranIn.startsWith("jvmtune-"), "a cgroup of its own: " + ranIn);
        assertFalse(Files.exists(Path.of(own.memoryDir(), ranIn)), ranIn + " left in " + own.memoryDir());
    }

    @Test
    void withoutAMemoryCgroupALimitIsRefusedInOneLine() {
        HostFacts.Cgroup none = new HostFacts.Cgroup(0, null, -1, -1, -1, null, -1, null);
        MemoryLimitUnavailableException e = assertThrows(MemoryLimitUnavailableException.class,
                () -> MemoryCgroup.create(none, "jvmtune-test", 64 * MIB));
        assertTrue(e.getMessage().startsWith("no memory cgroup here"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        HostFacts.Cgroup readOnly = new HostFacts.Cgroup(1, "/", -1, -1, -1, null, -1,
                tmp.resolve("missing/cgroup").toString());
        e = assertThrows(MemoryLimitUnavailableException.class, () -> MemoryCgroup.create(readOnly, "x", 64 * MIB));
        assertTrue(e.getMessage().startsWith("cannot create a memory cgroup in"), e.getMessage());
    }
}
