package dev.jvmtune.lab.run;

import dev.jvmtune.host.HostFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A memory cgroup of its own for one trial, a child of jvmtune's own memory cgroup, with the trial's limit: the
 * kernel charges the trial's pages to it and its OOM killer ends the trial when they pass the limit, as in a
 * container. cgroup v1 ({@code memory.limit_in_bytes}, with {@code memory.memsw.limit_in_bytes} at the same value
 * where swap is accounted, so that swap cannot stretch it) and v2 ({@code memory.max}, {@code memory.swap.max = 0}).
 * The program enters it before it runs ({@link #wrap}: a shell writes its own pid to {@code cgroup.procs} and
 * execs the command), so every page it touches, from the first, is charged there. {@link #close} removes it.
 */
final class MemoryCgroup implements AutoCloseable {

    /** What the kernel says of a cgroup after a trial. */
    record Usage(long limitBytes, long peakBytes, long oomKills, long failCount) {
    }

    private final Path dir;
    private final int version;
    private final long limitBytes;

    private MemoryCgroup(Path dir, int version, long limitBytes) {
        this.dir = dir;
        this.version = version;
        this.limitBytes = limitBytes;
    }

    /**
     * Makes the child cgroup {@code name} of {@code own} with the limit.
     *
     * @throws MemoryLimitUnavailableException when the machine cannot: the one-line reason
     */
    static MemoryCgroup create(HostFacts.Cgroup own, String name, long limitBytes)
            throws MemoryLimitUnavailableException {
        Path parent = parent(own);
        Path dir = parent.resolve(name);
        try {
            Files.createDirectory(dir);
        } catch (IOException e) {
            throw new MemoryLimitUnavailableException("cannot create a memory cgroup in " + parent + ": "
                    + dev.jvmtune.core.io.IoErrors.describe(e) + " (run as root, with a writable cgroup file system)");
        }
        MemoryCgroup cg = new MemoryCgroup(dir, own.version(), limitBytes);
        try {
            if (own.version() == 2) {
                write(dir.resolve("memory.max"), Long.toString(limitBytes));
                optional(dir.resolve("memory.swap.max"), "0");
            } else {
                write(dir.resolve("memory.limit_in_bytes"), Long.toString(limitBytes));
                optional(dir.resolve("memory.memsw.limit_in_bytes"), Long.toString(limitBytes));
            }
        } catch (IOException e) {
            cg.close();
            throw new MemoryLimitUnavailableException("cannot set the memory limit of " + dir + ": "
                    + dev.jvmtune.core.io.IoErrors.describe(e));
        }
        return cg;
    }

    /** Whether trials can run under a memory limit here; empty when they can, else the one-line reason. */
    static Optional<String> unavailable(HostFacts.Cgroup own) {
        try (MemoryCgroup cg = create(own, "jvmtune-probe-" + ProcessHandle.current().pid(), 64L << 20)) {
            return Optional.empty();
        } catch (MemoryLimitUnavailableException e) {
            return Optional.of(e.getMessage());
        }
    }

    private static Path parent(HostFacts.Cgroup own) throws MemoryLimitUnavailableException {
        if (own.memoryDir() == null) {
            throw new MemoryLimitUnavailableException("no memory cgroup here (neither cgroup v1's memory controller "
                    + "nor cgroup v2 in /proc/self/mountinfo): a memory limit needs one");
        }
        Path parent = Path.of(own.memoryDir());
        if (own.version() == 2 && !hasMemoryController(parent)) {
            throw new MemoryLimitUnavailableException("cgroup v2: " + parent + " does not give the memory controller "
                    + "to its children (memory is not in its cgroup.subtree_control, and a cgroup that holds "
                    + "processes cannot take it): run jvmtune in a cgroup delegated to it");
        }
        return parent;
    }

    /** cgroup v2 gives a child the memory controller only when the parent's subtree_control names it. */
    private static boolean hasMemoryController(Path parent) {
        Path control = parent.resolve("cgroup.subtree_control");
        try {
            if (List.of(Files.readString(control).trim().split("\\s+")).contains("memory")) {
                return true;
            }
            Files.writeString(control, "+memory");
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The launch command, entering this cgroup first: {@code sh -c 'echo $$ > DIR/cgroup.procs && exec "$@"'}. */
    List<String> wrap(List<String> launch) {
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c",
                "echo $$ > '" + dir.resolve("cgroup.procs") + "' && exec \"$@\"", "jvmtune-memory-limit"));
        cmd.addAll(launch);
        return cmd;
    }

    /** The peak charge, the OOM kills and the times the limit was hit, as the kernel counts them. */
    Usage usage() {
        if (version == 2) {
            long kills = -1;
            long max = -1;
            for (String line : read("memory.events").split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2 && f[0].equals("oom_kill")) {
                    kills = Long.parseLong(f[1]);
                } else if (f.length == 2 && f[0].equals("max")) {
                    max = Long.parseLong(f[1]);
                }
            }
            return new Usage(limitBytes, number("memory.peak"), kills, max);
        }
        long kills = -1;
        for (String line : read("memory.oom_control").split("\n")) {
            if (line.startsWith("oom_kill ")) {
                kills = Long.parseLong(line.substring(9).trim());
            }
        }
        return new Usage(limitBytes, number("memory.max_usage_in_bytes"), kills, number("memory.failcnt"));
    }

    /** Removes the cgroup once its processes are gone (the kernel refuses while one is left). */
    @Override
    public void close() {
        for (int i = 0; i < 50; i++) {
            try {
                Files.deleteIfExists(dir);
                return;
            } catch (IOException e) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private String read(String file) {
        try {
            return Files.readString(dir.resolve(file));
        } catch (IOException e) {
            return "";
        }
    }

    private long number(String file) {
        try {
            return Long.parseLong(read(file).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value);
    }

    /** A file the kernel may not have (swap accounting off): written where it is. */
    private static void optional(Path file, String value) {
        if (Files.exists(file)) {
            try {
                Files.writeString(file, value);
            } catch (IOException e) {
                // swap not accounted: nothing to stretch the limit with
            }
        }
    }
}
