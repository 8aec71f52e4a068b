package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.workloads.Workloads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 7's acceptance for the four workloads: each runs in a real JVM at small scale, writes its metrics file,
 * shows its field study's symptom (a full code cache and a throughput drop; a Full-GC knee in its own GC log;
 * a pause goal missed in young pauses; a critical rate below the maximum) and repeats the same operation
 * sequence for the same seed.
 */
class WorkloadCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    @Test
    @Tag("ab")
    void codeCacheFillsAndThroughputDropsAtASmallCodeCacheOnJdk17() throws IOException {
        codeCacheSymptom(Path.of(System.getProperty("java.home"), "bin", "java"), "jdk17");
    }

    @Test
    @Tag("ab")
    void codeCacheFillsAndThroughputDropsAtASmallCodeCacheOnJdk25() throws IOException {
        assumeTrue(Files.isExecutable(JDK25), "JDK 25 not installed at " + JDK25);
        codeCacheSymptom(JDK25, "jdk25");
    }

    @TempDir
    Path dir;

    private void codeCacheSymptom(Path java, String tag) throws IOException {
        // the workload's default flags but the code cache size; 5 s: the small cache is full after ~3 s
        String common = "-XX:+UseG1GC -Xmx256m -XX:IncreaseFirstTierCompileThresholdAt=99 "
                + "-XX:CompileThresholdScaling=0.1 -XX:ReservedCodeCacheSize=";
        Run small = run(java, common + "4m", "codecache", dir.resolve(tag + "-small"), "--seconds", "5");
        // the large cache is the default (and what code-cache-full recommends): on a quiet machine JDK 25 filled
        // 64 MB to its aggressive threshold 5 times within the 5 s
        Run large = run(java, common + "240m", "codecache", dir.resolve(tag + "-large"), "--seconds", "5");

        // JDK 17's sweeper stops the compiler when the cache is full and says so. JDK 25 unloads cold code
        // through GC cycles instead ("CodeCache GC Threshold/Aggressive" causes in its GC log), which often
        // frees room before an allocation fails, so there the warning is likely but not certain, while the
        // aggressive code cache collections are certain.
        boolean warned = small.out.contains("CodeCache is full. Compiler has been disabled.");
        long aggressive = causeCount(small, "CodeCache GC Aggressive");
        if (tag.equals("jdk17")) {
            assertTrue(warned, small.out);
        } else {
            assertTrue(warned || aggressive > 0, "no full warning and no aggressive code cache GC: " + small.out);
        }
        assertFalse(large.out.contains("is full"), large.out);
        assertEquals(0, causeCount(large, "CodeCache GC Aggressive"));
        // issue 4's code-cache-full rule reads those collections from the GC log and stays silent at 240 MB
        if (aggressive > 0) {
            assertTrue(codeCacheFinding(small).isPresent(), "no code-cache-full finding on " + tag);
            // the GC log does not state the configured size: twice the 240 MB default
            assertEquals(List.of("-XX:ReservedCodeCacheSize=480m"),
                    codeCacheFinding(small).get().recommendation().options());
        }
        assertEquals(Optional.empty(), codeCacheFinding(large));
        for (Run r : List.of(small, large)) {
            assertTrue(r.metrics.path("wallSec").asDouble() >= 5, r.metrics.toString());
            assertTrue(r.metrics.path("throughputOpsPerSec").asDouble() > 0);
            assertTrue(r.metrics.path("latencyMs").path("p99").asDouble() > 0);
            assertEquals(5, r.metrics.path("windows").size(), "one window a second");
        }
        double smallOps = small.metrics.path("steadyOpsPerSec").asDouble();
        double largeOps = large.metrics.path("steadyOpsPerSec").asDouble();
        // measured 0.1-0.6 of the large cache's rate; 0.8 leaves room for a neighbour on 2 shared cores slowing
        // the large run's own compilation
        assertTrue(smallOps < 0.8 * largeOps, tag + ": second-half throughput at 4 MB " + smallOps
                + " should be well below 240 MB's " + largeOps);
        assertTrue(small.metrics.path("codeCachePeakBytes").asLong() > 0.8 * 4 * 1024 * 1024, small.metrics.toString());
        assertEquals(4 * 1024 * 1024, small.metrics.path("codeCacheMaxBytes").asLong());
        // determinism: the same seed and parameters give the same program and request sequence
        assertEquals(small.metrics.path("programChecksum"), large.metrics.path("programChecksum"));
        // the sequence checksum covers each thread's first 10,000 requests: on a loaded machine a thread of the
        // interpreted 4 MB run may not get that far in 5 s, and then its checksum covers fewer
        assertEquals(10_000, large.metrics.path("sequenceRequests").asLong(), large.metrics.toString());
        if (small.metrics.path("sequenceRequests").asLong() == 10_000) {
            assertEquals(small.metrics.path("sequenceChecksum"), large.metrics.path("sequenceChecksum"));
        }
        System.out.printf("codecache %s: steady ops/s 4 MB %.0f, 240 MB %.0f; full warning %b, aggressive code "
                        + "cache GCs %d; compiler CPU %.1f s vs %.1f s%n", tag, smallOps, largeOps, warned, aggressive,
                small.metrics.path("compilerThreadCpuSec").asDouble(), large.metrics.path("compilerThreadCpuSec").asDouble());
    }

    @Test
    void timeSeriesHasAFullGcKneeAtASmallHeapOnly() throws IOException {
        String small = "-XX:+UseParallelGC -Xms256m -Xmx256m";
        Run fewDays = run(null, small, "timeseries", dir.resolve("small-3"), "--days", "3");
        Run manyDays = run(null, small, "timeseries", dir.resolve("small-7"), "--days", "7");
        Run largeHeap = run(null, "-XX:+UseParallelGC -Xms1g -Xmx1g", "timeseries", dir.resolve("large-7"),
                "--days", "7");

        assertEquals(0, fullGcs(fewDays), "3 days (~95 MB of samples) fit a 256 MB heap");
        assertTrue(fullGcs(manyDays) >= 1, "7 days (~220 MB) do not: Full GCs begin");
        assertEquals(0, fullGcs(largeHeap), "7 days fit a 1 GB heap");

        for (Run r : List.of(fewDays, manyDays, largeHeap)) {
            JsonNode phases = r.metrics.path("phasesSec");
            for (String phase : List.of("query", "transfer", "build", "draw")) {
                assertTrue(phases.path(phase).asDouble() > 0, phase + " in " + r.metrics);
            }
            assertTrue(r.metrics.path("wallSec").asDouble() >= phases.path("transfer").asDouble());
        }
        assertEquals(7 * 864_000, manyDays.metrics.path("samples").asLong());
        assertEquals(7, manyDays.metrics.path("days").size());
        // determinism: same seed and days, same samples and picture whatever the heap
        assertEquals(manyDays.metrics.path("sampleChecksum"), largeHeap.metrics.path("sampleChecksum"));
        assertEquals(manyDays.metrics.path("imageChecksum"), largeHeap.metrics.path("imageChecksum"));
        System.out.printf("timeseries: Full GCs 256 MB/3 d %d, 256 MB/7 d %d, 1 GB/7 d %d; wall %.2f / %.2f / %.2f s%n",
                fullGcs(fewDays), fullGcs(manyDays), fullGcs(largeHeap), fewDays.metrics.path("wallSec").asDouble(),
                manyDays.metrics.path("wallSec").asDouble(), largeHeap.metrics.path("wallSec").asDouble());
    }

    /**
     * S1: at its default size and flags (G1, 1 GB, MaxGCPauseMillis=10) blockcache misses the goal in young
     * pauses, analyze says so through young-pauses-over-goal, and its Eden cap shortens the young pauses. 8 s runs
     * instead of 20; the same seed gives the same operation sequence under both sets of flags.
     */
    @Test
    void blockCacheMissesItsPauseGoalInYoungPausesAndTheEdenCapShortensThem() throws IOException {
        String defaults = Workloads.BLOCKCACHE.defaultFlags();
        Matcher goalFlag = Pattern.compile("-XX:MaxGCPauseMillis=(\\d+)").matcher(defaults);
        assertTrue(goalFlag.find(), defaults);
        int goalMs = Integer.parseInt(goalFlag.group(1)); // unified logs do not print it: analyze is told
        Run before = run(null, defaults, "blockcache", dir.resolve("before"), "--seconds", "8");
        JsonNode analysis = analyzeJson(before, goalMs);
        JsonNode finding = finding(analysis, "young-pauses-over-goal");
        assertTrue(finding != null, "no young-pauses-over-goal finding: " + analysis.path("findings"));
        JsonNode summary = analysis.path("summary");
        assertTrue(summary.path("evacuation").path("missPauses").asLong() >= 3, summary.path("evacuation").toString());
        List<String> options = new java.util.ArrayList<>();
        finding.path("recommendation").path("options").forEach(o -> options.add(o.asText()));
        assertTrue(options.stream().anyMatch(o -> o.startsWith("-XX:G1NewSizePercent=")
                || o.startsWith("-XX:G1MaxNewSizePercent=")), options.toString());

        Run after = run(null, defaults + " " + String.join(" ", options), "blockcache", dir.resolve("after"),
                "--seconds", "8");
        JsonNode youngBefore = summary.path("pausesByKind").path("YOUNG");
        JsonNode youngAfter = analyzeJson(after, goalMs).path("summary").path("pausesByKind").path("YOUNG");
        assertTrue(youngAfter.path("meanMs").asDouble() < youngBefore.path("meanMs").asDouble(),
                "young pauses did not get shorter with " + options + ": " + youngBefore + " -> " + youngAfter);

        for (Run r : List.of(before, after)) {
            JsonNode m = r.metrics;
            assertTrue(m.path("wallSec").asDouble() >= 8, m.toString());
            assertTrue(m.path("latencyMs").path("p99").asDouble() >= m.path("serviceLatencyMs").path("p50").asDouble());
            assertEquals(m.path("operations").asLong(), m.path("operationsByKind").path("read").asLong(), "read-only");
            JsonNode cache = m.path("blockCache");
            assertEquals(cache.path("capacityBlocks").asLong(), cache.path("blocks").asLong(), "cache full");
            // 40% of the heap, in 64 KB blocks
            assertEquals((long) (0.4 * m.path("heapMaxBytes").asLong()) / 65536, cache.path("capacityBlocks").asLong());
            assertTrue(cache.path("misses").asLong() > 0 && cache.path("evictions").asLong() > 0, cache.toString());
            assertTrue(m.path("ycsbClassesSeeded").asInt() > 0, "YCSB's random sources remapped");
            assertEquals(10_000, m.path("sequenceOps").asLong());
        }
        assertEquals(before.metrics.path("sequenceChecksum"), after.metrics.path("sequenceChecksum"));
        System.out.printf("blockcache: young pauses mean/p50/p99 %.1f/%.1f/%.1f ms -> %.1f/%.1f/%.1f ms with %s; "
                        + "%d young pauses over the %d ms goal; p99 response %.1f -> %.1f ms%n",
                youngBefore.path("meanMs").asDouble(), youngBefore.path("p50Ms").asDouble(),
                youngBefore.path("p99Ms").asDouble(), youngAfter.path("meanMs").asDouble(),
                youngAfter.path("p50Ms").asDouble(), youngAfter.path("p99Ms").asDouble(), options,
                summary.path("evacuation").path("missPauses").asLong(), goalMs,
                before.metrics.path("latencyMs").path("p99").asDouble(),
                after.metrics.path("latencyMs").path("p99").asDouble());
    }

    /** The write half of blockcache: a 50/50 mix fills the memstore, which flushes into blocks. */
    @Test
    void blockCacheMixedLoadWritesTheMemstoreAndFlushesIt() throws IOException {
        Run r = run(null, "-XX:+UseG1GC -Xmx256m", "blockcache", dir.resolve("mixed"), "--mix", "50-50",
                "--seconds", "3", "--records", "50000", "--flush-mb", "4", "--threads", "2", "--rate", "5000");
        JsonNode byKind = r.metrics.path("operationsByKind");
        long reads = byKind.path("read").asLong();
        long updates = byKind.path("update").asLong();
        assertEquals(r.metrics.path("operations").asLong(), reads + updates);
        // YCSB draws each operation: about half of ~15,000 either way
        assertTrue(Math.abs(reads - updates) < 0.1 * (reads + updates), byKind.toString());
        JsonNode memstore = r.metrics.path("memstore");
        assertTrue(memstore.path("flushes").asLong() >= 1, memstore.toString());
        assertTrue(memstore.path("reads").asLong() > 0, "reads of rows still in the memstore: " + memstore);
        assertTrue(r.metrics.path("latencyByOperationMs").has("update"), r.metrics.toString());
    }

    /**
     * S2: jbb finds a maximum and a critical rate below it, its search steps are consistent with the limit, and
     * the request sequence repeats for the seed across JVMs (JDK 17 and 25 where installed).
     */
    @Test
    void jbbFindsACriticalRateBelowTheMaximumAndRepeatsItsRequests() throws IOException {
        String[] params = {"--warmup-seconds", "0.5", "--max-seconds", "1.5", "--steps", "3", "--step-seconds", "1",
                "--customers", "2000"};
        Run a = run(null, Workloads.JBB.defaultFlags(), "jbb", dir.resolve("jbb-a"), params);
        Run b = run(Files.isExecutable(JDK25) ? JDK25 : null, Workloads.JBB.defaultFlags(), "jbb",
                dir.resolve("jbb-b"), params);
        for (Run r : List.of(a, b)) {
            JsonNode m = r.metrics;
            double max = m.path("maxOpsPerSec").asDouble();
            double critical = m.path("criticalOpsPerSec").asDouble();
            assertTrue(max > 0 && max == m.path("throughputOpsPerSec").asDouble(), m.toString());
            assertTrue(critical < max, "critical " + critical + " must be below max " + max);
            JsonNode steps = m.path("searchSteps");
            assertEquals(3, steps.size());
            double highestPass = 0;
            for (JsonNode s : steps) {
                boolean within = s.path("latencyMs").path("p99").asDouble() <= m.path("p99LimitMs").asDouble()
                        && s.path("achievedOpsPerSec").asDouble() >= 0.95 * s.path("targetOpsPerSec").asDouble();
                assertEquals(within ? "pass" : "fail", s.path("result").asText(), s.toString());
                if (within) {
                    highestPass = Math.max(highestPass, s.path("targetOpsPerSec").asDouble());
                }
            }
            assertEquals(highestPass, critical, 1e-6);
            assertEquals(max / 2, steps.get(0).path("targetOpsPerSec").asDouble(), 1e-6 * max);
            assertEquals(1_000, m.path("sequenceRequests").asLong());
        }
        assertEquals(a.metrics.path("sequenceChecksum"), b.metrics.path("sequenceChecksum"));
        System.out.printf("jbb: max %.0f / %.0f req/s, critical %.0f / %.0f req/s (JDK 17 / %s)%n",
                a.metrics.path("maxOpsPerSec").asDouble(), b.metrics.path("maxOpsPerSec").asDouble(),
                a.metrics.path("criticalOpsPerSec").asDouble(), b.metrics.path("criticalOpsPerSec").asDouble(),
                Files.isExecutable(JDK25) ? "25" : "17");
    }

    private static JsonNode analyzeJson(Run r, int goalMs) throws IOException {
        CliRun a = CliRun.of("analyze", "--pause-goal", Integer.toString(goalMs), "--json", r.log().toString());
        assertEquals(Main.OK, a.exit(), a.err());
        return a.run();
    }

    private static JsonNode finding(JsonNode analysis, String ruleId) {
        for (JsonNode f : analysis.path("findings")) {
            if (f.path("ruleId").asText().equals(ruleId)) {
                return f;
            }
        }
        return null;
    }

    @Test
    void unknownWorkloadOrParameterIsAUsageError() {
        CliRun noSuch = CliRun.of("workload", "nosuch");
        assertEquals(Main.USAGE, noSuch.exit());
        assertTrue(noSuch.oneErrorLine().contains("codecache, timeseries, blockcache, jbb"), noSuch.err());
        CliRun badParam = CliRun.of("workload", "--out", dir.toString(), "timeseries", "--dayz", "3");
        assertEquals(Main.USAGE, badParam.exit());
        assertTrue(badParam.oneErrorLine().contains("--dayz"), badParam.err());
        CliRun help = CliRun.of("workload", "--help");
        assertEquals(Main.OK, help.exit());
        assertTrue(help.out().contains("--method-ops") && help.out().contains("--days")
                && help.out().contains("--cache-fraction") && help.out().contains("--p99-limit-ms"), help.out());
    }

    /** One workload run through the command; its console output (JVM warnings included) and metrics. */
    private record Run(String out, JsonNode metrics, Path log) {
    }

    private static Run run(Path java, String flags, String name, Path out, String... params) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("workload", "--out", out.toString(), "--flags", flags));
        if (java != null) {
            args.add("--jdk");
            args.add(java.toAbsolutePath().getParent().getParent().toString()); // the JDK of bin/java
        }
        args.add(name);
        args.addAll(List.of(params));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(Main.OK, r.exit(), r.err());
        assertTrue(r.out().contains("metrics: " + out.toAbsolutePath().resolve("metrics.json")), r.out());
        assertTrue(r.out().contains("analyze: jvmtune analyze " + out.toAbsolutePath().resolve("gc.log")), r.out());
        return new Run(r.out(), JSON.readTree(out.resolve("metrics.json").toFile()), out.resolve("gc.log"));
    }

    private static long fullGcs(Run r) throws IOException {
        return analysis(r).fullGcCount();
    }

    private static long causeCount(Run r, String cause) throws IOException {
        return analysis(r).pausesByCause().getOrDefault(cause, 0L);
    }

    private static Optional<Finding> codeCacheFinding(Run r) throws IOException {
        return RunReader.read(r.log(), RunReader.Options.DEFAULT).get(0).findings().stream()
                .filter(f -> f.ruleId().equals("code-cache-full")).findFirst();
    }

    private static Analysis analysis(Run r) throws IOException {
        return RunReader.read(LogInputs.resolve(List.of(r.log())).get(0), RunReader.Options.DEFAULT).get(0).summary();
    }
}
