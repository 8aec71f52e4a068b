package dev.jvmtune.core.parse.unified;

import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.NumaStatistic;
import dev.jvmtune.core.parse.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * G1's per-collection NUMA statistics (gc+heap+numa at info, JDK 14+, G1NUMAStats::print_info):
 * {@code Placement match ratio: 87% 230/264 (0: 85% 110/129, 1: 88% 120/135)}. One or two lines per
 * collection, and only with -XX:+UseNUMA on a multi-node host: regex is fine.
 */
final class NumaLines {

    private static final byte[][] NAMES = {"Placement match ratio: ".getBytes(StandardCharsets.ISO_8859_1),
            "Worker task locality match ratio: ".getBytes(StandardCharsets.ISO_8859_1)};
    private static final Pattern TOTAL = Pattern.compile("^(\\d+)% (\\d+)/(\\d+)");
    private static final Pattern NODE = Pattern.compile("(\\d+): (\\d+)% (\\d+)/(\\d+)");

    private NumaLines() {
    }

    /** @return whether the line was a NUMA statistic (read into {@code facts}) */
    static boolean accept(JvmFacts.Builder facts, byte[] b, int from, int end) {
        for (byte[] name : NAMES) {
            if (Bytes.startsWith(b, from, end, name)) {
                String rest = new String(b, from + name.length, end - from - name.length, StandardCharsets.ISO_8859_1);
                Matcher t = TOTAL.matcher(rest);
                if (!t.find()) {
                    return false;
                }
                Map<Integer, NumaStatistic.Count> nodes = new TreeMap<>();
                int open = rest.indexOf('(');
                Matcher n = NODE.matcher(open < 0 ? "" : rest.substring(open));
                while (n.find()) {
                    int node = Bytes.parseInt(n.group(1));
                    long hits = Bytes.parseLong(n.group(3));
                    long all = Bytes.parseLong(n.group(4));
                    if (node < 0 || hits < 0 || all < 0) {
                        return false;  // a number too long for its field: a corrupt line, not a statistic
                    }
                    nodes.put(node, new NumaStatistic.Count(hits, all));
                }
                long hits = Bytes.parseLong(t.group(2));
                long all = Bytes.parseLong(t.group(3));
                if (hits < 0 || all < 0) {
                    return false;
                }
                String key = new String(name, 0, name.length - 2, StandardCharsets.ISO_8859_1);
                NumaStatistic s = new NumaStatistic(key, 1, hits, all, nodes);
                facts.numaStatistics.merge(key, s, NumaStatistic::plus);
                return true;
            }
        }
        return false;
    }
}
