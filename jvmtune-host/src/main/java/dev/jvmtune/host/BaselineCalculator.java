package dev.jvmtune.host;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.FlagSet;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.host.memory.NonHeap;
import dev.jvmtune.host.memory.Term;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Derives a starting configuration from {@link HostFacts}. Memory follows the shape of the memory-calculator model
 * of the Cloud Foundry java-buildpack and the Paketo buildpacks (github.com/cloudfoundry/java-buildpack-memory-
 * calculator): heap = limit - headroom - the parts besides the heap. Those parts come from a measured run of the
 * application ({@link NonHeap}: each part's peak with headroom, and the flags that cap it) or, without one, are left
 * to the JVM - no cap is set on what nobody measured - with a stated share of the limit kept for them. The host is
 * taken as shared (its available memory, an unpinned heap) unless the request says it is dedicated. GC threads
 * follow HotSpot's own ergonomics, so the numbers match what the JVM would choose for the CPUs it sees, stated
 * rather than implied.
 */
public final class BaselineCalculator {

    /** Thread stacks without a measured run: the memory calculator's (Paketo libjvm) thread count, assumed. */
    static final int THREADS = 250;
    static final long THREAD_STACK_MIB = 1; // -Xss default on 64-bit Linux
    /** ReservedCodeCacheSize with tiered compilation, JDK 8 and later. */
    static final long CODE_CACHE_MIB = 240;
    /**
     * Without a measured run, what is kept for the parts nobody measured (metaspace, direct buffers, the GC's
     * structures, native libraries): this share of the limit, at most {@link #UNMEASURED_MAX_MIB}.
     */
    static final int UNMEASURED_PCT = 10;
    static final long UNMEASURED_MAX_MIB = 1024;
    /** Native memory the model does not count (GC remembered sets and card tables, malloc and JIT arenas). */
    static final int CONTAINER_HEADROOM_PCT = 5;
    /** On a whole machine the kernel, page cache and other processes need memory too (S3: available - ~1 GB). */
    static final long HOST_HEADROOM_MIN_MIB = 1024;
    /** HotSpot's server-class machine test: 2 CPUs and 2 GB (1792 MiB after the BIOS hole). */
    static final long SERVER_CLASS_MIB = 1792;
    /** Above this, compressed oops are off and G1's young pauses grow with Eden (S1). */
    static final long LARGE_HEAP_MIB = 32 * 1024;

    /**
     * @param appMemoryBytes the application's non-heap needs (metaspace, direct buffers, native libraries),
     *        or -1
     * @param dedicated the host runs this JVM alone: size from all its memory and pin the heap; otherwise the host
     *        is taken as shared (size from available memory, let the heap grow)
     * @param measured the non-heap parts of a measured run of the application, each with its cap; null without
     */
    public record Request(Goal goal, int jdkFeature, long appMemoryBytes, boolean dedicated, int pauseGoalMs,
                          NonHeap measured) {
    }

    /** The facts do not allow a configuration (memory unknown, or too small for the non-heap parts). */
    public static final class Impossible extends Exception {
        public Impossible(String message) {
            super(message);
        }
    }

    private final HostFacts facts;
    private final Request req;
    private final List<Baseline.Step> steps = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> flags = new ArrayList<>();

    private BaselineCalculator(HostFacts facts, Request req) {
        this.facts = facts;
        this.req = req;
    }

    public static Baseline compute(HostFacts facts, Request req) throws Impossible {
        if (req.jdkFeature() < 8) {
            throw new Impossible("JDK " + req.jdkFeature() + " is not supported: jvmtune configures JDK 8 and later");
        }
        return new BaselineCalculator(facts, req).run();
    }

    private Baseline run() throws Impossible {
        Baseline.MemoryBudget memory = memory();
        memoryFlags(memory);
        int cpus = facts.jvmCpus();
        cpuStep(cpus);
        Collector collector = collector(memory.heapMiB(), cpus);
        threads(collector, cpus);
        numa(collector, memory.heapMiB());
        logging();
        return new Baseline(req.goal(), req.jdkFeature(), collector, memory, cpus, FlagSet.of(flags).options(), steps,
                notes);
    }

    // ------------------------------------------------------------------ memory

    private Baseline.MemoryBudget memory() throws Impossible {
        long cgroupLimit = facts.effectiveMemoryLimit();
        long limitBytes;
        String source;
        boolean limited = cgroupLimit > 0;
        if (limited) {
            limitBytes = cgroupLimit;
            source = facts.cgroup().version() == 2 ? "cgroup v2 memory.max" : "cgroup v1 memory.limit_in_bytes";
        } else if (!req.dedicated() && facts.memory().availableBytes() > 0) {
            limitBytes = facts.memory().availableBytes();
            source = "MemAvailable (a shared host: --dedicated for all of MemTotal)";
        } else if (facts.memory().totalBytes() > 0) {
            limitBytes = facts.memory().totalBytes();
            source = req.dedicated() ? "MemTotal (--dedicated, no cgroup memory limit)" : "MemTotal (no MemAvailable)";
        } else {
            throw new Impossible("memory size unknown: neither a cgroup memory limit nor /proc/meminfo could be read under "
                    + facts.root());
        }
        long limit = limitBytes / Sizes.MIB;
        step("memory limit", String.format(Locale.ROOT, "%,d MiB from %s", limit, source));

        long headroom;
        if (limited) {
            headroom = ceilDiv(limit * CONTAINER_HEADROOM_PCT, 100);
            step("headroom", String.format(Locale.ROOT, "%d%% x %,d MiB = %,d MiB for native memory the model does "
                    + "not count (GC remembered sets, malloc and JIT arenas); the calculator's default is 0%%",
                    CONTAINER_HEADROOM_PCT, limit, headroom));
        } else {
            long pct = ceilDiv(limit * CONTAINER_HEADROOM_PCT, 100);
            headroom = Math.max(HOST_HEADROOM_MIN_MIB, pct);
            step("headroom", String.format(Locale.ROOT, "max(%,d MiB, %d%% x %,d MiB = %,d MiB) = %,d MiB for the "
                    + "kernel, page cache and other processes", HOST_HEADROOM_MIN_MIB, CONTAINER_HEADROOM_PCT, limit,
                    pct, headroom));
        }

        List<Baseline.Part> parts = new ArrayList<>();
        if (req.measured() != null) {
            for (Term t : req.measured().terms()) {
                parts.add(new Baseline.Part(t.name(), ceilDiv(t.bytes(), Sizes.MIB), t.basis().label()));
                step(t.name(), String.format(Locale.ROOT, "%,d MiB (%s): %s", ceilDiv(t.bytes(), Sizes.MIB),
                        t.basis().label(), t.arithmetic()));
            }
            req.measured().notes().forEach(notes::add);
        } else {
            if (req.appMemoryBytes() >= 0) {
                long app = ceilDiv(req.appMemoryBytes(), Sizes.MIB);
                parts.add(new Baseline.Part("application", app, "given"));
                step("application memory", String.format(Locale.ROOT, "%,d MiB (--app-memory): metaspace, direct "
                        + "buffers and native libraries as the user gives them", app));
            } else {
                long unmeasured = Math.min(UNMEASURED_MAX_MIB, ceilDiv(limit * UNMEASURED_PCT, 100));
                parts.add(new Baseline.Part("unmeasured non-heap", unmeasured, "assumed"));
                step("unmeasured non-heap", String.format(Locale.ROOT, "min(%d%% x %,d MiB, %,d MiB) = %,d MiB kept "
                        + "for metaspace, direct buffers, the GC's structures and native libraries, which no run "
                        + "measured: they are left to the JVM, uncapped (measure one with 'jvmtune run', then "
                        + "'baseline --from DIR' counts and caps them)", UNMEASURED_PCT, limit, UNMEASURED_MAX_MIB,
                        unmeasured));
            }
            parts.add(new Baseline.Part("code cache", CODE_CACHE_MIB, "JDK default"));
            step("code cache", String.format(Locale.ROOT, "%d MiB, the JDK's ReservedCodeCacheSize with tiered "
                    + "compilation; not lowered (S4: a full code cache costs far more than it saves)", CODE_CACHE_MIB));
            long stacks = THREADS * THREAD_STACK_MIB;
            parts.add(new Baseline.Part("thread stacks", stacks, "assumed"));
            step("thread stacks", String.format(Locale.ROOT, "%d threads x %d MiB = %d MiB (assumed: the memory "
                    + "calculator's thread count at the JDK's stack size)", THREADS, THREAD_STACK_MIB, stacks));
        }
        long nonHeap = parts.stream().mapToLong(Baseline.Part::mib).sum();
        long heap = limit - headroom - nonHeap;
        StringBuilder arithmetic = new StringBuilder(String.format(Locale.ROOT, "%,d - %,d headroom", limit, headroom));
        parts.forEach(p -> arithmetic.append(String.format(Locale.ROOT, " - %,d %s", p.mib(), p.name())));
        if (heap < 16) {
            throw new Impossible(String.format(Locale.ROOT, "the memory limit is too small: heap = %s = %,d MiB; "
                    + "give more memory%s", arithmetic, heap, req.measured() != null ? ""
                    : req.appMemoryBytes() >= 0 ? " or a smaller --app-memory" : ""));
        }
        step("heap", String.format(Locale.ROOT, "%s = %,d MiB (%s) -> -Xmx%dm", arithmetic, heap,
                Sizes.human(heap * Sizes.MIB), heap));

        boolean pin = req.goal() != Goal.FOOTPRINT && (limited || req.dedicated());
        return new Baseline.MemoryBudget(source, limit, headroom, parts, heap, pin,
                req.measured() == null ? null : "measured");
    }

    private void memoryFlags(Baseline.MemoryBudget m) {
        flags.add("-Xmx" + m.heapMiB() + "m");
        if (m.pinned()) {
            flags.add("-Xms" + m.heapMiB() + "m");
            step("initial heap", "-Xms = -Xmx: the " + req.goal().label() + " goal on memory this JVM owns; a heap "
                    + "that grows and shrinks pays for it in collections and page faults (S3: 1.38x faster)");
        } else {
            step("initial heap", req.goal() == Goal.FOOTPRINT
                    ? "not pinned: the footprint goal lets the heap start small and grow on demand"
                    : "not pinned: on a shared host (the default; --dedicated when this JVM has it alone) the heap grows "
                    + "only when it must");
        }
        if (req.measured() != null) {
            flags.addAll(req.measured().flags());
        } else if (req.appMemoryBytes() >= 0) {
            notes.add("with --app-memory the split between metaspace and direct memory is yours: cap them with "
                    + "-XX:MaxMetaspaceSize and -XX:MaxDirectMemorySize inside " + ceilDiv(req.appMemoryBytes(),
                    Sizes.MIB) + " MiB");
        }
        if (m.heapMiB() > LARGE_HEAP_MIB) {
            notes.add(String.format(Locale.ROOT, "a %,d MiB heap is above 32 GiB: object references take 8 bytes "
                    + "instead of 4 (no compressed oops)", m.heapMiB()));
        }
    }

    // ------------------------------------------------------------------ CPUs and collector

    private void cpuStep(int cpus) {
        if (cpus <= 0) {
            step("cpus", "unknown: /sys/devices/system/cpu/online could not be read; GC threads are left to the JVM");
            return;
        }
        HostFacts.Cgroup cg = facts.cgroup();
        int visible = cg.cpusetCount() > 0 ? cg.cpusetCount() : facts.cpus().online();
        String from = cg.cpusetCount() > 0 ? visible + " in the cpuset (" + cg.cpuset() + ")"
                : visible + " online (" + facts.cpus().onlineList() + ")";
        double quota = cg.cpuLimit();
        if (Double.isNaN(quota)) {
            step("cpus", from + ", no CPU quota = " + cpus);
        } else {
            step("cpus", String.format(Locale.ROOT, "min(%s, ceil(quota %d us / period %d us = %.2f)) = %d",
                    from, cg.cpuQuotaUs(), cg.cpuPeriodUs(), quota, cpus));
        }
    }

    /** {@code -XX:name=value} as {@link JdkFlags} writes it for the JDK configured. */
    private void xx(String name, String value) {
        JdkFlags.option(name, value, req.jdkFeature()).ifPresent(flags::add);
    }

    private Collector collector(long heapMiB, int cpus) {
        int jdk = req.jdkFeature();
        switch (req.goal()) {
            case LATENCY -> {
                if (heapMiB > LARGE_HEAP_MIB && jdk >= 21) {
                    xx("UseZGC", "true");
                    if (jdk < 23) {
                        xx("ZGenerational", "true"); // the default only from JDK 23
                    }
                    step("collector", String.format(Locale.ROOT, "latency goal, heap %,d MiB > 32 GiB, JDK %d -> "
                            + "generational ZGC: pauses stay below a millisecond whatever the heap size", heapMiB, jdk));
                    return Collector.ZGC;
                }
                xx("UseG1GC", "true");
                xx("MaxGCPauseMillis", Integer.toString(req.pauseGoalMs()));
                String why = heapMiB > LARGE_HEAP_MIB
                        ? String.format(Locale.ROOT, "heap %,d MiB > 32 GiB but JDK %d has no generational ZGC (21+)",
                                heapMiB, jdk)
                        : String.format(Locale.ROOT, "heap %,d MiB <= 32 GiB", heapMiB);
                step("collector", "latency goal, " + why + " -> G1 with a pause goal of " + req.pauseGoalMs()
                        + " ms (--pause-goal; G1's own default is "
                        + JdkDefaults.value("MaxGCPauseMillis", Collector.G1, jdk).orElse("?") + ")");
                if (heapMiB > LARGE_HEAP_MIB) {
                    int newSize = (int) JdkDefaults.number("G1NewSizePercent", Collector.G1, jdk);
                    notes.add(String.format(Locale.ROOT, "G1's young generation starts at G1NewSizePercent = %d%% of "
                            + "the heap = %,d MiB; if young pauses miss the goal, measure the evacuation speed with "
                            + "'jvmtune analyze' and cap Eden (S1)", newSize, heapMiB * newSize / 100));
                }
                return Collector.G1;
            }
            case THROUGHPUT -> {
                xx("UseParallelGC", "true");
                step("collector", "throughput goal -> Parallel: the least GC work per allocated byte, pauses "
                        + "are the price");
                return Collector.PARALLEL;
            }
            default -> {
                boolean small = (cpus > 0 && cpus < 2) || heapMiB < SERVER_CLASS_MIB;
                if (small) {
                    xx("UseSerialGC", "true");
                    step("collector", String.format(Locale.ROOT, "footprint goal, %s -> Serial: no GC threads, no "
                            + "remembered sets", cpus > 0 && cpus < 2 ? cpus + " CPU" : String.format(Locale.ROOT,
                            "heap %,d MiB < %,d MiB (HotSpot's server-class line)", heapMiB, SERVER_CLASS_MIB)));
                    return Collector.SERIAL;
                }
                xx("UseG1GC", "true");
                step("collector", String.format(Locale.ROOT, "footprint goal, %d CPUs and heap %,d MiB >= %,d MiB -> "
                        + "G1, which returns unused heap to the system%s", cpus, heapMiB, SERVER_CLASS_MIB,
                        jdk >= 12 ? " (JDK 12+ also after idle periods with -XX:G1PeriodicGCInterval)" : ""));
                return Collector.G1;
            }
        }
    }

    private void threads(Collector collector, int n) {
        if (n <= 0) {
            return;
        }
        switch (collector) {
            case G1, PARALLEL -> {
                int jdk = req.jdkFeature();
                int parallel = JdkDefaults.parallelGcThreads(collector, n, jdk);
                xx("ParallelGCThreads", Integer.toString(parallel));
                step("gc threads", "ParallelGCThreads: " + JdkDefaults.parallelGcThreadsArithmetic(collector, n, jdk)
                        + " (HotSpot's rule; S1: 28 for 40 CPUs)");
                if (collector == Collector.G1) {
                    int conc = JdkDefaults.concGcThreads(collector, n, jdk);
                    xx("ConcGCThreads", Integer.toString(conc));
                    step("concurrent threads", String.format(Locale.ROOT,
                            "ConcGCThreads = max(1, (ParallelGCThreads + 2) / 4) = max(1, (%d + 2) / 4) = %d", parallel, conc));
                }
            }
            case ZGC -> step("gc threads", "left to ZGC, which sizes and adjusts its workers itself from the "
                    + n + " CPUs");
            default -> step("gc threads", "none: Serial collects on the VM thread");
        }
    }

    // ------------------------------------------------------------------ NUMA

    private void numa(Collector collector, long heapMiB) {
        List<HostFacts.NumaNode> nodes = facts.numaNodes().stream().filter(n -> n.memTotalBytes() > 0).toList();
        if (nodes.size() <= 1) {
            step("numa", nodes.isEmpty() ? "no NUMA nodes in /sys/devices/system/node: UseNUMA not set"
                    : "1 node: all memory is local, UseNUMA not set");
            return;
        }
        long largest = nodes.stream().mapToLong(HostFacts.NumaNode::memTotalBytes).max().orElse(0) / Sizes.MIB;
        String base = String.format(Locale.ROOT, "%d nodes, the largest holds %,d MiB; heap %,d MiB", nodes.size(),
                largest, heapMiB);
        if (heapMiB <= largest) {
            step("numa", base + " fits in one node: UseNUMA not set (S2: no gain when the heap fits in a node)");
            return;
        }
        boolean aware = switch (collector) {
            case PARALLEL, ZGC -> true;
            case G1 -> req.jdkFeature() >= 14; // JEP 345
            default -> false;
        };
        if (!aware) {
            step("numa", base + " spans nodes, but " + collector.label() + " on JDK " + req.jdkFeature()
                    + " is not NUMA-aware (G1 is from JDK 14): UseNUMA not set");
            return;
        }
        xx("UseNUMA", "true");
        step("numa", base + " > one node: -XX:+UseNUMA keeps each thread's new objects on its own node (S2)");
    }

    // ------------------------------------------------------------------ logging

    private void logging() {
        flags.addAll(JdkFlags.gcLogging(req.jdkFeature()));
        if (req.jdkFeature() >= 9) {
            step("logging", "unified GC and safepoint logging, 5 files of 50 MB: what 'jvmtune analyze' reads");
        } else {
            step("logging", "JDK 8 GC logging with details, causes, tenuring, stopped time and rotation (5 files of "
                    + "50 MB): what 'jvmtune analyze' reads");
            notes.add("JDK 8 reads cgroup limits only from 8u191; the explicit heap and thread flags above make "
                    + "this configuration independent of that");
        }
    }

    private void step(String topic, String text) {
        steps.add(new Baseline.Step(topic, text));
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
