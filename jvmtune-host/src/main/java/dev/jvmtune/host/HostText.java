package dev.jvmtune.host;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Host facts and a baseline as plain text, to read or paste into a bug report. */
public final class HostText {

    private HostText() {
    }

    public static void system(HostFacts f, PrintStream out) {
        if (!f.root().equals("/")) {
            out.println("Root        " + f.root());
        }
        HostFacts.Cgroup cg = f.cgroup();
        out.println("CPUs        " + count(f.cpus().online()) + " online"
                + (f.cpus().onlineList() == null ? "" : " (" + f.cpus().onlineList() + ")")
                + (cg.cpuset() == null ? "" : ", cpuset " + cg.cpuset())
                + (Double.isNaN(cg.cpuLimit()) ? "" : String.format(Locale.ROOT, ", quota %.2f CPUs", cg.cpuLimit()))
                + "; a JVM here uses " + count(f.jvmCpus()));
        out.println("Memory      " + size(f.memory().totalBytes()) + " total, " + size(f.memory().availableBytes())
                + " available");
        out.println("Cgroup      " + cgroup(f));
        out.println("Container   " + (f.container().detected() ? "yes: " + String.join("; ", f.container().evidence())
                : "none detected"));
        HostFacts.HugePages h = f.hugePages();
        out.println("Huge pages  transparent: " + orUnknown(h.thpEnabled()) + " (defrag " + orUnknown(h.thpDefrag())
                + "); static pool: " + (h.total() < 0 ? "unknown" : h.total() + " x " + size(h.pageSizeBytes())
                + ", " + h.free() + " free"));
        if (f.numaNodes().isEmpty()) {
            out.println("NUMA        unknown: no /sys/devices/system/node");
        } else {
            out.println("NUMA        " + f.numaNodes().size() + (f.numaNodes().size() == 1 ? " node" : " nodes"));
            for (HostFacts.NumaNode n : f.numaNodes()) {
                out.printf(Locale.ROOT, "  node %-3d  CPUs %-20s memory %s total, %s free%n", n.id(),
                        n.cpuList() == null ? "unknown" : n.cpuList() + " (" + n.cpuCount() + ")",
                        size(n.memTotalBytes()), size(n.memFreeBytes()));
            }
            if (f.numaNodes().size() > 1) {
                out.print("  distance ");
                for (HostFacts.NumaNode n : f.numaNodes()) {
                    out.printf(Locale.ROOT, "%5d", n.id());
                }
                out.println();
                for (HostFacts.NumaNode n : f.numaNodes()) {
                    out.printf(Locale.ROOT, "  %8d ", n.id());
                    for (int d : n.distances()) {
                        out.printf(Locale.ROOT, "%5d", d);
                    }
                    out.println();
                }
            }
        }
        if (f.jdks().isEmpty()) {
            out.println("JDKs        none found (/usr/lib/jvm, /opt/java/openjdk, ~/.sdkman, JAVA_HOME)");
        } else {
            out.println("JDKs");
            for (HostFacts.Jdk j : f.jdks()) {
                out.printf(Locale.ROOT, "  %-8s %-45s %s%n", j.version(), j.home(),
                        (j.implementor() == null ? "" : j.implementor() + ", ") + "via " + String.join(", ", j.foundVia()));
            }
        }
    }

    public static void baseline(Baseline b, String jdkDescription, PrintStream out) {
        out.println("Goal        " + b.goal().label() + ", JDK " + jdkDescription + ", collector " + b.collector().label());
        out.println();
        out.println("java \\");
        List<String> flags = b.flags();
        for (int i = 0; i < flags.size(); i++) {
            out.println("  " + flags.get(i) + " \\");
        }
        out.println("  ...");
        out.println();
        out.println("How:");
        int width = b.steps().stream().mapToInt(s -> s.topic().length()).max().orElse(0);
        for (Baseline.Step s : b.steps()) {
            out.printf(Locale.ROOT, "  %-" + width + "s  %s%n", s.topic(), s.text());
        }
        if (!b.notes().isEmpty()) {
            out.println();
            for (String n : b.notes()) {
                out.println("note: " + n);
            }
        }
    }

    private static String cgroup(HostFacts f) {
        HostFacts.Cgroup cg = f.cgroup();
        if (cg.version() == 0) {
            return "unknown: no cgroup file system in /proc/self/mountinfo or /sys/fs/cgroup";
        }
        List<String> parts = new ArrayList<>();
        parts.add("v" + cg.version() + " " + cg.path());
        parts.add("memory limit " + limit(cg.memoryLimitBytes(), f.effectiveMemoryLimit()));
        if (cg.cpuQuotaUs() == HostFacts.UNKNOWN) {
            parts.add("CPU quota unknown");
        } else if (cg.cpuQuotaUs() < 0) {
            parts.add("no CPU quota");
        } else {
            parts.add(String.format(Locale.ROOT, "CPU quota %d/%d us = %.2f CPUs", cg.cpuQuotaUs(), cg.cpuPeriodUs(),
                    cg.cpuLimit()));
        }
        if (cg.memoryDir() != null) {
            parts.add("memory cgroup " + cg.memoryDir() + (java.nio.file.Files.isWritable(java.nio.file.Path.of(
                    cg.memoryDir())) ? " (writable: trials can run under a memory limit)" : " (not writable)"));
        }
        return parts.stream().collect(Collectors.joining(", "));
    }

    private static String limit(long raw, long effective) {
        if (raw == HostFacts.UNKNOWN) {
            return "unknown";
        }
        if (raw < 0) {
            return "none";
        }
        return effective < 0 ? size(raw) + " (not below physical memory: none)" : size(raw);
    }

    private static String size(long bytes) {
        return bytes < 0 ? "unknown" : Sizes.human(bytes);
    }

    private static String count(int n) {
        return n < 0 ? "unknown" : Integer.toString(n);
    }

    private static String orUnknown(String s) {
        return s == null ? "unknown" : s;
    }
}
