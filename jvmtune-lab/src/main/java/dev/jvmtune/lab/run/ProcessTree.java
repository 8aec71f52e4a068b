package dev.jvmtune.lab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child process and everything it started: peak resident memory from /proc, and killing all of it. A start
 * script that runs {@code java} in a subprocess must not leave the JVM running after a timeout, and its memory
 * counts too.
 */
final class ProcessTree {

    private final ProcessHandle root;
    private volatile long peakTotal = -1;
    private volatile long peakSingle = -1;

    ProcessTree(ProcessHandle root) {
        this.root = root;
    }

    /**
     * One sample: the sum of VmRSS over the tree now, and each process's own high-water mark (VmHWM), which
     * catches a peak between samples of a single JVM.
     */
    void sample() {
        long total = 0;
        long single = peakSingle;
        boolean any = false;
        for (ProcessHandle p : members()) {
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

    /** Kills the descendants, then the root, forcibly; waits up to 5 s for the root to go. */
    void killAll() throws InterruptedException {
        // twice: a process may fork between the listing and the kill
        for (int round = 0; round < 2; round++) {
            List<ProcessHandle> all = new ArrayList<>(root.descendants().toList());
            for (ProcessHandle p : all) {
                p.destroyForcibly();
            }
            root.destroyForcibly();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (root.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private List<ProcessHandle> members() {
        List<ProcessHandle> all = new ArrayList<>();
        if (root.isAlive()) {
            all.add(root);
        }
        root.descendants().forEach(all::add);
        return all;
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
