package dev.jvmtune.core.parse.unified;

import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.parse.Bytes;
import dev.jvmtune.core.parse.CommandLineFlags;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code gc,init} facts ("CPUs: 2 total, 2 available") and the {@code arguments} line's options into {@link JvmFacts}.
 * Rare lines: regex is fine.
 */
final class Facts {

    /** {@code -Xlog:arguments}' line with the JVM's options. */
    private static final String JVM_ARGS = "jvm_args";
    private static final Set<String> KNOWN = Set.of("Version", "CPUs", "Memory", "Large Page Support",
            "NUMA Support", "NUMA Nodes", "Compressed Oops", "Heap Region Size", "Heap Min Capacity",
            "Heap Initial Capacity", "Heap Max Capacity", "Pre-touch", "Parallel Workers", "Concurrent Workers",
            "Concurrent Refinement Workers", "Periodic GC", "Min Capacity", "Initial Capacity", "Max Capacity",
            "GC Workers", "Runtime Workers", "Regions", "GC threads", "Initialize Shenandoah heap", "Mode",
            "Heuristics", "Shenandoah GC mode", "Shenandoah heuristics", "Heap Region Count",
            "Soft Max Capacity", "Soft Max Heap Size", "Uncommit", "Uncommit Delay", "Medium Page Size",
            "TLAB Size Max", "Max TLAB size", "Humongous object threshold", "Address Space Type",
            "Address Space Size", "Heap Backing File", "Heap Backing Filesystem", "Reference processing",
            "Safepointing mechanism", "CardTable entry size", "Alignments", "GC Workers for Old Generation",
            "GC Workers for Young Generation", "GC Workers Max", JVM_ARGS);

    private static final Pattern CPUS = Pattern.compile("(\\d+) total, (\\d+) available");
    private static final Pattern NODES = Pattern.compile("(\\d+) nodes?");
    private static final Pattern LEADING_INT = Pattern.compile("^(\\d+)");
    private static final Pattern SHENANDOAH_REGIONS = Pattern.compile("(\\d+) x (\\d+[KMG])");
    private static final Pattern SHENANDOAH_THREADS = Pattern.compile("(\\d+) parallel, (\\d+) concurrent");
    private static final Pattern SHENANDOAH_HEAP = Pattern.compile("(\\d+[KMG]) initial, (\\d+[KMG]) min, (\\d+[KMG]) max");

    private Facts() {
    }

    static boolean isKnown(byte[] b, int from, int to) {
        return KNOWN.contains(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
    }

    static void apply(JvmFacts.Builder f, String key, String value) {
        f.raw.put(key, value);
        switch (key) {
            case "Version" -> f.version = value;
            case JVM_ARGS -> CommandLineFlags.apply(f, value);
            case "CPUs" -> {
                Matcher m = CPUS.matcher(value);
                if (m.find()) {
                    f.cpusTotal = Bytes.parseInt(m.group(1));
                    f.cpusAvailable = Bytes.parseInt(m.group(2));
                }
            }
            case "Memory" -> f.memoryBytes = size(value);
            case "Heap Region Size" -> f.regionSizeBytes = size(value);
            case "Heap Min Capacity", "Min Capacity" -> f.heapMinBytes = size(value);
            case "Heap Initial Capacity", "Initial Capacity" -> f.heapInitialBytes = size(value);
            case "Heap Max Capacity", "Max Capacity" -> f.heapMaxBytes = size(value);
            case "Parallel Workers", "GC Workers" -> f.parallelWorkers = leadingInt(value);
            case "Concurrent Workers" -> f.concurrentWorkers = leadingInt(value);
            case "NUMA Support" -> {
                f.numa = value.startsWith("Enabled");
                Matcher m = NODES.matcher(value);
                if (m.find()) {
                    f.numaNodes = Bytes.parseInt(m.group(1));
                }
            }
            case "NUMA Nodes" -> f.numaNodes = leadingInt(value);
            case "Large Page Support" -> f.largePages = value.startsWith("Enabled");
            case "Compressed Oops" -> f.compressedOops = value;
            case "Regions" -> {
                Matcher m = SHENANDOAH_REGIONS.matcher(value);
                if (m.find()) {
                    f.regionSizeBytes = size(m.group(2));
                }
            }
            case "GC threads" -> {
                Matcher m = SHENANDOAH_THREADS.matcher(value);
                if (m.find()) {
                    f.parallelWorkers = Bytes.parseInt(m.group(1));
                    f.concurrentWorkers = Bytes.parseInt(m.group(2));
                }
            }
            case "Initialize Shenandoah heap" -> {
                Matcher m = SHENANDOAH_HEAP.matcher(value);
                if (m.find()) {
                    f.heapInitialBytes = size(m.group(1));
                    f.heapMinBytes = size(m.group(2));
                    f.heapMaxBytes = size(m.group(3));
                }
            }
            default -> {
            }
        }
    }

    private static long size(String value) {
        byte[] b = value.trim().getBytes(StandardCharsets.ISO_8859_1);
        return Bytes.parseSize(b, 0, b.length);
    }

    private static int leadingInt(String value) {
        Matcher m = LEADING_INT.matcher(value.trim());
        return m.find() ? Bytes.parseInt(m.group(1)) : -1;
    }
}
