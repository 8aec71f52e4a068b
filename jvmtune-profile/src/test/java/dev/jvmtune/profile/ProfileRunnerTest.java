package dev.jvmtune.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 2 of issue 9 on real JVMs: a program whose CPU is known to go to GC (a tiny heap half full of live
 * data, {@link GcHeavy}) shows GC threads dominating its profile, and the categories add up to the samples.
 * Parallel on JDK 17 (GC worker threads), Serial on JDK 25 (GC inside the VM Thread).
 */
class ProfileRunnerTest {

    static final Path JDK17 = Path.of(System.getProperty("java.home"), "bin", "java");
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    @TempDir
    Path dir;

    @Test
    void gcThreadsDominateAGcBoundProgramOnJdk17WithParallel() throws Exception {
        gcBound(JDK17, "-XX:+UseParallelGC");
    }

    @Test
    void theVmThreadCollectingCountsAsGcOnJdk25WithSerial() throws Exception {
        assumeTrue(Files.isExecutable(JDK25), "JDK 25 not installed at " + JDK25);
        gcBound(JDK25, "-XX:+UseSerialGC");
    }

    private void gcBound(Path java, String collector) throws Exception {
        Path out = dir.resolve(collector.substring(5));
        List<String> cmd = new ArrayList<>(List.of(java.toString(), collector, "-Xmx32m", "-Xmn8m",
                "-cp", System.getProperty("java.class.path"), GcHeavy.class.getName(), "4"));
        List<String> printed = new ArrayList<>();
        Profile p;
        try {
            // the first second is start-up and compiling the program's few methods
            p = ProfileRunner.run(new ProfileRequest(cmd, Map.of(), "", out, ProfileEvent.CPU, 10, java, 0, 1,
                    AsyncProfilerLibrary.defaultCache()), printed::add, line -> { });
        } catch (ProfilingUnavailableException e) {
            assumeTrue(false, e.getMessage());
            return;
        }
        assertEquals(0, p.exitCode(), String.join("\n", printed));
        assertTrue(printed.stream().anyMatch(l -> l.startsWith("checksum")), "the program's output passes through");
        Breakdown b = p.breakdown();
        assertNotNull(b, p.notes().toString());
        // 3 s at 10 ms is ~300 samples per busy core; a loaded machine gives fewer, never a handful
        assertTrue(b.total() > 50, "samples: " + b.total());
        assertEquals(b.total(), b.categories().stream().mapToLong(Breakdown.Share::value).sum());
        assertEquals(100.0, b.categories().stream().mapToDouble(Breakdown.Share::pct).sum(), 1e-6);
        Breakdown.Share gc = b.category(ThreadCategory.GC);
        // measured 85% with Parallel on JDK 17, 81% with Serial on JDK 25 (machine load 18 on 2 CPUs); with the
        // warm-up included 65% and 51%: the JIT compiling the program takes the rest
        assertTrue(gc.pct() > 50, "GC share " + gc.pct() + "% of " + b.categories());
        for (ThreadCategory c : ThreadCategory.values()) {
            assertTrue(b.category(c).value() <= gc.value(), c + " above GC: " + b.categories());
        }

        // the files, and profile.json as another tool reads it
        assertTrue(Files.size(out.resolve("collapsed.txt")) > 0);
        String html = Files.readString(out.resolve("flamegraph.html"));
        assertTrue(html.contains("<html") || html.contains("<!DOCTYPE"), "an HTML page");
        assertTrue(html.length() > 5_000);
        JsonNode json = new ObjectMapper().readTree(out.resolve("profile.json").toFile());
        assertEquals(b.total(), json.path("breakdown").path("total").asLong());
        assertEquals("GC", json.path("breakdown").path("categories").get(1).path("category").asText());
        assertEquals(1, p.jvms().size(), "one JVM, one recording");
        CodeCacheReport cc = p.jvms().get(0);
        assertFalse(cc.codeHeaps().isEmpty(), "code heaps sampled");
        assertTrue(cc.peakUsedBytes() > 0 && cc.peakUsedBytes() < cc.reservedBytes());
        assertTrue(cc.compilations().count() > 0, "compilations counted");
        assertEquals(0, cc.fullEvents());
        assertFalse(p.codeCacheFull());
    }

    @Test
    void anAllocationProfileCountsBytesByAllocatedType() throws Exception {
        List<String> cmd = List.of(JDK17.toString(), "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                GcHeavy.class.getName(), "2");
        Profile p = ProfileRunner.run(new ProfileRequest(cmd, Map.of(), "", dir, ProfileEvent.ALLOC, 10, JDK17, 0, 0,
                AsyncProfilerLibrary.defaultCache()), line -> { }, line -> { });
        Breakdown b = p.breakdown();
        assertEquals("alloc", p.event());
        assertEquals("bytes", b.unit());
        // GcHeavy allocates ~100 MB/s of 96-byte arrays, a sampled estimate of which is far above 10 MB
        assertTrue(b.total() > 10_000_000L, "bytes: " + b.total());
        assertTrue(b.category(ThreadCategory.APPLICATION).pct() > 90, b.categories().toString());
        assertTrue(b.topFrames().get(0).name().startsWith("byte[]"), b.topFrames().toString());
    }

    @Test
    void aStartScriptsJvmIsProfiledAndStoppedAfterTheDuration() throws Exception {
        // the JVM is the script's child, not exec'd: it gets the agent from JDK_JAVA_OPTIONS and SIGTERM from the
        // stop, and writes its profile in its shutdown. 8 s: JFR took up to 3.4 s to start on the loaded machine,
        // and a JVM stopped before that has no recording to write
        Path script = dir.resolve("server.sh");
        Files.writeString(script, "#!/bin/sh\n\"" + JDK17 + "\" -Xmx64m -cp \"" + System.getProperty("java.class.path")
                + "\" " + GcHeavy.class.getName() + " 600\necho server ended\n");
        script.toFile().setExecutable(true);
        long start = System.nanoTime();
        Profile p = ProfileRunner.run(new ProfileRequest(List.of(script.toString()), Map.of(), "", dir.resolve("out"),
                ProfileEvent.CPU, 10, JDK17, 8, 0, AsyncProfilerLibrary.defaultCache()), line -> { }, line -> { });
        assertTrue((System.nanoTime() - start) / 1e9 < 60, "stopped long before its 600 s");
        assertTrue(p.stopped());
        assertNotNull(p.breakdown(), p.notes().toString());
        assertTrue(p.breakdown().category(ThreadCategory.APPLICATION).value() > 0);
        assertEquals(1, p.jvms().size(), "the JVM's recording was written at its shutdown");
    }

    @Test
    void aCommandWithoutAJvmLeavesNoProfileAndSaysWhy() throws Exception {
        Profile p = ProfileRunner.run(new ProfileRequest(List.of("true"), Map.of(), "", dir, ProfileEvent.CPU, 10,
                JDK17, 0, 0, AsyncProfilerLibrary.defaultCache()), line -> { }, line -> { });
        assertEquals(0, p.exitCode());
        assertEquals(null, p.breakdown());
        assertTrue(p.notes().stream().anyMatch(n -> n.startsWith("no JVM wrote a profile")), p.notes().toString());
        assertTrue(Files.exists(dir.resolve("profile.json")));
    }
}
