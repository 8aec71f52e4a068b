package dev.jvmtune.lab.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The order trials run in. Warm-up trials come first (each configuration at its first parameter values,
 * shuffled). Then one round per repeat, each round every cell (JDK x flag set x parameter values) once in its
 * own shuffled order: drift of the machine over the experiment hits every configuration alike, and a killed
 * experiment has complete rounds rather than complete configurations.
 */
public final class Plan {

    private Plan() {
    }

    public static List<PlannedTrial> of(ExperimentSpec spec, long seed) {
        Random random = new Random(seed);
        List<Map<String, String>> combos = combinations(spec.axes());
        List<PlannedTrial> cells = new ArrayList<>();
        for (String jdk : spec.jdks()) {
            for (String flagSet : spec.flagSets().keySet()) {
                for (Map<String, String> c : combos) {
                    cells.add(new PlannedTrial(0, jdk, flagSet, c, 0));
                }
            }
        }
        List<PlannedTrial> order = new ArrayList<>();
        List<PlannedTrial> warm = new ArrayList<>();
        for (String jdk : spec.jdks()) {
            for (String flagSet : spec.flagSets().keySet()) {
                for (int w = 0; w < spec.warmup(); w++) {
                    warm.add(new PlannedTrial(0, jdk, flagSet, combos.get(0), 0));
                }
            }
        }
        Collections.shuffle(warm, random);
        order.addAll(warm);
        for (int r = 1; r <= spec.repeats(); r++) {
            List<PlannedTrial> round = new ArrayList<>(cells);
            Collections.shuffle(round, random);
            for (PlannedTrial t : round) {
                order.add(new PlannedTrial(0, t.jdk(), t.flagSet(), t.params(), r));
            }
        }
        List<PlannedTrial> numbered = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            PlannedTrial t = order.get(i);
            numbered.add(new PlannedTrial(i + 1, t.jdk(), t.flagSet(), t.params(), t.repeat()));
        }
        return numbered;
    }

    /** Every combination of the parameters' values, the first parameter varying slowest. */
    public static List<Map<String, String>> combinations(Map<String, List<String>> params) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> p : params.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : out) {
                for (String v : p.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(partial);
                    m.put(p.getKey(), v);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }
}
