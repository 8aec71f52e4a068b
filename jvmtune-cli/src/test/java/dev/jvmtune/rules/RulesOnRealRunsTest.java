package dev.jvmtune.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.OperatingSystemMXBean;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.Rules;
import dev.jvmtune.core.rules.Severity;
import dev.jvmtune.core.rules.Verdict;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.workloads.AllocationChurn;
import dev.jvmtune.workloads.SafepointStall;
import dev.jvmtune.workloads.SurvivorWaves;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rules on logs of real JVMs provoked into the symptom: the finding appears, its flags start that JDK, and with the
 * recommended value applied the finding is gone. On JDK 25 in a plain build and CI; on JDK 17 and 25 with
 * {@code -Djvmtune.test.everyJdk=true} (docs/testing.md): the stored labelled runs (LabelledRunsTest) hold both JDKs'
 * logs of these symptoms in CI.
 */
class RulesOnRealRunsTest {

    /** The JDKs each case runs on: JDK 25, or JDK 17 and 25 with {@code -Djvmtune.test.everyJdk=true}. */
    static Stream<Arguments> jdks() {
        Arguments jdk25 = Arguments.of(25, "jvmtune.jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64");
        return Boolean.getBoolean("jvmtune.test.everyJdk")
                ? Stream.of(Arguments.of(17, "jvmtune.jdk17", "/usr/lib/jvm/java-17-openjdk-amd64"), jdk25)
                : Stream.of(jdk25);
    }

    /**
     * {@link AllocationChurn} allocates 2-6 MB arrays: humongous with the 1 MB regions G1 picks for a 256 MB
     * heap (6 forced collections in 2 s on JDK 17, 33 on JDK 25), ordinary ones with 16 MB regions.
     */
    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void humongousAllocationsAskForLargerRegions(int jdk, String property, String fallback, @TempDir Path dir)
            throws Exception {
        Path java = java(jdk, property, fallback);

        Optional<Finding> before = humongous(run(java, dir.resolve("before.log"), List.of()));
        assertTrue(before.isPresent(), "no humongous finding on JDK " + jdk);
        List<String> options = before.get().recommendation().options();
        assertEquals(List.of("-XX:G1HeapRegionSize=2m"), options, before.get().toString());

        // the value derived from 1 MB regions, and a larger one that clears every array of the workload
        run(java, dir.resolve("derived.log"), options);
        Optional<Finding> after = humongous(run(java, dir.resolve("after.log"), List.of("-XX:G1HeapRegionSize=16m")));
        assertEquals(Optional.empty(), after, "still humongous with 16 MB regions on JDK " + jdk);
    }

    /**
     * A JVM limited to 2 CPUs (as in a container, {@code -XX:ActiveProcessorCount=2}) with 8 GC workers
     * copied from a bigger machine: its {@code gc,init} lines say so, and the rule gives HotSpot's own
     * count for 2 CPUs; with that applied, it stays silent.
     */
    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void moreGcWorkersThanCpus(int jdk, String property, String fallback, @TempDir Path dir) throws Exception {
        Path java = java(jdk, property, fallback);
        List<String> twoCpus = List.of("-XX:ActiveProcessorCount=2", "-XX:ParallelGCThreads=8");

        Finding f = find(run(java, dir.resolve("before.log"), twoCpus), "gc-threads").orElseThrow(
                () -> new AssertionError("no gc-threads finding on JDK " + jdk));
        assertEquals(List.of("8 parallel GC workers for 2 available CPUs"), f.evidence());
        assertEquals(List.of("-XX:ParallelGCThreads=2", "-XX:ConcGCThreads=1"), f.recommendation().options());

        List<String> applied = new ArrayList<>(List.of("-XX:ActiveProcessorCount=2"));
        applied.addAll(f.recommendation().options());
        assertEquals(Optional.empty(), find(run(java, dir.resolve("after.log"), applied), "gc-threads"));
    }

    /**
     * {@link SafepointStall}: a counted loop without safepoint polls ({@code -XX:-UseCountedLoopSafepoints})
     * holds every collection of an allocating thread for seconds; with the JIT's default polls the time to
     * reach safepoints drops to a small share and the rule is silent.
     */
    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void countedLoopsWithoutPollsDelaySafepoints(int jdk, String property, String fallback, @TempDir Path dir)
            throws Exception {
        Path java = java(jdk, property, fallback);

        Run before = stall(java, dir.resolve("before.log"), List.of("-XX:-UseCountedLoopSafepoints"));
        Finding f = find(before, "time-to-safepoint").orElseThrow(
                () -> new AssertionError("no time-to-safepoint finding, JDK " + jdk));
        assertTrue(f.evidence().get(0).contains("went to reaching them"), f.evidence().toString());
        // -Xlog:gc,safepoint: no phases, generation sizes or CPU times; the rule names the option that adds them
        Finding thin = find(before, "thin-logging").orElseThrow(() -> new AssertionError("no thin-logging, JDK " + jdk));
        assertTrue(thin.recommendation().options().get(0).startsWith("-Xlog:gc*,safepoint"), thin.toString());
        assertEquals(Optional.empty(), find(stall(java, dir.resolve("after.log"), List.of()), "time-to-safepoint"));
    }

    /**
     * Heap sizing on real runs: a heap that starts small and grows (no -Xms) is resized, and a maximum heap twice
     * the machine's memory is one the machine cannot back. With -Xms = -Xmx and a heap within memory both rules are
     * silent. Serial with an 8 MB young generation keeps the run's real footprint small whatever -Xmx says.
     */
    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void heapSizing(int jdk, String property, String fallback, @TempDir Path dir) throws Exception {
        Path java = java(jdk, property, fallback);
        long memory = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        long twiceGb = 2 * (memory >> 30) + 2;

        Run big = java(java, dir.resolve("big.log"), List.of("-XX:+UseSerialGC", "-Xmn8m", "-Xms16m",
                "-Xmx" + twiceGb + "g"));
        Finding over = find(big, "heap-exceeds-memory").orElseThrow(
                () -> new AssertionError("no heap-exceeds-memory finding on JDK " + jdk));
        assertEquals(Severity.CRITICAL, over.severity());
        assertTrue(over.recommendation().options().get(0).startsWith("-Xmx"), over.toString());
        Finding resized = find(big, "heap-resizing").orElseThrow(
                () -> new AssertionError("no heap-resizing finding on JDK " + jdk));
        // the verdict's line: -Xmx from the more severe finding, -Xms brought down to it
        Verdict v = big.verdict();
        String xmx = over.recommendation().options().get(0);
        assertTrue(v.flags().contains(xmx) && v.flags().contains("-Xms" + xmx.substring(4)), v.flags().toString());
        assertTrue(resized.evidence().get(0).startsWith("heap capacity changed"), resized.toString());

        Run fixed = java(java, dir.resolve("fixed.log"), List.of("-XX:+UseSerialGC", "-Xmn8m", "-Xms128m",
                "-Xmx128m"));
        assertEquals(Optional.empty(), find(fixed, "heap-exceeds-memory"));
        assertEquals(Optional.empty(), find(fixed, "heap-resizing"));
    }

    /**
     * Kernel time in pauses: Parallel with a 3 GB heap that is not pre-touched and every survivor promoted at once
     * ({@code MaxTenuringThreshold=0}, a 400 MB live set churning) copies into old-generation pages the process
     * touches for the first time, so the kernel zeroes pages during the pauses (measured: sys > user in 10 of 11
     * long pauses on both JDKs). The same run with the recommended pre-touch stays silent.
     */
    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void firstTouchedPagesPutPausesInTheKernel(int jdk, String property, String fallback, @TempDir Path dir)
            throws Exception {
        Path java = java(jdk, property, fallback);
        List<String> flags = List.of("-XX:+UseParallelGC", "-Xms3g", "-Xmx3g", "-Xmn128m",
                "-XX:MaxTenuringThreshold=0");
        Run cold = java(java, dir.resolve("cold.log"), flags, "--seconds", "2", "--live-mb", "400");
        Finding f = find(cold, "gc-sys-time").orElseThrow(() -> new AssertionError("no gc-sys-time on JDK " + jdk
                + ": " + cold.summary().gcCpu()));
        assertEquals(List.of("-XX:+AlwaysPreTouch"), f.recommendation().options());
        // the same run with the recommendation applied: the pages are faulted in before main, not in the pauses
        // (a small heap without it is not a clean case: its first pauses fault pages in too)
        List<String> fixed = new ArrayList<>(flags);
        fixed.addAll(f.recommendation().options());
        Run warm = java(java, dir.resolve("warm.log"), fixed, "--seconds", "2", "--live-mb", "400");
        assertEquals(Optional.empty(), find(warm, "gc-sys-time"), String.valueOf(warm.summary().gcCpu()));
    }

    /**
     * A live set that fills the heap: {@link AllocationChurn} keeps 125 MB live in a 160 MB G1 heap, so concurrent
     * cycles run back to back, evacuations fail and Full GCs follow. The heap rule comes first, before the reserve
     * the evacuation failures ask for, with -Xmx = 3 x the live set; with that heap it is silent.
     */
    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void aLiveSetThatFillsTheHeapAsksForAHeapFromIt(int jdk, String property, String fallback, @TempDir Path dir)
            throws Exception {
        Path java = java(jdk, property, fallback);
        Run full = java(java, dir.resolve("full.log"), List.of("-XX:+UseG1GC", "-Xmx160m"), "--seconds", "3",
                "--live-mb", "125");
        Finding f = full.findings().get(0);
        assertEquals("heap-too-small", f.ruleId(), "first finding on JDK " + jdk + ": " + full.findings());
        long live = full.summary().liveSet().fullMaxBytes(); // the Full GCs' figure: the live set itself
        String xmx = "-Xmx" + (long) Math.ceil(3.0 * live / (1 << 20)) + "m";
        assertEquals(xmx, f.recommendation().options().get(0), f.toString());
        assertTrue(f.recommendation().arithmetic().contains(String.format(Locale.ROOT, "3 x %d MiB = %d MiB",
                Math.round(live / 1048576.0), Math.round(3 * live / 1048576.0))), f.recommendation().arithmetic().toString());
        assertTrue(f.cost().seconds() > 0, f.cost().toString());
        Verdict v = full.verdict();
        assertEquals("heap-too-small", v.top().get(0).ruleId());
        assertEquals(xmx, v.flags().get(0), v.flags().toString());
        assertTrue(find(full, "evacuation-failure").isEmpty() || full.findings().indexOf(find(full,
                "evacuation-failure").get()) > 0, full.findings().toString());

        Run roomy = java(java, dir.resolve("roomy.log"), List.of("-XX:+UseG1GC", xmx), "--seconds", "3",
                "--live-mb", "125");
        assertEquals(Optional.empty(), find(roomy, "heap-too-small"), String.valueOf(roomy.summary().liveSet()));
    }

    /** The JDK's java named by a system property (else its Debian/Temurin path); the test is skipped without it. */
    static Path java(int jdk, String property, String fallback) {
        Path java = Path.of(System.getProperty(property, fallback), "bin", "java");
        assumeTrue(Files.isExecutable(java), "no JDK " + jdk + " at " + java);
        return java;
    }

    private static Run java(Path java, Path log, List<String> flags, String... params) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java.toString()));
        cmd.addAll(flags);
        cmd.addAll(List.of("-Xlog:gc*:file=" + log, "-cp", classes(AllocationChurn.class),
                AllocationChurn.class.getName()));
        cmd.addAll(params.length == 0 ? List.of("--seconds", "1.5") : List.of(params));
        return launch(cmd, log, 0);
    }

    /** Runs the child JVM, fails the test with its output if it fails, and analyses its log against goalMs. */
    static Run launch(List<String> cmd, Path log, double goalMs) throws Exception {
        Path out = log.resolveSibling(log.getFileName() + ".out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("child JVM did not finish: " + cmd);
        }
        assertEquals(0, p.exitValue(), "child JVM failed: " + cmd + "\n" + Files.readString(out));
        return RunReader.read(LogInputs.resolve(List.of(log)).get(0), RunReader.Options.DEFAULT.pauseGoal(goalMs)).get(0);
    }

    static String classes(Class<?> main) throws Exception {
        return Path.of(main.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static Run stall(Path java, Path log, List<String> extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xmx64m"));
        cmd.addAll(extra);
        cmd.addAll(List.of("-Xlog:gc,safepoint:file=" + log, "-cp", classes(SafepointStall.class),
                SafepointStall.class.getName(), "--seconds", "3"));
        return launch(cmd, log, 0);
    }

    /**
     * S1's shape: G1 held to a large young generation ({@code G1NewSizePercent=40} of a 1 GB heap) misses a
     * 5 ms goal in every young pause. The rule derives the Eden that fits from the speed of those pauses;
     * with its flags the young pauses get shorter.
     */
    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void youngPausesOverGoalGetASmallerEden(int jdk, String property, String fallback, @TempDir Path dir)
            throws Exception {
        Path java = java(jdk, property, fallback);
        List<String> big = List.of("-Xmx1g", "-XX:MaxGCPauseMillis=5", "-XX:+UnlockExperimentalVMOptions",
                "-XX:G1NewSizePercent=40");

        Run before = churn(java, dir.resolve("before.log"), big);
        Finding f = find(before, "young-pauses-over-goal").orElseThrow(
                () -> new AssertionError("no young-pauses-over-goal finding on JDK " + jdk));
        List<String> options = f.recommendation().options();
        assertEquals("-XX:+UnlockExperimentalVMOptions", options.get(0));
        // at the miss speed the Eden that fits is 1-10% of the 1 GB heap, depending on how loaded the 2 cores are:
        // under G1's 5% floor the floor is lowered, above it young sizing is capped
        assertTrue(options.get(1).startsWith("-XX:G1NewSizePercent="), options.toString());
        int floor = Integer.parseInt(options.get(1).substring("-XX:G1NewSizePercent=".length()));
        assertTrue(floor >= 1 && floor <= 5, options.toString());
        assertEquals(floor == 5, options.size() == 3 && options.get(2).startsWith("-XX:G1MaxNewSizePercent="),
                options.toString());

        // a 5 ms goal is below what G1 holds: ZGC as the alternative (generational on JDK 25), not in the flag line
        Finding zgc = find(before, "collector-for-goal").orElseThrow(
                () -> new AssertionError("no collector-for-goal finding on JDK " + jdk));
        assertEquals(List.of("-XX:+UseZGC"), zgc.recommendation().options());
        Verdict verdict = before.verdict();
        assertEquals(Boolean.FALSE, verdict.goalMet());
        assertEquals(List.of("-XX:+UseZGC"), verdict.alternative());
        assertTrue(verdict.flags().containsAll(options), verdict.flags() + " lacks " + options);
        // -Xlog:gc* gives phases, sizes and CPU times: logging is rich enough
        assertEquals(Optional.empty(), find(before, "thin-logging"));

        List<String> applied = new ArrayList<>(List.of("-Xmx1g", "-XX:MaxGCPauseMillis=5"));
        applied.addAll(options);
        Run after = churn(java, dir.resolve("after.log"), applied);
        // the flags' own effect, independent of load: far less Eden per young pause
        double edenBefore = before.summary().heap().youngBeforeMeanBytes();
        double edenAfter = after.summary().heap().youngBeforeMeanBytes();
        assertTrue(edenAfter < edenBefore / 2, "Eden per young pause on JDK " + jdk + ": " + edenBefore + " -> "
                + edenAfter + " with " + options);
        // and pauses no longer. With the 2 cores at load 16 the young-pause median moved 15.6 -> 5.8 ms (JDK 25)
        // but 10.2 -> 12.1 ms (JDK 17) for a 6x smaller Eden: descheduling dominates such short pauses, so the
        // median is only held to not growing by half
        double p50Before = before.summary().pausesByKind().get(GcKind.YOUNG).p50Ms();
        double p50After = after.summary().pausesByKind().get(GcKind.YOUNG).p50Ms();
        System.out.printf("young-pauses-over-goal JDK %d: Eden %.0f -> %.0f MiB, young p50 %.2f -> %.2f ms with %s%n",
                jdk, edenBefore / 1048576, edenAfter / 1048576, p50Before, p50After, options);
        assertTrue(p50After < 1.5 * p50Before, "young pauses got longer on JDK " + jdk + ": p50 " + p50Before
                + " ms -> " + p50After + " ms with " + options);
    }

    /**
     * S1's PLAB resizing noise: {@link SurvivorWaves} makes many small objects survive three collections, then
     * none for three, so the PLAB size G1 derives from each collection swings by 4x to 50x. The rule turns
     * resizing off with fixed sizes from the medians; with those flags the JVM starts, G1 logs PLAB allocation
     * but no sizing, and the rule is silent.
     */
    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void survivorWavesMakePlabSizesSwing(int jdk, String property, String fallback, @TempDir Path dir)
            throws Exception {
        Path java = java(jdk, property, fallback);

        Run before = waves(java, dir.resolve("before.log"), List.of());
        Finding f = find(before, "plab-resizing").orElseThrow(() -> new AssertionError(
                "no plab-resizing finding on JDK " + jdk + ": " + before.summary().plab()));
        List<String> options = f.recommendation().options();
        assertEquals("-XX:-ResizePLAB", options.get(0), options.toString());
        // 16 MiB survive each holding collection: G1 wants PLABs far over the defaults (4096 and 1024 words)
        assertTrue(options.stream().anyMatch(o -> o.startsWith("-XX:YoungPLABSize=")), options.toString());
        assertTrue(options.stream().anyMatch(o -> o.startsWith("-XX:OldPLABSize=")), options.toString());
        System.out.printf("plab-resizing JDK %d: %s -> %s%n", jdk, f.evidence().get(0), options);

        Run after = waves(java, dir.resolve("after.log"), options);
        assertEquals(0, after.summary().plab().young().resized(), "sizing lines with " + options);
        assertTrue(after.summary().plab().young().collections() > 0, "no PLAB figures with " + options);
        assertEquals(Optional.empty(), find(after, "plab-resizing"));
    }

    private static Run waves(Path java, Path log, List<String> flags) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-XX:+UseG1GC", "-Xmx256m", "-Xmn32m"));
        cmd.addAll(flags);
        cmd.addAll(List.of("-Xlog:gc*,gc+plab=debug:file=" + log, "-cp", classes(SurvivorWaves.class),
                SurvivorWaves.class.getName(), "--collections", "36", "--seconds", "20"));
        return launch(cmd, log, 0);
    }

    private static Run churn(Path java, Path log, List<String> flags) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-XX:+UseG1GC"));
        cmd.addAll(flags);
        cmd.addAll(List.of("-Xlog:gc*:file=" + log, "-cp", classes(AllocationChurn.class),
                AllocationChurn.class.getName(), "--seconds", "3"));
        // unified logs do not print MaxGCPauseMillis: the goal is given as analyze --pause-goal would
        return launch(cmd, log, 5);
    }

    private static Optional<Finding> humongous(Run run) {
        return find(run, "humongous-allocation");
    }

    static Optional<Finding> find(Run run, String ruleId) {
        return run.findings().stream()
                .filter(f -> f.ruleId().equals(ruleId)).findFirst();
    }

    private static Run run(Path java, Path log, List<String> extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xmx256m", "-XX:+UseG1GC"));
        cmd.addAll(extra);
        cmd.addAll(List.of("-Xlog:gc*:file=" + log, "-cp", classes(AllocationChurn.class),
                AllocationChurn.class.getName(), "--seconds", "2"));
        return launch(cmd, log, 0);
    }
}
