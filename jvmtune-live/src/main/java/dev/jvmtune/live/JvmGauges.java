package dev.jvmtune.live;

import dev.jvmtune.core.model.ClassCountSample;
import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.CpuLoadSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.MemoryPoolSample;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.NativeMemorySample;
import dev.jvmtune.core.model.ResidentSetSample;
import dev.jvmtune.core.model.ThreadCountSample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the watched JVM tells about itself now, as its management beans would: each memory pool by its
 * {@code MemoryPoolMXBean} name, its threads, classes and CPU, and Native Memory Tracking's categories - the latest
 * figure of each, a gauge of the stream, not of the window. A figure its source does not tell stays unknown (-1, NaN,
 * null), never 0: a GC log tells pools after collections only, and no threads, classes or CPU.
 *
 * <p>A pool's used, committed and limit come from samples of the pool itself only (JFR's
 * {@code jdk.GCHeapMemoryPoolUsage} on JDK 21+, the metaspace summary, the code cache statistics): what a collection
 * left is not what the pool uses now (Eden is empty after every young collection). Collections give each heap pool's
 * used after the latest one, mapped to the bean's pool by {@link ManagementNames#heapPool}.
 */
final class JvmGauges {

    /** One memory pool; -1 where unknown. */
    static final class Pool {
        final boolean heap;
        long used = -1;
        long committed = -1;
        long limit = -1;
        long usedAfterGc = -1;

        Pool(boolean heap) {
            this.heap = heap;
        }

        Pool copy() {
            Pool p = new Pool(heap);
            p.used = used;
            p.committed = committed;
            p.limit = limit;
            p.usedAfterGc = usedAfterGc;
            return p;
        }
    }

    private final Map<String, Pool> pools = new LinkedHashMap<>();
    private final Map<String, NativeMemorySample> nativeMemory = new LinkedHashMap<>();
    private ResidentSetSample resident;
    private ThreadCountSample threads;
    private ClassCountSample classes;
    private CpuLoadSample cpu;
    /** The JVM's share of the machine summed over the seconds between CPU samples: machine-CPU seconds. */
    private double cpuShareSeconds = Double.NaN;
    private JvmFacts facts = JvmFacts.empty();

    synchronized void accept(JvmEvent e) {
        if (e instanceof GcEvent gc) {
            collection(gc);
        } else if (e instanceof MemoryPoolSample s) {
            Pool p = pool(s.pool(), s.heap());
            p.used = s.usedBytes();
            p.committed = s.committedBytes();
            p.limit = s.maxBytes();
        } else if (e instanceof CodeCacheSample c && !c.full()) {
            Pool p = pool(c.codeHeap(), false);
            p.used = c.usedBytes();
            p.limit = c.reservedBytes();
        } else if (e instanceof ThreadCountSample t) {
            threads = t;
        } else if (e instanceof ClassCountSample c) {
            classes = c;
        } else if (e instanceof CpuLoadSample c) {
            if (cpu != null && c.uptimeSec() > cpu.uptimeSec()) {
                // each sample is the JVM's share of the machine since the one before
                double share = (c.jvmUser() + c.jvmSystem()) * (c.uptimeSec() - cpu.uptimeSec());
                cpuShareSeconds = Double.isNaN(cpuShareSeconds) ? share : cpuShareSeconds + share;
            }
            cpu = c;
        } else if (e instanceof NativeMemorySample n) {
            nativeMemory.put(n.category(), n);
        } else if (e instanceof ResidentSetSample r) {
            resident = r;
        }
    }

    /** The heap pools as a collection left them. */
    private void collection(GcEvent e) {
        String cycle = e.kind() == GcKind.CYCLE ? e.name() : null;
        Map<String, Long> after = new LinkedHashMap<>();
        if (e.heap() != null) {
            add(after, ManagementNames.heapPool(e.collector(), e.heap().role(), cycle), e.heap());
        }
        for (MemoryUsage u : e.pools()) {
            add(after, ManagementNames.heapPool(e.collector(), u.role(), cycle), u);
        }
        after.forEach((name, bytes) -> pool(name, true).usedAfterGc = bytes);
    }

    private static void add(Map<String, Long> after, String pool, MemoryUsage u) {
        if (pool != null && u.afterBytes() >= 0) {
            after.merge(pool, u.afterBytes(), Long::sum);
        }
    }

    private Pool pool(String name, boolean heap) {
        return pools.computeIfAbsent(name, n -> new Pool(heap));
    }

    /** The facts the bounds and the CPU count come from (the heap's maximum, the CPUs). */
    synchronized void facts(JvmFacts f) {
        facts = f;
    }

    /** Each pool by name, its bound filled in from the heap's maximum where the bean gives that. */
    synchronized Map<String, Pool> pools() {
        Map<String, Pool> out = new LinkedHashMap<>();
        pools.forEach((name, p) -> {
            Pool c = p.copy();
            if (c.limit < 0 && ManagementNames.boundedByHeap(name) && facts.heapMaxBytes() > 0) {
                c.limit = facts.heapMaxBytes();
            }
            out.put(name, c);
        });
        return out;
    }

    /** Native Memory Tracking's categories, the latest of each; empty where the JVM does not track or record them. */
    synchronized List<NativeMemorySample> nativeMemory() {
        return List.copyOf(nativeMemory.values());
    }

    synchronized ResidentSetSample resident() {
        return resident;
    }

    synchronized ThreadCountSample threads() {
        return threads;
    }

    synchronized ClassCountSample classes() {
        return classes;
    }

    /** The JVM's recent CPU use, a share of the machine 0-1; NaN before a sample. */
    synchronized double cpuUtilization() {
        return cpu == null ? Double.NaN : cpu.jvmUser() + cpu.jvmSystem();
    }

    /**
     * CPU seconds the JVM used since the first two samples, from their shares of the machine ({@code jdk.CPULoad}
     * measures the JVM's ticks against all the machine's, over the time since the sample before); NaN before two
     * samples or where the machine's CPU count is unknown.
     */
    synchronized double cpuSeconds() {
        return facts.cpusTotal() > 0 ? cpuShareSeconds * facts.cpusTotal() : Double.NaN;
    }

    /**
     * The CPUs the JVM has ({@code Runtime.availableProcessors}): the container's effective count, else
     * {@code -XX:ActiveProcessorCount} where set, else the machine's; -1 where the source does not say.
     */
    synchronized int cpuCount() {
        if (facts.cpusAvailable() > 0) {
            return facts.cpusAvailable();
        }
        try {
            int active = Integer.parseInt(facts.raw().getOrDefault("ActiveProcessorCount", "-1"));
            if (active > 0) {
                return active;
            }
        } catch (NumberFormatException notANumber) {
            // as if unset
        }
        return facts.cpusTotal();
    }
}
