package dev.jvmtune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each fixture host gives the configuration its facts call for, with the arithmetic that led there. */
class BaselineTest {

    private static final String LOGGING = "-Xlog:gc*,safepoint:file=gc.log:time,uptime,level,tags:filecount=5,filesize=50m";

    private static Baseline baseline(String host, Goal goal, int jdk) throws Exception {
        return BaselineCalculator.compute(Fixtures.facts(host), new BaselineCalculator.Request(goal, jdk, -1, true, 100, null));
    }

    private static String step(Baseline b, String topic) {
        return b.steps().stream().filter(s -> s.topic().equals(topic)).map(Baseline.Step::text).findFirst()
                .orElseThrow(() -> new AssertionError("no step '" + topic + "' in " + b.steps()));
    }

    @Test
    void s1HostOnJdk17GetsG1With28WorkersAndNuma() throws Exception {
        Baseline b = baseline(Fixtures.S1, Goal.LATENCY, 17);
        // MemTotal 263855752 kB = 257,671 MiB; headroom max(1024, ceil(5% = 12,883.55)) = 12,884
        // heap = 257671 - 12884 - min(10% = 25,768, 1024) unmeasured - 240 - 250 = 243,273 MiB; no cap on what no run
        // measured (metaspace, direct memory)
        assertEquals(List.of("-Xmx243273m", "-Xms243273m",
                "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=100", "-XX:ParallelGCThreads=28", "-XX:ConcGCThreads=7",
                "-XX:+UseNUMA", LOGGING), b.flags());
        assertEquals("G1", b.collector().label());
        assertEquals(243273, b.memory().heapMiB());
        assertTrue(step(b, "heap").startsWith("257,671 - 12,884 headroom - 1,024 unmeasured non-heap - 240 code cache "
                + "- 250 thread stacks = 243,273 MiB"), step(b, "heap"));
        assertTrue(step(b, "unmeasured non-heap").contains("left to the JVM, uncapped"), step(b, "unmeasured non-heap"));
        assertTrue(step(b, "gc threads").contains("8 + (40 - 8) x 5/8 = 28"), step(b, "gc threads"));
        assertTrue(step(b, "concurrent threads").contains("max(1, (28 + 2) / 4) = 7"));
        // largest node 132186144 kB = 129,088 MiB < heap
        assertTrue(step(b, "numa").contains("2 nodes, the largest holds 129,088 MiB; heap 243,273 MiB > one node"),
                step(b, "numa"));
        assertTrue(b.notes().stream().anyMatch(n -> n.contains("G1NewSizePercent")), b.notes().toString());
    }

    @Test
    void s1HostOnJdk25GetsGenerationalZgc() throws Exception {
        Baseline b = baseline(Fixtures.S1, Goal.LATENCY, 25);
        assertEquals("ZGC", b.collector().label());
        assertTrue(b.flags().contains("-XX:+UseZGC"));
        assertFalse(b.flags().contains("-XX:+ZGenerational"), "generational is the only mode on 24+");
        assertFalse(b.flags().stream().anyMatch(f -> f.startsWith("-XX:ParallelGCThreads")), b.flags().toString());
        assertTrue(b.flags().contains("-XX:+UseNUMA"));
        Baseline b21 = baseline(Fixtures.S1, Goal.LATENCY, 21);
        assertTrue(b21.flags().containsAll(List.of("-XX:+UseZGC", "-XX:+ZGenerational")), b21.flags().toString());
    }

    @Test
    void s2HostThroughputGetsParallelWith43WorkersAndNuma() throws Exception {
        Baseline b = baseline(Fixtures.S2, Goal.THROUGHPUT, 17);
        // MemTotal 527988612 kB = 515,613 MiB; headroom ceil(5%) = 25,781; heap = 515613 - 25781 - 1514 = 488,318
        assertEquals(488318, b.memory().heapMiB());
        assertTrue(b.flags().containsAll(List.of("-XX:+UseParallelGC", "-XX:ParallelGCThreads=43", "-XX:+UseNUMA",
                "-Xms488318m")), b.flags().toString());
        assertFalse(b.flags().stream().anyMatch(f -> f.startsWith("-XX:ConcGCThreads")), "Parallel has no concurrent workers");
        assertTrue(step(b, "gc threads").contains("8 + (64 - 8) x 5/8 = 43"));
        assertTrue(step(b, "numa").startsWith("4 nodes"), step(b, "numa"));
    }

    @Test
    void s2HostSharedHeapFitsInOneNodeSoNoNuma() throws Exception {
        Baseline b = BaselineCalculator.compute(Fixtures.facts(Fixtures.S2),
                new BaselineCalculator.Request(Goal.THROUGHPUT, 17, -1, false, 100, null));
        // shared, the default: MemAvailable 97520332 kB = 95,234 MiB; headroom ceil(5%) = 4,762;
        // heap = 95234 - 4762 - 1024 - 240 - 250 = 88,958
        assertEquals("MemAvailable (a shared host: --dedicated for all of MemTotal)", b.memory().limitSource());
        assertEquals(88958, b.memory().heapMiB());
        assertFalse(b.flags().contains("-XX:+UseNUMA"), b.flags().toString());
        assertFalse(b.flags().stream().anyMatch(f -> f.startsWith("-Xms")), "not pinned on a shared host");
        assertTrue(step(b, "numa").contains("fits in one node"), step(b, "numa"));
    }

    @Test
    void g1BeforeJdk14IsNotNumaAware() throws Exception {
        Baseline b = baseline(Fixtures.S2, Goal.LATENCY, 11);
        assertEquals("G1", b.collector().label());
        assertFalse(b.flags().contains("-XX:+UseNUMA"));
        assertTrue(step(b, "numa").contains("not NUMA-aware"), step(b, "numa"));
    }

    @Test
    void containerV2With2CpusAnd4GiB() throws Exception {
        Baseline b = baseline(Fixtures.CONTAINER_V2, Goal.LATENCY, 21);
        // 4096 MiB; headroom ceil(5% x 4096 = 204.8) = 205; heap = 4096 - 205 - ceil(409.6) - 240 - 250 = 2,991,
        // pinned: a container's limit is the JVM's own memory, shared host or not
        assertEquals(List.of("-Xmx2991m", "-Xms2991m",
                "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=100", "-XX:ParallelGCThreads=2", "-XX:ConcGCThreads=1",
                LOGGING), b.flags());
        assertEquals("cgroup v2 memory.max", b.memory().limitSource());
        assertTrue(step(b, "headroom").startsWith("5% x 4,096 MiB = 205 MiB"), step(b, "headroom"));
        assertTrue(step(b, "heap").startsWith("4,096 - 205 headroom - 410 unmeasured non-heap - 240 code cache - 250 "
                + "thread stacks = 2,991 MiB"), step(b, "heap"));
        assertTrue(step(b, "cpus").contains("ceil(quota 200000 us / period 100000 us = 2.00)) = 2"), step(b, "cpus"));
        assertTrue(step(b, "numa").startsWith("1 node"));
    }

    @Test
    void containerV1GivesTheSameAsV2() throws Exception {
        Baseline v1 = baseline(Fixtures.CONTAINER_V1, Goal.LATENCY, 21);
        Baseline v2 = baseline(Fixtures.CONTAINER_V2, Goal.LATENCY, 21);
        assertEquals(v2.flags(), v1.flags());
        assertEquals("cgroup v1 memory.limit_in_bytes", v1.memory().limitSource());
    }

    @Test
    void containerFootprintWithLargeAppMemoryFallsToSerial() throws Exception {
        Baseline b = BaselineCalculator.compute(Fixtures.facts(Fixtures.CONTAINER_V2),
                new BaselineCalculator.Request(Goal.FOOTPRINT, 17, 2L << 30, false, 100, null));
        // 4096 - 205 - 2048 application - 240 - 250 = 1,353 MiB < 1,792
        assertEquals(1353, b.memory().heapMiB());
        assertEquals(List.of("-Xmx1353m", "-XX:+UseSerialGC", LOGGING), b.flags());
        assertTrue(step(b, "heap").startsWith("4,096 - 205 headroom - 2,048 application - 240 code cache - 250 thread "
                + "stacks = 1,353 MiB"), step(b, "heap"));
        assertTrue(step(b, "collector").contains("1,353 MiB < 1,792 MiB"), step(b, "collector"));
    }

    @Test
    void laptopLatencyOnJavaHomeJdk() throws Exception {
        HostFacts f = Fixtures.facts(Fixtures.LAPTOP, Map.of("JAVA_HOME", "/home/user/.sdkman/candidates/java/current"));
        Jdks.Choice jdk = Jdks.choose(null, f, 17, "17");
        assertEquals(21, jdk.feature());
        assertEquals("JAVA_HOME", jdk.how());
        Baseline b = BaselineCalculator.compute(f, new BaselineCalculator.Request(Goal.LATENCY, jdk.feature(), -1, true,
                100, null));
        // --dedicated: MemTotal 16146712 kB = 15,768 MiB; headroom max(1,024, 789) = 1,024;
        // heap = 15768 - 1024 - 1024 - 240 - 250 = 13,230
        assertEquals(List.of("-Xmx13230m", "-Xms13230m",
                "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=100", "-XX:ParallelGCThreads=8", "-XX:ConcGCThreads=2",
                LOGGING), b.flags());
        assertTrue(step(b, "headroom").startsWith("max(1,024 MiB, 5% x 15,768 MiB = 789 MiB) = 1,024 MiB"),
                step(b, "headroom"));
    }

    @Test
    void laptopOnJdk8GetsJdk8Logging() throws Exception {
        Baseline b = baseline(Fixtures.LAPTOP, Goal.THROUGHPUT, 8);
        assertTrue(b.flags().containsAll(List.of("-XX:+UseParallelGC", "-Xloggc:gc.log", "-XX:+PrintGCDetails",
                "-XX:+UseGCLogFileRotation")), b.flags().toString());
        assertFalse(b.flags().stream().anyMatch(f -> f.startsWith("-Xlog:")), "no unified logging on 8");
        assertTrue(b.notes().stream().anyMatch(n -> n.contains("8u191")));
    }

    @Test
    void noMemoryFactsIsAClearRefusal() {
        HostFacts empty = new HostProbe(Fixtures.root("does-not-exist"), Map.of(), "/root").probe();
        BaselineCalculator.Impossible e = assertThrows(BaselineCalculator.Impossible.class, () ->
                BaselineCalculator.compute(empty, new BaselineCalculator.Request(Goal.LATENCY, 17, -1, false, 100, null)));
        assertTrue(e.getMessage().startsWith("memory size unknown"), e.getMessage());
    }

    @Test
    void sizesParseLikeJvmFlags() {
        assertEquals(600L << 20, Sizes.parse("600m"));
        assertEquals(2L << 30, Sizes.parse("2g"));
        assertEquals(300L << 20, Sizes.parse("300MB"));
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("lots"));
    }
}
