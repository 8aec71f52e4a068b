package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import java.util.List;
import java.util.Optional;

/**
 * The maximum heap is larger than the memory the JVM saw (physical memory or its container limit): once the
 * heap grows into it, the machine swaps or the kernel kills the JVM. The heap must leave room for metaspace,
 * code cache, thread stacks, direct buffers and the OS.
 */
final class HeapOverMemoryRule implements Rule {

    /** What the rest of the process and the OS need beside the heap (S3: "available - ~1 GB"). */
    static final long HEADROOM_BYTES = 1L << 30;
    /** Heaps above this share of memory leave too little for the rest. */
    static final double MAX_SHARE = 0.9;
    /** How {@link #fit} is reckoned, for other rules' arithmetic. */
    static final String FIT_TEXT = "memory - ~1 GiB for the rest of the process and the OS, no less than half of it";

    /** The largest heap {@code memory} backs: memory less the headroom, but no less than half of it. */
    static long fit(long memory) {
        return Math.max(memory - HEADROOM_BYTES, memory / 2);
    }

    @Override
    public String id() {
        return "heap-exceeds-memory";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        long memory = run.jvm().memoryBytes();
        long heap = Math.max(run.jvm().heapMaxBytes(), run.analysis().heap().maxCapacityBytes());
        if (memory <= 0 || heap <= 0 || heap <= MAX_SHARE * memory) {
            return Optional.empty();
        }
        long fit = fit(memory);
        boolean over = heap > memory;
        List<String> evidence = List.of(f("maximum heap %d MiB, memory the JVM saw %d MiB (%.0f%%)", mib(heap),
                mib(memory), 100.0 * heap / memory));
        String size = Text.size(fit);
        Cost cost = Cost.memory(run, heap, memory, List.of(f("maximum heap %d MiB against %d MiB of memory", mib(heap),
                mib(memory))), new Cost.Basis(1, 0, Double.NaN, "maximum heap against the memory the JVM saw"));
        return Optional.of(Finding.of(id(), over ? "The maximum heap is larger than the machine's memory"
                : "The maximum heap leaves under 10% of memory for everything else", evidence,
                new Recommendation(List.of("-Xmx" + size), List.of(
                        f("memory %d MiB - ~1 GiB for metaspace, code cache, thread stacks, direct buffers and the OS "
                                + "= %d MiB%s", mib(memory), mib(memory - HEADROOM_BYTES),
                                memory - HEADROOM_BYTES < memory / 2 ? f(", but no less than half of memory: %d MiB",
                                        mib(fit)) : ""),
                        "if the live set needs more, the machine needs more memory: a heap that swaps pauses for "
                                + "seconds")), cost));
    }
}
