package dev.jvmtune.host;

import java.util.List;

/**
 * What the machine tells about itself through {@code /sys} and {@code /proc}, read by {@link HostProbe}.
 * Numbers are {@link #UNKNOWN} when the file that holds them is missing or unreadable, and strings null:
 * a fact nobody could read is shown as unknown, never guessed.
 *
 * @param root the directory the files were read under ({@code /} on the real machine)
 */
public record HostFacts(String root, Cpus cpus, Memory memory, Cgroup cgroup, List<NumaNode> numaNodes,
                        HugePages hugePages, Container container, List<Jdk> jdks) {

    public static final long UNKNOWN = -2;
    /** A cgroup limit that is set to "no limit" ({@code max}, {@code -1}, or larger than the machine). */
    public static final long NONE = -1;

    public HostFacts {
        numaNodes = List.copyOf(numaNodes);
        jdks = List.copyOf(jdks);
    }

    /**
     * The CPUs a JVM started here will use, the way HotSpot counts them (os::active_processor_count):
     * the online CPUs this process may run on, capped by the cgroup quota rounded up.
     */
    public int jvmCpus() {
        int n = cgroup.cpusetCount() > 0 ? cgroup.cpusetCount() : cpus.online();
        if (n <= 0) {
            return (int) UNKNOWN;
        }
        double quota = cgroup.cpuLimit();
        return Double.isNaN(quota) ? n : (int) Math.min(n, Math.max(1, Math.ceil(quota)));
    }

    /** The cgroup memory limit when there is one below physical memory, else {@link #NONE}. */
    public long effectiveMemoryLimit() {
        long limit = cgroup.memoryLimitBytes();
        if (limit <= 0) {
            return NONE;
        }
        // HotSpot treats a limit at or above physical memory as none: the machine is the limit
        return memory.totalBytes() > 0 && limit >= memory.totalBytes() ? NONE : limit;
    }

    /** @param online CPUs from /sys/devices/system/cpu/online, as a count and as the kernel's list */
    public record Cpus(int online, String onlineList) {
    }

    /** From /proc/meminfo: MemTotal and MemAvailable. */
    public record Memory(long totalBytes, long availableBytes) {
    }

    /**
     * The process's control group.
     *
     * @param version 1, 2, or 0 when no cgroup file system was found
     * @param path the process's cgroup (from /proc/self/cgroup) for the memory controller
     * @param cpuQuotaUs {@link #NONE} for no quota
     * @param memoryLimitBytes {@link #NONE} for no limit, as the kernel says (not yet compared with physical memory)
     * @param cpuset the CPUs the cgroup allows, or null where no cpuset file says
     * @param memoryDir the directory of the process's memory cgroup (v1: under the memory controller's mount, v2:
     *                  under the unified mount), where a child cgroup with its own limit can be made; null when
     *                  there is none
     */
    public record Cgroup(int version, String path, long cpuQuotaUs, long cpuPeriodUs, long memoryLimitBytes,
                         String cpuset, int cpusetCount, String memoryDir) {

        /** The quota in CPUs (quota / period), NaN without a quota. */
        public double cpuLimit() {
            return cpuQuotaUs > 0 && cpuPeriodUs > 0 ? (double) cpuQuotaUs / cpuPeriodUs : Double.NaN;
        }
    }

    /**
     * One node of /sys/devices/system/node.
     *
     * @param distances this node's row of the distance matrix (10 = local), in node order
     */
    public record NumaNode(int id, String cpuList, int cpuCount, long memTotalBytes, long memFreeBytes,
                           List<Integer> distances) {
        public NumaNode {
            distances = List.copyOf(distances);
        }
    }

    /**
     * Transparent huge pages (the bracketed choice of /sys/kernel/mm/transparent_hugepage/enabled and defrag)
     * and the static huge page pool of /proc/meminfo that -XX:+UseLargePages needs.
     */
    public record HugePages(String thpEnabled, String thpDefrag, long total, long free, long pageSizeBytes) {
    }

    /** @param evidence what made us think so: marker files, container runtimes in /proc/1/cgroup */
    public record Container(boolean detected, List<String> evidence) {
        public Container {
            evidence = List.copyOf(evidence);
        }
    }

    /**
     * An installed JDK.
     *
     * @param home its directory as found (symbolic links resolved)
     * @param version JAVA_VERSION of its release file
     * @param feature the feature release: 8 for 1.8.0_392, 17 for 17.0.15
     * @param foundVia where it was found: /usr/lib/jvm, JAVA_HOME, sdkman, ...
     */
    public record Jdk(String home, String version, int feature, String implementor, List<String> foundVia) {
        public Jdk {
            foundVia = List.copyOf(foundVia);
        }
    }
}
