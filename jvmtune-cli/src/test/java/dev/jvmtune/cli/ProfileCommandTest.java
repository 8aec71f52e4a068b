package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The code cache case (S4) through the command line: the {@code codecache} workload with a small (2.5 or 3 MB) and a
 * 64 MB code cache on JDK 17 and 25. The small cache's run reports the full code cache (or its JVM's way of avoiding
 * it), the large one's does not; both show the JIT compiler
 * threads' CPU share and the CompileBroker frames a Java-only profiler cannot see. With every handler hot the
 * compiler share is printed, not compared (a full cache stops compilation); with a moving hot set (S4's
 * flush-and-recompile loop) it is compared. docs/profiling.md has the measurements.
 */
class ProfileCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * Two compiler threads, as on a 2-core machine: the JVM's count grows with the cores, and with more of them the
     * small cache fills before JFR has started, so the JVM fails to start ("Out of space in CodeCache for
     * adapters"; measured with -XX:CICompilerCount=8 and 12, full at 0.65 s and 0.14 s).
     */
    private static final String FLAGS = "-XX:+UseG1GC -Xmx256m -XX:CICompilerCount=2 "
            + "-XX:IncreaseFirstTierCompileThresholdAt=99 -XX:CompileThresholdScaling=0.1 -XX:ReservedCodeCacheSize=";

    @TempDir
    Path dir;

    @Test
    void smallCodeCacheIsReportedFullOrAtItsLimitOnJdk17() throws IOException {
        codeCache("17");
    }

    @Test
    void smallCodeCacheIsReportedFullOrAtItsLimitOnJdk25() throws IOException {
        assumeTrue(Files.isDirectory(Path.of("/usr/lib/jvm/temurin-25-jdk-amd64")), "JDK 25 not installed");
        codeCache("25");
    }

    private void codeCache(String jdk) throws IOException {
        JsonNode small = smallCacheProfile(jdk);
        JsonNode large = profile(jdk, "64m", 0, "--seconds", "5");
        JsonNode smallJvm = small.path("jvms").get(0);
        JsonNode largeJvm = large.path("jvms").get(0);
        boolean smallFull = smallJvm.path("fullEvents").asInt() > 0
                || small.path("outputWarnings").toString().contains("is full");
        // JDK 17's sweeper flushes code as the cache nears full, JDK 25 unloads it through "CodeCache GC"
        // collections: on a loaded machine either may keep a 5 s run short of a failed allocation (1 of 3 JDK 17
        // runs stayed at 88-94% used), so full, unloading collections or a peak at the limit all show the pressure
        assertTrue(smallFull || smallJvm.path("codeCacheGcs").size() > 0 || peakPct(smallJvm) >= 85,
                "no sign of a full code cache: " + smallJvm);
        assertEquals(0, largeJvm.path("fullEvents").asInt());
        assertFalse(large.path("outputWarnings").toString().contains("is full"));
        assertFalse(largeJvm.path("codeCacheGcs").has("CodeCache GC Aggressive"), largeJvm.toString());
        assertTrue(peakPct(largeJvm) < 50, "64 MB is ample: " + largeJvm.path("codeHeaps"));
        for (JsonNode p : new JsonNode[] {small, large}) {
            JsonNode b = p.path("breakdown");
            long sum = 0;
            for (JsonNode c : b.path("categories")) {
                sum += c.path("value").asLong();
            }
            assertEquals(b.path("total").asLong(), sum, "categories add up to the samples");
            // native JVM frames are in the profile: the compiler threads' loop, as in S4's flame graph
            assertTrue(b.path("compileBroker").path("value").asLong() > 0, b.toString());
            assertTrue(b.path("categories").get(2).path("value").asLong() > 0, "JIT compiler samples");
            assertTrue(p.path("jvms").get(0).path("compilations").path("count").asLong() > 100);
            assertTrue(p.path("metrics").path("throughputOpsPerSec").asDouble() > 0, "the workload's metrics: "
                    + p.path("metrics") + ", notes " + p.path("notes") + ", exit " + p.path("exitCode"));
        }
        System.out.printf(Locale.ROOT, "JDK %s: %s full %s, code cache GCs %s, peak %.0f%%; JIT share small %.1f%% / "
                        + "64 MB %.1f%%, CompileBroker %.1f%% / %.1f%%, steady %.0f / %.0f req/s%n", jdk,
                smallSize(jdk), smallFull, smallJvm.path("codeCacheGcs"), peakPct(smallJvm), jit(small), jit(large),
                small.path("breakdown").path("compileBroker").path("pct").asDouble(),
                large.path("breakdown").path("compileBroker").path("pct").asDouble(),
                small.path("metrics").path("steadyOpsPerSec").asDouble(),
                large.path("metrics").path("steadyOpsPerSec").asDouble());
    }

    /**
     * S4's loop (docs/profiling.md): a hot set moving over 400 handlers. With 4 MB the JVM unloads cold code and
     * compiles the new hot set again and again; with the rule's 240 MB the compiler goes quiet once every handler
     * is compiled (about 10 s in, on a loaded machine), so after 20 s its compiler share is far lower (and its
     * throughput usually higher). JDK 25 only: JDK 17 shows the same in 60 s runs, too long for a test on a
     * loaded machine.
     */
    @Test
    @Tag("ab")
    void rotatingHotSetKeepsTheCompilerBusyOnlyWithTheSmallCacheOnJdk25() throws IOException {
        assumeTrue(Files.isDirectory(Path.of("/usr/lib/jvm/temurin-25-jdk-amd64")), "JDK 25 not installed");
        String[] loop = {"--seconds", "40", "--classes", "400", "--hot-set", "40", "--rotate-every-ms", "1000"};
        JsonNode small = profile("25", "4m", 20, loop);
        JsonNode large = profile("25", "240m", 20, loop);
        double smallSteady = small.path("metrics").path("steadyOpsPerSec").asDouble();
        double largeSteady = large.path("metrics").path("steadyOpsPerSec").asDouble();
        System.out.printf(Locale.ROOT, "JDK 25 moving hot set: JIT share 4 MB %.1f%% / 240 MB %.1f%%, code cache "
                        + "GCs %s, steady %.0f / %.0f req/s%n", jit(small), jit(large),
                small.path("jvms").get(0).path("codeCacheGcs"), smallSteady, largeSteady);
        // measured 15.7-44.3% against 2.1-10.4% (docs/profiling.md); the throughput is printed, not compared: it
        // recovered 2.4-3.2x in 3 of 4 runs, but one 4 MB run caught a quieter spell of the machine (0.9x)
        assertTrue(jit(small) > 1.5 * jit(large) + 5, "compiler share recovers with 240 MB");
    }

    /**
     * The small cache: the least in which the JDK's JVM starts with the agent and JFR on a loaded machine, rather than
     * the workload's 4 MB - the JVM's stubs and the JDK's code take ~1.5 MB, and on a slow or loaded machine a 5 s run
     * did not always fill 4 MB (2.9 MB once), nor 3 MB on JDK 17, whose sweeper flushes code as the cache nears full.
     * JDK 17: 2.5 MB, just above the JVM's 2.4 MB floor. JDK 25 needs more room for JFR's start-up: at 2.5 MB its
     * JFR failed to start ("Out of space in CodeCache for adapters") in 1 of 5 runs under three busy loops here and
     * in 3 of 3 tries of one CI run; at 3 MB it started in 9 of 9, idle and loaded, all full or unloading code.
     */
    private static String smallSize(String jdk) {
        return jdk.equals("17") ? "2560k" : "3m";
    }

    /**
     * The small cache's run. The cache can fill while the JVM is still starting (JFR's own start-up compiles enough at
     * these thresholds: full at 1.2-1.4 s, JFR started at 1.6-1.9 s, in 4 of 4 runs here), and a JDK 17 that then
     * needs a method handle adapter it has no room for ends with an InternalError ("no such method:
     * MethodHandle.linkToStatic"). That JVM died of the full cache, and jvmtune must say so: the program's warning
     * in its output and the program's exit as the failure. The profile checks need a JVM that lived, so such a start
     * is tried again, up to three times.
     */
    private JsonNode smallCacheProfile(String jdk) throws IOException {
        for (int attempt = 1; ; attempt++) {
            Path out = dir.resolve(jdk + "-" + smallSize(jdk) + "-" + attempt);
            CliRun r = profileRun(out, jdk, smallSize(jdk), 0, "--seconds", "5");
            boolean diedFull = r.exit() == Main.PROGRAM_FAILED && (r.out() + r.err()).contains("CodeCache is full");
            if (!diedFull || attempt == 3) {
                return checked(r, out);
            }
            assertTrue(r.err().contains("the program exited with status"), r.err());
            System.out.printf(Locale.ROOT, "JDK %s: the %s JVM died of its full code cache at start-up (run %d);"
                    + " again%n", jdk, smallSize(jdk), attempt);
        }
    }

    /** Profiles the codecache workload, the first {@code skip} seconds left out, with its {@code params}. */
    private JsonNode profile(String jdk, String size, int skip, String... params) throws IOException {
        Path out = dir.resolve(jdk + "-" + size);
        return checked(profileRun(out, jdk, size, skip, params), out);
    }

    private static CliRun profileRun(Path out, String jdk, String size, int skip, String... params) {
        return CliRun.of(Stream.concat(Stream.of("profile", "--jdk", jdk, "--out", out.toString(), "--skip",
                String.valueOf(skip), "--workload", "codecache", "--flags", FLAGS + size), Stream.of(params))
                .toArray(String[]::new));
    }

    private static JsonNode checked(CliRun r, Path out) throws IOException {
        assertEquals(0, r.exit(), "exit " + r.exit() + ": " + r.err() + r.out());
        assertTrue(r.out().contains("CPU by thread category"), r.out());
        assertTrue(r.out().contains("CompileBroker::compiler_thread_loop in "), r.out());
        assertTrue(Files.size(out.resolve("flamegraph.html")) > 5_000);
        return JSON.readTree(out.resolve("profile.json").toFile());
    }

    private static double peakPct(JsonNode jvm) {
        long peak = 0;
        long reserved = 0;
        for (JsonNode h : jvm.path("codeHeaps")) {
            peak += h.path("peakUsedBytes").asLong();
            reserved += h.path("reservedBytes").asLong();
        }
        return 100.0 * peak / reserved;
    }

    private static double jit(JsonNode p) {
        return p.path("breakdown").path("categories").get(2).path("pct").asDouble();
    }

    @Test
    void badCommandLinesAndFailingProgramsAreToldApart() {
        assertEquals(Main.USAGE, CliRun.of("profile").exit());
        CliRun none = CliRun.of("profile");
        assertTrue(none.oneErrorLine().contains("give the program to profile"), none.err());
        CliRun unknown = CliRun.of("profile", "--workload", "nope");
        assertEquals(Main.USAGE, unknown.exit());
        assertTrue(unknown.oneErrorLine().contains("unknown workload 'nope'"));
        CliRun jdk = CliRun.of("profile", "--jdk", "/no/such/jdk", "--", "java", "-version");
        assertEquals(Main.USAGE, jdk.exit());
        assertTrue(jdk.oneErrorLine().contains("no such directory"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // a JVM that fails after start: its profile is kept and printed, the exit code says it failed
        CliRun failed = CliRun.of("profile", "--out", dir.resolve("failed").toString(), "--", java, "NoSuchClass");
        assertEquals(Main.PROGRAM_FAILED, failed.exit(), failed.err());
        assertTrue(failed.out().contains("CPU by thread category"), failed.out());
        assertTrue(failed.err().contains("the program exited with status 1"), failed.err());
        // a JVM that never starts: nothing to profile, one line saying why and where its output is
        CliRun refused = CliRun.of("profile", "--out", dir.resolve("refused").toString(), "--", java,
                "-XX:ReservedCodeCacheSize=1k", "-version");
        assertEquals(Main.NOT_ANALYZABLE, refused.exit(), refused.err());
        assertTrue(refused.err().contains("jvmtune: no profile (the program exited with status 1"), refused.err());
        CliRun missing = CliRun.of("profile", "--out", dir.toString(), "--", "/no/such/program");
        assertEquals(Main.INPUT_ERROR, missing.exit(), missing.err());
        assertTrue(missing.err().contains("/no/such/program"), missing.err());
    }
}
