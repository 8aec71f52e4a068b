package dev.jvmtune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host facts read from fixture trees shaped like the kernel's files. */
class HostProbeTest {

    @Test
    void s1HostHasTwoNodesOf20CpusAndNoLimits() {
        HostFacts f = Fixtures.facts(Fixtures.S1);
        assertEquals(40, f.cpus().online());
        assertEquals(40, f.jvmCpus());
        assertEquals(263855752L * 1024, f.memory().totalBytes());
        assertEquals(258004916L * 1024, f.memory().availableBytes());
        assertEquals(2, f.cgroup().version());
        assertEquals("/system.slice/hbase-regionserver.service", f.cgroup().path());
        assertEquals(HostFacts.NONE, f.cgroup().memoryLimitBytes());
        assertEquals(HostFacts.NONE, f.cgroup().cpuQuotaUs());
        assertEquals(HostFacts.NONE, f.effectiveMemoryLimit());
        assertEquals(2, f.numaNodes().size());
        HostFacts.NumaNode n1 = f.numaNodes().get(1);
        assertEquals("10-19,30-39", n1.cpuList());
        assertEquals(20, n1.cpuCount());
        assertEquals(132186144L * 1024, n1.memTotalBytes());
        assertEquals(List.of(21, 10), n1.distances());
        assertEquals("always", f.hugePages().thpEnabled());
        assertEquals("madvise", f.hugePages().thpDefrag());
        assertEquals(0, f.hugePages().total());
        assertEquals(2048 * 1024, f.hugePages().pageSizeBytes());
        assertFalse(f.container().detected(), f.container().evidence().toString());
        // java-1.17.0-openjdk-amd64 is a link to java-17-openjdk-amd64: one JDK
        assertEquals(2, f.jdks().size(), f.jdks().toString());
        assertEquals("/usr/lib/jvm/java-17-openjdk-amd64", f.jdks().get(0).home());
        assertEquals(17, f.jdks().get(0).feature());
        assertEquals("Debian", f.jdks().get(0).implementor());
        assertEquals(25, f.jdks().get(1).feature());
    }

    @Test
    void s2HostHasFourNodesWithADistanceMatrix() {
        HostFacts f = Fixtures.facts(Fixtures.S2);
        assertEquals(64, f.cpus().online());
        assertEquals(4, f.numaNodes().size());
        assertEquals(List.of(20, 20, 10, 20), f.numaNodes().get(2).distances());
        assertEquals("16-23,48-55", f.numaNodes().get(2).cpuList());
        long nodeSum = f.numaNodes().stream().mapToLong(HostFacts.NumaNode::memTotalBytes).sum();
        assertEquals((131740944L + 132120576L * 2 + 132006516L) * 1024, nodeSum);
        assertEquals("madvise", f.hugePages().thpEnabled());
    }

    @Test
    void containerV2LimitsComeFromCpuMaxAndMemoryMax() {
        HostFacts f = Fixtures.facts(Fixtures.CONTAINER_V2);
        assertEquals(2, f.cgroup().version());
        assertEquals("/", f.cgroup().path());
        assertEquals(4L << 30, f.cgroup().memoryLimitBytes());
        assertEquals(4L << 30, f.effectiveMemoryLimit());
        assertEquals(200000, f.cgroup().cpuQuotaUs());
        assertEquals(100000, f.cgroup().cpuPeriodUs());
        assertEquals(2.0, f.cgroup().cpuLimit());
        assertEquals(16, f.cpus().online());
        assertEquals(2, f.jvmCpus(), "min(16 CPUs, ceil(200000/100000))");
        assertTrue(f.container().detected());
        assertTrue(f.container().evidence().get(0).contains("/.dockerenv"), f.container().evidence().toString());
        assertEquals(1, f.jdks().size());
        assertEquals("/opt/java/openjdk", f.jdks().get(0).home());
        assertEquals(21, f.jdks().get(0).feature());
    }

    @Test
    void containerV1LimitsComeFromCfsQuotaAndLimitInBytesUnderTheNamespacedMount() {
        HostFacts f = Fixtures.facts(Fixtures.CONTAINER_V1);
        assertEquals(1, f.cgroup().version());
        assertTrue(f.cgroup().path().startsWith("/docker/3f9a2c1d"), f.cgroup().path());
        assertEquals(4L << 30, f.cgroup().memoryLimitBytes());
        assertEquals(200000, f.cgroup().cpuQuotaUs());
        assertEquals(100000, f.cgroup().cpuPeriodUs());
        assertEquals("0-15", f.cgroup().cpuset());
        assertEquals(2, f.jvmCpus());
        assertTrue(f.container().detected());
        assertTrue(String.join(" ", f.container().evidence()).contains("/proc/1/cgroup names docker"),
                f.container().evidence().toString());
    }

    @Test
    void laptopFindsSdkmanJdksOnceAndJavaHome() {
        HostFacts f = Fixtures.facts(Fixtures.LAPTOP,
                Map.of("JAVA_HOME", "/home/user/.sdkman/candidates/java/current"));
        assertEquals(8, f.cpus().online());
        assertEquals(1, f.numaNodes().size());
        assertEquals(List.of(10), f.numaNodes().get(0).distances());
        assertEquals(HostFacts.NONE, f.cgroup().memoryLimitBytes(), "every level of the session says max");
        // 8 (package), 17 (sdkman), 21 (sdkman, also 'current' and JAVA_HOME)
        assertEquals(List.of(8, 17, 21), f.jdks().stream().map(HostFacts.Jdk::feature).toList());
        HostFacts.Jdk jdk21 = f.jdks().get(2);
        assertEquals("/home/user/.sdkman/candidates/java/21.0.5-tem", jdk21.home());
        assertEquals(List.of("sdkman", "JAVA_HOME"), jdk21.foundVia());
        assertEquals("1.8.0_422", f.jdks().get(0).version());
    }

    @Test
    void aParentCgroupLimitBindsTheChild(@TempDir Path root) throws Exception {
        write(root, "proc/self/cgroup", "0::/kubepods.slice/pod1/ctr\n");
        write(root, "proc/self/mountinfo", "24 30 0:22 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - "
                + "cgroup2 cgroup2 rw,nsdelegate\n");
        write(root, "sys/fs/cgroup/kubepods.slice/memory.max", "max\n");
        write(root, "sys/fs/cgroup/kubepods.slice/pod1/memory.max", "2147483648\n");
        write(root, "sys/fs/cgroup/kubepods.slice/pod1/cpu.max", "50000 100000\n");
        write(root, "sys/fs/cgroup/kubepods.slice/pod1/ctr/memory.max", "max\n");
        write(root, "sys/fs/cgroup/kubepods.slice/pod1/ctr/cpu.max", "max 100000\n");
        write(root, "sys/devices/system/cpu/online", "0-3\n");
        HostFacts f = new HostProbe(root, Map.of(), "/root").probe();
        assertEquals(2147483648L, f.cgroup().memoryLimitBytes());
        assertEquals(0.5, f.cgroup().cpuLimit());
        assertEquals(1, f.jvmCpus(), "ceil(0.5) = 1");
        assertTrue(String.join(" ", f.container().evidence()).isEmpty(), "no marker, no container claim");
    }

    @Test
    void anEmptyRootIsAllUnknownNotACrash(@TempDir Path root) {
        HostFacts f = new HostProbe(root, Map.of(), "/root").probe();
        assertEquals(HostFacts.UNKNOWN, f.cpus().online());
        assertNull(f.cpus().onlineList());
        assertEquals(HostFacts.UNKNOWN, f.jvmCpus());
        assertEquals(HostFacts.UNKNOWN, f.memory().totalBytes());
        assertEquals(0, f.cgroup().version());
        assertTrue(f.numaNodes().isEmpty());
        assertNull(f.hugePages().thpEnabled());
        assertTrue(f.jdks().isEmpty());
        assertFalse(f.container().detected());
    }

    @Test
    void cpuListsRoundTrip() {
        assertEquals(20, CpuList.parse("0-9,20-29").cardinality());
        assertEquals("0-9,20-29", CpuList.format(CpuList.parse("0-9,20-29")));
        assertEquals("3", CpuList.format(CpuList.parse("3")));
        assertNull(CpuList.parse("a-b"));
        assertEquals(8, JdkProbe.feature("1.8.0_422"));
        assertEquals(25, JdkProbe.feature("25"));
        assertEquals(17, JdkProbe.feature("17.0.15"));
    }

    private static void write(Path root, String rel, String text) throws Exception {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }
}
