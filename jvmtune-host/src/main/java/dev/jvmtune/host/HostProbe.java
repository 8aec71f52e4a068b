package dev.jvmtune.host;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.Map;

/**
 * Reads {@link HostFacts} from the kernel's files under a root directory: {@code /} on the real machine, a
 * copied or hand-made tree in tests and with {@code jvmtune system --root DIR}.
 */
public final class HostProbe {

    private final SysFiles fs;
    private final Map<String, String> env;
    private final String userHome;

    /**
     * @param env the environment (JAVA_HOME, container variables)
     * @param userHome the home directory, as a path on the probed host (for ~/.sdkman)
     */
    public HostProbe(Path root, Map<String, String> env, String userHome) {
        this.fs = new SysFiles(root);
        this.env = Map.copyOf(env);
        this.userHome = userHome;
    }

    /** This machine, as the running process sees it. */
    public static HostProbe local() {
        return new HostProbe(Path.of("/"), System.getenv(), System.getProperty("user.home"));
    }

    public HostFacts probe() {
        String onlineList = fs.line("/sys/devices/system/cpu/online").orElse(null);
        BitSet online = onlineList == null ? null : CpuList.parse(onlineList);
        HostFacts.Cpus cpus = new HostFacts.Cpus(online == null ? (int) HostFacts.UNKNOWN : online.cardinality(),
                onlineList);
        Meminfo meminfo = fs.read("/proc/meminfo").map(Meminfo::parse).orElse(Meminfo.empty());
        HostFacts.Memory memory = new HostFacts.Memory(meminfo.get("MemTotal"), meminfo.get("MemAvailable"));
        HostFacts.HugePages huge = new HostFacts.HugePages(
                fs.line("/sys/kernel/mm/transparent_hugepage/enabled").map(HostProbe::selected).orElse(null),
                fs.line("/sys/kernel/mm/transparent_hugepage/defrag").map(HostProbe::selected).orElse(null),
                meminfo.get("HugePages_Total"), meminfo.get("HugePages_Free"), meminfo.get("Hugepagesize"));
        return new HostFacts(fs.root().toString(), cpus, memory, new CgroupProbe(fs).probe(),
                new NumaProbe(fs).probe(), huge, new ContainerProbe(fs, env).probe(),
                new JdkProbe(fs, env, userHome).probe());
    }

    /** The cgroup facts alone: what running a trial under a memory limit needs, without probing the rest. */
    public HostFacts.Cgroup cgroup() {
        return new CgroupProbe(fs).probe();
    }

    /** "always [madvise] never": the kernel marks the active choice with brackets. */
    static String selected(String line) {
        int open = line.indexOf('[');
        int close = line.indexOf(']', open + 1);
        return open >= 0 && close > open ? line.substring(open + 1, close) : line.trim();
    }
}
