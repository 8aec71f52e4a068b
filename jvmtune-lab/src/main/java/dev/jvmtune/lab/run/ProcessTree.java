package dev.jvmtune.lab.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A trial's processes: the one started and everything it started, found three ways because each alone
 * misses some. Its descendants by parent link (what a start script runs); the members of the session it
 * leads (the runner starts it with {@code setsid}), which keep it when their parent exits and they are
 * re-parented to init; and every process whose environment holds the trial's cookie ({@value #COOKIE}), which
 * finds a daemon that left the session with {@code setsid} of its own. Descendants seen by a memory sample are
 * remembered too (pid and start time). Peak resident memory is sampled over the descendants.
 */
final class ProcessTree {

    /** The environment variable whose value marks a trial's processes. */
    static final String COOKIE = "JVMTUNE_TRIAL";

    private final ProcessHandle root;
    private final String cookie;
    private final Map<Long, Instant> seen = new ConcurrentHashMap<>();
    private volatile long peakTotal = -1;
    private volatile long peakSingle = -1;

    /** @param cookie the value of {@value #COOKIE} in the trial's environment; null when unknown */
    ProcessTree(ProcessHandle root, String cookie) {
        this.root = root;
        this.cookie = cookie;
    }

    /**
     * One sample: the sum of VmRSS over the tree now, and each process's own high-water mark (VmHWM), which
     * catches a peak between samples of a single JVM.
     */
    void sample() {
        long total = 0;
        long single = peakSingle;
        boolean any = false;
        for (ProcessHandle p : descendantsAndRoot()) {
            p.info().startInstant().ifPresent(s -> seen.putIfAbsent(p.pid(), s));
            long[] rssHwm = status(p.pid());
            if (rssHwm != null) {
                any = true;
                total += rssHwm[0];
                single = Math.max(single, rssHwm[1]);
            }
        }
        if (any) {
            peakTotal = Math.max(peakTotal, total);
            peakSingle = single;
        }
    }

    /** Largest resident size seen, bytes; -1 when /proc could not be read (not Linux, or gone at once). */
    long peakRssBytes() {
        return Math.max(peakTotal, peakSingle);
    }

    /**
     * Kills every process of the trial with SIGKILL, in rounds until a scan finds none left (a process may fork
     * between a scan and the kill), for at most 5 s.
     */
    void killAll() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            Set<ProcessHandle> all = members();
            if (all.isEmpty()) {
                return;
            }
            all.forEach(ProcessHandle::destroyForcibly);
            Thread.sleep(20);
        }
    }

    /** Whether any process of the trial still runs (zombies waiting to be reaped do not). */
    boolean anyAlive() {
        return !members().isEmpty();
    }

    /** The processes of the tree now: the root (while alive) and its descendants. */
    List<ProcessHandle> processes() {
        return descendantsAndRoot();
    }

    private List<ProcessHandle> descendantsAndRoot() {
        List<ProcessHandle> all = new ArrayList<>();
        if (root.isAlive()) {
            all.add(root);
        }
        root.descendants().forEach(all::add);
        return all;
    }

    private Set<ProcessHandle> members() {
        Set<ProcessHandle> all = new LinkedHashSet<>();
        for (ProcessHandle p : descendantsAndRoot()) {
            if (running(p.pid())) {
                all.add(p);
            }
        }
        seen.forEach((pid, start) -> ProcessHandle.of(pid)
                .filter(p -> p.info().startInstant().map(start::equals).orElse(false) && running(pid))
                .ifPresent(all::add));
        String mark = cookie == null ? null : COOKIE + "=" + cookie;
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path dir : procs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                String stat = stat(pid);
                if (stat == null || stat.startsWith("Z") || stat.startsWith("X")) {
                    continue;
                }
                if (session(stat) == root.pid() || mark != null && holds(dir.resolve("environ"), mark)) {
                    ProcessHandle.of(pid).ifPresent(all::add);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc (not Linux): the descendants are all that can be found
        }
        return all;
    }

    private static boolean running(long pid) {
        String stat = stat(pid);
        return stat != null && !stat.startsWith("Z") && !stat.startsWith("X");
    }

    /** /proc/PID/stat after the command name: "S 1 123 123 ..." (state, ppid, pgrp, session); null when gone. */
    private static String stat(long pid) {
        try {
            String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.ISO_8859_1);
            return s.substring(s.lastIndexOf(')') + 2);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static long session(String stat) {
        String[] f = stat.split(" ", 5);
        return f.length > 4 ? Long.parseLong(f[3]) : -1;
    }

    /** Whether the environment file holds the entry NAME=VALUE. */
    private static boolean holds(Path environ, String entry) {
        try {
            for (String e : new String(Files.readAllBytes(environ), StandardCharsets.ISO_8859_1).split("\0")) {
                if (e.equals(entry)) {
                    return true;
                }
            }
        } catch (IOException e) {
            // gone, or not ours to read
        }
        return false;
    }

    /** VmRSS and VmHWM of /proc/PID/status in bytes; null when unreadable. */
    private static long[] status(long pid) {
        try {
            long rss = -1;
            long hwm = -1;
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = kb(line);
                } else if (line.startsWith("VmHWM:")) {
                    hwm = kb(line);
                }
            }
            return rss < 0 ? null : new long[] {rss, Math.max(hwm, rss)};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static long kb(String line) {
        String digits = line.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? -1 : Long.parseLong(digits) * 1024;
    }
}
