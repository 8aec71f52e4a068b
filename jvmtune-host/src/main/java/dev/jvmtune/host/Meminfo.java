package dev.jvmtune.host;

import java.util.HashMap;
import java.util.Map;

/**
 * /proc/meminfo ("MemTotal:       24684092 kB") and the per-node files of sysfs, which prefix each line
 * with the node ("Node 0 MemTotal:       11233492 kB"). Values in kB are returned in bytes; counts
 * (HugePages_Total) as they are.
 */
final class Meminfo {

    private final Map<String, Long> values;

    private Meminfo(Map<String, Long> values) {
        this.values = values;
    }

    static Meminfo parse(String text) {
        Map<String, Long> values = new HashMap<>();
        for (String line : text.split("\n")) {
            String l = line.startsWith("Node ") ? line.substring(line.indexOf(' ', 5) + 1) : line;
            int colon = l.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String[] f = l.substring(colon + 1).trim().split("\\s+");
            try {
                long v = Long.parseLong(f[0]);
                values.put(l.substring(0, colon).trim(), f.length > 1 && f[1].equals("kB") ? v * Sizes.KIB : v);
            } catch (NumberFormatException e) {
                // not a number: not a field we read
            }
        }
        return new Meminfo(values);
    }

    static Meminfo empty() {
        return new Meminfo(Map.of());
    }

    /** @return the value, or {@link HostFacts#UNKNOWN} */
    long get(String key) {
        return values.getOrDefault(key, HostFacts.UNKNOWN);
    }
}
