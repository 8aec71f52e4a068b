package dev.jvmtune.host;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the process's cgroup and its CPU and memory limits the way HotSpot does: the mount points come from
 * /proc/self/mountinfo, the process's path in each hierarchy from /proc/self/cgroup; with any v1
 * controller mounted (a hybrid host) v1 wins, as in the JVM. Limits are read at the process's cgroup and
 * every ancestor up to the mount point, taking the tightest, because a parent's limit binds its children
 * too (HotSpot reads only the leaf before JDK 23 and misses such limits).
 */
final class CgroupProbe {

    /** v1 writes "no limit" as LONG_MAX rounded down to a page (9223372036854771712). */
    private static final long V1_UNLIMITED = Long.MAX_VALUE / 2;

    private record Mount(String root, String mountPoint, String fsType, List<String> options) {
    }

    private final SysFiles fs;

    CgroupProbe(SysFiles fs) {
        this.fs = fs;
    }

    HostFacts.Cgroup probe() {
        List<Mount> mounts = mounts();
        Map<String, String> paths = processPaths();
        Mount v1Memory = v1(mounts, "memory");
        Mount v1Cpu = v1(mounts, "cpu");
        Mount v2 = mounts.stream().filter(m -> m.fsType.equals("cgroup2")).findFirst().orElse(null);
        if (mounts.isEmpty()) {
            // no mountinfo (a trimmed --root copy): the conventional mount points
            if (fs.exists("/sys/fs/cgroup/cgroup.controllers")) {
                v2 = new Mount("/", "/sys/fs/cgroup", "cgroup2", List.of());
            } else if (fs.exists("/sys/fs/cgroup/memory") || fs.exists("/sys/fs/cgroup/cpu")) {
                v1Memory = new Mount("/", "/sys/fs/cgroup/memory", "cgroup", List.of("memory"));
                v1Cpu = new Mount("/", "/sys/fs/cgroup/cpu", "cgroup", List.of("cpu"));
            }
        }
        if (v1Memory != null || v1Cpu != null) {
            return v1(mounts, paths, v1Memory, v1Cpu);
        }
        if (v2 != null) {
            return v2(v2, paths.getOrDefault("", "/"));
        }
        return new HostFacts.Cgroup(0, null, HostFacts.UNKNOWN, HostFacts.UNKNOWN, HostFacts.UNKNOWN, null, -1, null);
    }

    private HostFacts.Cgroup v1(List<Mount> mounts, Map<String, String> paths, Mount memory, Mount cpu) {
        String memPath = paths.getOrDefault("memory", "/");
        long limit = HostFacts.UNKNOWN;
        if (memory != null) {
            for (String dir : upwards(memory, memPath)) {
                Optional<Long> v = number(dir + "/memory.limit_in_bytes");
                if (v.isPresent()) {
                    long l = v.get() >= V1_UNLIMITED ? HostFacts.NONE : v.get();
                    limit = tighter(limit, l);
                }
            }
        }
        long quota = HostFacts.UNKNOWN;
        long period = HostFacts.UNKNOWN;
        if (cpu != null) {
            for (String dir : upwards(cpu, paths.getOrDefault("cpu", "/"))) {
                Optional<Long> q = number(dir + "/cpu.cfs_quota_us");
                Optional<Long> p = number(dir + "/cpu.cfs_period_us");
                if (q.isPresent() && p.isPresent()) {
                    long qq = q.get() < 0 ? HostFacts.NONE : q.get();
                    if (isTighter(qq, p.get(), quota, period)) {
                        quota = qq;
                        period = p.get();
                    }
                }
            }
        }
        Mount cpusetMount = v1(mounts, "cpuset");
        String cpuset = null;
        if (cpusetMount != null) {
            String dir = dirOf(cpusetMount, paths.getOrDefault("cpuset", "/"));
            cpuset = fs.line(dir + "/cpuset.effective_cpus").or(() -> fs.line(dir + "/cpuset.cpus")).orElse(null);
        }
        return cgroup(1, memPath, quota, period, limit, cpuset, memory == null ? null : dirOf(memory, memPath));
    }

    private HostFacts.Cgroup v2(Mount mount, String path) {
        long limit = HostFacts.UNKNOWN;
        long quota = HostFacts.UNKNOWN;
        long period = HostFacts.UNKNOWN;
        for (String dir : upwards(mount, path)) {
            Optional<String> mem = fs.line(dir + "/memory.max");
            if (mem.isPresent()) {
                limit = tighter(limit, mem.get().equals("max") ? HostFacts.NONE : parseLong(mem.get()));
            }
            // "max 100000" or "200000 100000": quota and period in microseconds
            Optional<String> cpu = fs.line(dir + "/cpu.max");
            if (cpu.isPresent()) {
                String[] f = cpu.get().split("\\s+");
                if (f.length == 2) {
                    long q = f[0].equals("max") ? HostFacts.NONE : parseLong(f[0]);
                    long p = parseLong(f[1]);
                    if (p > 0 && isTighter(q, p, quota, period)) {
                        quota = q;
                        period = p;
                    }
                }
            }
        }
        String leaf = dirOf(mount, path);
        String cpuset = fs.line(leaf + "/cpuset.cpus.effective").filter(s -> !s.isEmpty()).orElse(null);
        return cgroup(2, path, quota, period, limit, cpuset, leaf);
    }

    private HostFacts.Cgroup cgroup(int version, String path, long quota, long period, long limit, String cpuset,
                                    String memoryDir) {
        BitSet set = cpuset == null ? null : CpuList.parse(cpuset);
        return new HostFacts.Cgroup(version, path, quota, period, limit, cpuset,
                set == null || set.isEmpty() ? -1 : set.cardinality(), memoryDir == null ? null : fs.resolve(memoryDir).toString());
    }

    /** A limit that is set beats "unknown" and "none"; of two set limits the lower binds. */
    private static long tighter(long current, long candidate) {
        if (candidate < 0) {
            return current == HostFacts.UNKNOWN ? candidate : current;
        }
        return current < 0 ? candidate : Math.min(current, candidate);
    }

    private static boolean isTighter(long quota, long period, long currentQuota, long currentPeriod) {
        if (quota < 0) {
            return currentQuota == HostFacts.UNKNOWN;
        }
        return currentQuota < 0 || (double) quota / period < (double) currentQuota / currentPeriod;
    }

    /** The process's cgroup directory and its ancestors up to the mount point. */
    private List<String> upwards(Mount mount, String path) {
        List<String> dirs = new ArrayList<>();
        String dir = dirOf(mount, path);
        while (true) {
            dirs.add(dir);
            if (dir.equals(mount.mountPoint) || !dir.startsWith(mount.mountPoint + "/")) {
                break;
            }
            dir = dir.substring(0, dir.lastIndexOf('/'));
        }
        return dirs;
    }

    /**
     * Where the process's cgroup directory is. Inside a cgroup namespace the mount's root is the process's
     * own cgroup, so its path is the mount point itself; a path that does not exist under the mount (as in
     * some container runtimes) falls back to the mount point, as HotSpot does.
     */
    private String dirOf(Mount mount, String path) {
        String dir;
        if (mount.root.equals("/")) {
            dir = path.equals("/") ? mount.mountPoint : mount.mountPoint + path;
        } else if (path.startsWith(mount.root)) {
            dir = mount.mountPoint + path.substring(mount.root.length());
        } else {
            dir = mount.mountPoint;
        }
        return fs.exists(dir) ? dir : mount.mountPoint;
    }

    private static Mount v1(List<Mount> mounts, String controller) {
        return mounts.stream().filter(m -> m.fsType.equals("cgroup") && m.options.contains(controller))
                .findFirst().orElse(null);
    }

    /**
     * /proc/self/mountinfo: "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory";
     * optional fields come before the lone "-".
     */
    private List<Mount> mounts() {
        List<Mount> mounts = new ArrayList<>();
        for (String line : fs.read("/proc/self/mountinfo").orElse("").split("\n")) {
            int sep = line.indexOf(" - ");
            if (sep < 0) {
                continue;
            }
            String[] left = line.substring(0, sep).split(" ");
            String[] right = line.substring(sep + 3).split(" ");
            if (left.length < 5 || right.length < 3 || !right[0].startsWith("cgroup")) {
                continue;
            }
            mounts.add(new Mount(unescape(left[3]), unescape(left[4]), right[0], List.of(right[2].split(","))));
        }
        return mounts;
    }

    /** /proc/self/cgroup: "4:memory:/docker/abc", "1:cpu,cpuacct:/x", and "0::/x" for v2 (key ""). */
    private Map<String, String> processPaths() {
        Map<String, String> paths = new HashMap<>();
        for (String line : fs.read("/proc/self/cgroup").orElse("").split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            if (f[1].isEmpty()) {
                paths.put("", f[2]);
            }
            for (String controller : f[1].split(",")) {
                paths.putIfAbsent(controller, f[2]);
            }
        }
        return paths;
    }

    private Optional<Long> number(String file) {
        return fs.line(file).flatMap(s -> {
            try {
                return Optional.of(Long.parseLong(s));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return HostFacts.UNKNOWN;
        }
    }

    /** mountinfo escapes spaces and tabs in paths as octal (\040). */
    private static String unescape(String s) {
        return s.replace("\\040", " ").replace("\\011", "\t").replace("\\134", "\\");
    }
}
