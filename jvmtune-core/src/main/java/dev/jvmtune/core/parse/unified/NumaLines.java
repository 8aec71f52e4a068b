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
                    nodes.put(Integer.parseInt(n.group(1)),
                            new NumaStatistic.Count(Long.parseLong(n.group(3)), Long.parseLong(n.group(4))));
                }
                String key = new String(name, 0, name.length - 2, StandardCharsets.ISO_8859_1);
                NumaStatistic s = new NumaStatistic(key, 1, Long.parseLong(t.group(2)), Long.parseLong(t.group(3)), nodes);
                facts.numaStatistics.merge(key, s, NumaStatistic::plus);
                return true;
            }
        }
        return false;
    }
}
