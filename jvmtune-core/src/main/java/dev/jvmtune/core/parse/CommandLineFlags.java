package dev.jvmtune.core.parse;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.options.JvmOption;

/**
 * The {@code -XX} options of a command line the log shows (JDK 6-8's {@code CommandLine flags:}, a unified log's
 * {@code [arguments] jvm_args:}, Shenandoah's {@code Heuristics ergonomically sets -XX:+...}) into the facts: each
 * flag's value in {@code raw} under its name - what the run set, as opposed to the JVM's defaults - and the
 * collector, heap sizes, GC threads, NUMA and large pages they select. Each option is read by {@link JvmOption}.
 */
public final class CommandLineFlags {

    private CommandLineFlags() {
    }

    public static void apply(JvmFacts.Builder facts, String line) {
        for (String token : line.trim().split("\\s+")) {
            if (!token.startsWith("-XX:")) {
                continue;
            }
            JvmOption o = JvmOption.parse(token);
            String name = o.name();
            String value = o.value();
            facts.raw.put(name, value);
            if (o.selects().isPresent()) {
                facts.collector = o.selects().get();
                continue;
            }
            switch (name) {
                case "UseNUMA" -> facts.numa = Boolean.parseBoolean(value);
                case "UseLargePages" -> facts.largePages = Boolean.parseBoolean(value);
                case "UseCompressedOops" -> facts.compressedOops = Boolean.parseBoolean(value) ? "enabled" : "disabled";
                case "MaxHeapSize" -> facts.heapMaxBytes = JvmOption.bytes(value);
                case "InitialHeapSize" -> facts.heapInitialBytes = JvmOption.bytes(value);
                case "G1HeapRegionSize" -> facts.regionSizeBytes = JvmOption.bytes(value);
                case "ParallelGCThreads" -> facts.parallelWorkers = (int) JvmOption.bytes(value);
                case "ConcGCThreads" -> facts.concurrentWorkers = (int) JvmOption.bytes(value);
                default -> {
                }
            }
        }
    }
}
