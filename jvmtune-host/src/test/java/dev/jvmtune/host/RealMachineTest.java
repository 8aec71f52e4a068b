package dev.jvmtune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The probe on this machine agrees with nproc, free -b and /sys/devices/system/node. */
class RealMachineTest {

    private static final HostFacts FACTS = HostProbe.local().probe();

    @Test
    void cpusAgreeWithNproc() throws Exception {
        // nproc counts the CPUs this process may run on (its affinity), not the cgroup quota
        int nproc = Integer.parseInt(run("nproc").strip());
        int visible = FACTS.cgroup().cpusetCount() > 0 ? FACTS.cgroup().cpusetCount() : FACTS.cpus().online();
        assertEquals(nproc, visible, "nproc vs online CPUs / cpuset: " + FACTS.cpus() + " " + FACTS.cgroup());
        assertEquals(Runtime.getRuntime().availableProcessors(), FACTS.jvmCpus(),
                "this JVM's own count (the cgroup quota included)");
    }

    @Test
    void memoryAgreesWithFree() throws Exception {
        // free -b:  "Mem:  total used free shared buff/cache available"
        String mem = run("free", "-b").lines().filter(l -> l.startsWith("Mem:")).findFirst().orElseThrow();
        String[] f = mem.trim().split("\\s+");
        assertEquals(Long.parseLong(f[1]), FACTS.memory().totalBytes(), mem);
        long freeAvailable = Long.parseLong(f[6]);
        // available moves between the two reads; page cache churn of a busy test machine stays well inside 5%
        long tolerance = FACTS.memory().totalBytes() / 20;
        assertTrue(Math.abs(freeAvailable - FACTS.memory().availableBytes()) < tolerance,
                "free says " + freeAvailable + ", probe " + FACTS.memory().availableBytes());
    }

    @Test
    void numaNodesAgreeWithSysfs() throws IOException {
        Path nodes = Path.of("/sys/devices/system/node");
        assumeTrue(Files.isDirectory(nodes), "this machine exposes no NUMA nodes");
        List<String> dirs;
        try (Stream<Path> s = Files.list(nodes)) {
            dirs = s.map(p -> p.getFileName().toString()).filter(n -> n.matches("node\\d+")).sorted().toList();
        }
        assertEquals(dirs.size(), FACTS.numaNodes().size());
        for (HostFacts.NumaNode n : FACTS.numaNodes()) {
            Path dir = nodes.resolve("node" + n.id());
            assertEquals(Files.readString(dir.resolve("cpulist")).strip(), n.cpuList());
            assertEquals(Files.readString(dir.resolve("distance")).strip(),
                    String.join(" ", n.distances().stream().map(String::valueOf).toList()));
            String total = Files.readAllLines(dir.resolve("meminfo")).stream().filter(l -> l.contains(" MemTotal:"))
                    .findFirst().orElseThrow();
            long kb = Long.parseLong(total.replaceAll(".*MemTotal:\\s+(\\d+) kB", "$1"));
            assertEquals(kb * 1024, n.memTotalBytes());
        }
        int cpusInNodes = FACTS.numaNodes().stream().mapToInt(HostFacts.NumaNode::cpuCount).sum();
        assertEquals(FACTS.cpus().online(), cpusInNodes, "every online CPU belongs to one node");
    }

    private static String run(String... command) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, command[0] + " is not installed here");
            throw e;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
        return out;
    }
}
