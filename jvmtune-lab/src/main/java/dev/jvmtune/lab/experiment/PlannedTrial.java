package dev.jvmtune.lab.experiment;

import java.util.Map;

/**
 * One trial of an experiment's plan. {@code seq} is its place in the (shuffled) order and its identity in the
 * store; the plan is rebuilt from the spec and seed on resume, so seq numbers stay the same.
 *
 * @param jdk     as named in the spec ("17", a path, or "default")
 * @param flagSet the flag set's name in the spec
 * @param params  parameter -> value for this trial, in the spec's order
 * @param repeat  1-based; 0 for a warm-up trial
 */
public record PlannedTrial(int seq, String jdk, String flagSet, Map<String, String> params, int repeat) {

    public PlannedTrial {
        params = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
    }

    public boolean warmup() {
        return repeat == 0;
    }

    /** The configuration compared across: JDK and flag set ("jdk17/xms-eq-xmx"). */
    public String config() {
        return config(jdk, flagSet);
    }

    public static String config(String jdk, String flagSet) {
        return "jdk" + jdk + "/" + flagSet;
    }
}
