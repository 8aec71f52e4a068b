package dev.jvmtune.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.HostProbe;
import dev.jvmtune.lab.TestPrograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Real JVMs of JDK 17 and 25 through the runner: every outcome, the metrics, both ways flags reach the JVM. */
class TrialRunnerTest {

    static final JdkChoice JDKS = new JdkChoice(HostProbe.local().probe());

    @TempDir
    Path tmp;

    private TrialResult run(String jdk, List<String> flags, Program program, Duration timeout) throws Exception {
        HostFacts.Jdk j = JDKS.resolve(jdk);
        return new TrialRunner().run(new TrialSpec(j, flags, program, timeout, tmp.resolve("t"), false,
                Map.of("answer", "answer: ([0-9.]+) ms")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void okTrialHasGcFileAndStdoutMetrics(String jdk) throws Exception {
        TrialResult r = run(jdk, List.of("-XX:+UseG1GC", "-Xmx64m"),
                new Program.Command(TestPrograms.command("Fine", "300")), Duration.ofSeconds(60));
        assertEquals(Outcome.OK, r.outcome(), r.notes().toString());
        assertEquals(0, r.exitCode());
        assertTrue(r.wallSec() > 0.3, "ran at least its 300 ms: " + r.wallSec());
        assertTrue(r.peakRssBytes() > 10 << 20 && r.peakRssBytes() < 2L << 30, "peak RSS " + r.peakRssBytes());
        assertEquals(r.peakRssBytes(), r.metric(Metrics.RSS_PEAK));
        // the explicit System.gc() is a full collection under G1 on both JDKs
        assertTrue(r.metric(Metrics.GC_FULL_COUNT) >= 1, r.metrics().toString());
        assertTrue(r.metric(Metrics.GC_PAUSE_COUNT) >= 1);
        assertTrue(r.metric(Metrics.GC_PAUSE_MAX) >= r.metric(Metrics.GC_PAUSE_P50));
        assertTrue(r.metric(Metrics.GC_THROUGHPUT) > 0 && r.metric(Metrics.GC_THROUGHPUT) <= 100);
        assertEquals(1000, r.metric(Metrics.THROUGHPUT));
        assertEquals(4.5, r.metric("latency.p99"));
        assertEquals(0.1, r.metric("metrics.phasesSec.load"));
        assertEquals(0.25, r.metric("metrics.wallSec"));
        assertEquals(42.5, r.metric("answer"));
        assertTrue(Files.size(tmp.resolve("t/gc.log")) > 0);
        assertTrue(Files.readString(tmp.resolve("t/result.json")).contains("\"outcome\" : \"OK\""));
        assertTrue(r.command().contains("-Xmx64m"), "flags in place of {jvmflags}: " + r.command());
    }

    @Test
    void flagsReachAStartScriptThroughJdkJavaOptions() throws Exception {
        // no placeholder: sh finds java on the PATH the runner sets, which reads JDK_JAVA_OPTIONS
        String script = "exec java -cp " + TestPrograms.classes() + " Fine";
        TrialResult r = run("25", List.of("-XX:+UseSerialGC", "-Xmx48m"),
                new Program.Command(List.of("sh", "-c", script)), Duration.ofSeconds(60));
        assertEquals(Outcome.OK, r.outcome());
        String log = Files.readString(tmp.resolve("t/gc.log"));
        assertTrue(log.contains("Using Serial"), "the flags reached the JVM: " + log.lines().limit(3).toList());
        assertTrue(log.contains("Version: 25"), "the trial's JDK ran, not the one on jvmtune's PATH");
    }

    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void nonZeroExitIsFailed(String jdk) throws Exception {
        TrialResult r = run(jdk, List.of(), new Program.Command(TestPrograms.command("ExitThree")), Duration.ofSeconds(60));
        assertEquals(Outcome.FAILED, r.outcome());
        assertEquals(3, r.exitCode());
        assertEquals(3, r.metric(Metrics.EXIT));
    }

    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void hangIsKilledWithItsChildren(String jdk) throws Exception {
        TrialResult r = run(jdk, List.of("-Xmx32m"), new Program.Command(TestPrograms.command("Hang")),
                Duration.ofSeconds(2));
        assertEquals(Outcome.TIMEOUT, r.outcome());
        assertEquals(-1, r.exitCode());
        assertTrue(r.wallSec() >= 2 && r.wallSec() < 20, "killed at the limit: " + r.wallSec());
        String out = Files.readString(tmp.resolve("t/stdout.log"));
        assertTrue(out.startsWith("child "), out);
        long child = Long.parseLong(out.substring(6).trim());
        assertFalse(running(child), "the program's own child process was killed too");
    }

    /** Running, not a zombie that init has yet to reap (containers often have a lazy init). */
    private static boolean running(long pid) throws InterruptedException {
        return !TrialProcessesTest.gone(pid);
    }

    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void outOfMemory(String jdk) throws Exception {
        TrialResult r = run(jdk, List.of("-Xmx32m"), new Program.Command(TestPrograms.command("Oom")),
                Duration.ofSeconds(60));
        assertEquals(Outcome.OOM, r.outcome());
        assertEquals(1, r.exitCode());
        assertTrue(r.metric(Metrics.GC_FULL_COUNT) >= 1, "the log up to the error is analyzed: " + r.metrics());
    }

    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void crashKeepsItsHsErrFile(String jdk) throws Exception {
        TrialResult r = run(jdk, List.of("-Xmx32m", "-XX:-CreateCoredumpOnCrash"),
                new Program.Command(TestPrograms.command("Crash")), Duration.ofSeconds(60));
        assertEquals(Outcome.CRASH, r.outcome());
        assertNotNull(r.crashLog());
        assertTrue(r.crashLog().startsWith(tmp.resolve("t")), r.crashLog().toString());
        assertTrue(Files.readString(r.crashLog()).contains("SIGSEGV"));
    }

    @Test
    void aBacktrackingMetricPatternIsStoppedAndItsMetricNotRead() {
        // a million x on one line: ([0-9]*)x+y reads it about 5 * 10^11 times, unbounded
        String script = "echo 7xxy; head -c 1000000 /dev/zero | tr '\\0' x; echo; echo 'answer: 42 ms'";
        TrialSpec spec = new TrialSpec(JDKS.resolve(null), List.of(), new Program.Command(List.of("sh", "-c", script)),
                Duration.ofSeconds(60), tmp.resolve("t"), false, Map.of("stuck", "([0-9]*)x+y",
                "answer", "answer: ([0-9.]+) ms"));
        TrialResult r = assertTimeoutPreemptively(Duration.ofMinutes(2), () -> new TrialRunner().run(spec));
        assertEquals(Outcome.OK, r.outcome());
        assertEquals(42, r.metric("answer"), "the other pattern reads on");
        assertTrue(Double.isNaN(r.metric("stuck")), "line 1's 7 is not kept: a later line may have matched");
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("stdout metric stuck: not read, its pattern "
                + "'([0-9]*)x+y' took too long at stdout.log line 2")), r.notes().toString());
    }

    @Test
    void bundledWorkloadRunsFromTheClassPath() throws Exception {
        TrialResult r = run("17", List.of("-XX:+UseParallelGC", "-Xmx128m"),
                new Program.Workload("timeseries", List.of("--days", "1")), Duration.ofSeconds(60));
        assertEquals(Outcome.OK, r.outcome(), r.notes().toString());
        assertTrue(r.metric("metrics.wallSec") > 0);
        assertEquals(864_000, r.metric("metrics.samples"));
        // -XX:+CITime's summary at exit, from the JVM's own log: the compilers' time, C2's part of it
        assertTrue(r.metric(Metrics.JIT_COMPILE) > 0, r.metrics().toString());
        assertTrue(r.metric(Metrics.JIT_C2) >= 0 && r.metric(Metrics.JIT_C2) <= r.metric(Metrics.JIT_COMPILE),
                r.metrics().toString());
    }

    /**
     * A program that sends all its output to /dev/null, as scripts often do: the compilers' time and (JDK 22 and
     * later, whose counters keep it) the GC threads' CPU still come from the reports the JVM writes into the trial's
     * directory at exit.
     */
    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void theJvmsOwnReportsDoNotGoThroughTheProgramsOutput(String jdk) throws Exception {
        String java = String.join(" ", TestPrograms.command("Fine", "300"));
        TrialResult r = run(jdk, List.of("-XX:+UseG1GC", "-Xmx64m"), new Program.Command(List.of("sh", "-c",
                "exec " + java + " >/dev/null 2>&1")), Duration.ofSeconds(60));
        assertEquals(Outcome.OK, r.outcome(), r.notes().toString());
        assertEquals(0, Files.size(tmp.resolve("t/stdout.log")), "nothing reached the program's output");
        assertTrue(r.metric(Metrics.JIT_COMPILE) > 0, r.metrics().toString());
        assertTrue(r.metric(Metrics.JIT_C2) >= 0 && r.metric(Metrics.JIT_C2) <= r.metric(Metrics.JIT_COMPILE));
        if (jdk.equals("25")) {
            assertTrue(r.metric(Metrics.GC_CPU) > 0 && r.metric(Metrics.GC_CONCURRENT_CPU) <= r.metric(Metrics.GC_CPU),
                    r.metrics().toString());
        } else {
            assertTrue(Double.isNaN(r.metric(Metrics.GC_CPU)), "JDK 17 keeps no counter of its GC threads' CPU");
        }
    }
}
