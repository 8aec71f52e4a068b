package dev.jvmtune.host;

import java.util.BitSet;

/** The kernel's CPU list format ({@code 0-9,20-29}), used by sysfs, cpusets and NUMA nodes. */
final class CpuList {

    private CpuList() {
    }

    /** @return the CPUs, or null when the text is not a CPU list */
    static BitSet parse(String text) {
        BitSet cpus = new BitSet();
        String t = text.trim();
        if (t.isEmpty()) {
            return cpus; // an empty list is valid: a memory-only NUMA node
        }
        try {
            for (String part : t.split(",")) {
                int dash = part.indexOf('-');
                if (dash < 0) {
                    cpus.set(Integer.parseInt(part.trim()));
                } else {
                    int from = Integer.parseInt(part.substring(0, dash).trim());
                    int to = Integer.parseInt(part.substring(dash + 1).trim());
                    if (to < from) {
                        return null;
                    }
                    cpus.set(from, to + 1);
                }
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return cpus;
    }

    /** The shortest list form: {@code 0-9,20-29}. */
    static String format(BitSet cpus) {
        StringBuilder sb = new StringBuilder();
        for (int i = cpus.nextSetBit(0); i >= 0; ) {
            int end = cpus.nextClearBit(i) - 1;
            if (!sb.isEmpty()) {
                sb.append(',');
            }
            sb.append(i);
            if (end > i) {
                sb.append('-').append(end);
            }
            i = cpus.nextSetBit(end + 1);
        }
        return sb.toString();
    }
}
