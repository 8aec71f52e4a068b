package dev.jvmtune.report;

import dev.jvmtune.lab.store.StoredTrial;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Trials as a results store keeps them, of a small experiment whose figures are known: the documents' fixture. */
public final class StoredTrials {

    /** The experiment's spec: two JDKs, one flag set, three sizes, three repeats. */
    public static final String SPEC = """
            name: sizes
            workload: timeseries
            jdks: [17, 25]
            flags:
              a: -Xmx256m
            params:
              days: [1, 2, 3]
            repeats: 3
            """;

    private StoredTrials() {
    }

    /**
     * The 18 trials of {@link #SPEC} as experiment {@code id}, each in {@code outRoot/tN}: JDK 25 20% faster, an OOM
     * on JDK 17 at 3 days, Full GCs from 2 days, the footprint at the resident peak (200 MiB and the repeat, 128 MiB
     * of heap resident, 40 of metaspace).
     */
    public static List<StoredTrial> sizes(String id, String outRoot) {
        List<StoredTrial> trials = new ArrayList<>();
        int seq = 0;
        for (String jdk : List.of("17", "25")) {
            for (int days = 1; days <= 3; days++) {
                for (int r = 1; r <= 3; r++) {
                    double wall = (jdk.equals("17") ? 1.0 : 0.8) * (2 * days + 1) + 0.01 * r;
                    boolean oom = jdk.equals("17") && days == 3 && r == 2;
                    TreeMap<String, Double> m = new TreeMap<>(Map.of("gc.fullCount", days >= 2 ? 1.0 : 0.0));
                    if (!oom) {
                        m.put("wall", wall);
                    }
                    m.put("footprint.rssPeakBytes", (200.0 + r) * (1 << 20));
                    m.put("footprint.heapResidentBytes", 128.0 * (1 << 20));
                    m.put("footprint.metaspaceBytes", 40.0 * (1 << 20));
                    seq++;
                    trials.add(new StoredTrial(id, seq, "jdk" + jdk + "/a", jdk, jdk + ".0.1", "a", "-Xmx256m",
                            Map.of("days", Integer.toString(days)), r, oom ? "OOM" : "OK", oom ? 1 : 0, wall, 1 << 28,
                            "2026-11-23T08:00:0" + (seq % 10) + "Z", outRoot + "/t" + seq, "", m));
                }
            }
        }
        return trials;
    }
}
