package dev.jvmtune.lab.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.jvmtune.lab.run.Durations;
import dev.jvmtune.lab.run.Metrics;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An experiment as written in its YAML file (docs/lab.md#spec): JDKs x named flag sets x parameter values x
 * repeats, a bundled workload or any command, warm-up trials, a time cap per trial and the seed of the order.
 *
 * @param flagSets name -> flags, in the file's order
 * @param params   parameter -> its values, in the file's order; a workload gets {@code --name value}, a command
 *                 has {@code {name}} replaced
 * @param seed     the shuffle's seed; null: drawn at random and recorded with the experiment
 * @param metrics  extra metrics read from each trial's stdout: name -> regex whose first group is a number
 * @param metric   the metric its report compares and fits by default ({@code wallSec} unless given)
 */
public record ExperimentSpec(String name, List<String> jdks, String workload, List<String> command,
                             Map<String, String> flagSets, Map<String, List<String>> params, int repeats,
                             int warmup, Duration timeout, Long seed, boolean jfr, Map<String, String> metrics,
                             String metric) {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> KEYS = Set.of("name", "jdks", "workload", "command", "flags", "params",
            "repeats", "warmup", "timeout", "seed", "jfr", "metrics", "metric");

    public ExperimentSpec {
        jdks = List.copyOf(jdks);
        command = command == null ? null : List.copyOf(command);
        flagSets = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(flagSets));
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        metrics = Map.copyOf(metrics);
    }

    /** @throws IllegalArgumentException with a one-line message naming the field at fault */
    public static ExperimentSpec parse(String yaml) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (IOException e) {
            throw new IllegalArgumentException("not valid YAML: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("an experiment spec is a YAML mapping (name:, jdks:, flags: ...)");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!KEYS.contains(k)) {
                throw new IllegalArgumentException("unknown key '" + k + "'; the keys are " + new java.util.TreeSet<>(KEYS));
            }
        }
        String name = text(root, "name", null);
        if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("name: required, letters, digits, '.', '_' and '-' only");
        }
        List<String> jdks = list(root.path("jdks"), "jdks");
        if (jdks.isEmpty()) {
            jdks = List.of("default");
        }
        String workload = text(root, "workload", null);
        List<String> command = root.has("command") ? list(root.get("command"), "command") : null;
        if ((workload == null) == (command == null || command.isEmpty())) {
            throw new IllegalArgumentException("give either workload: NAME or command: [java, \"{jvmflags}\", ...]");
        }
        Map<String, String> flags = new LinkedHashMap<>();
        JsonNode f = root.path("flags");
        if (f.isObject()) {
            f.fields().forEachRemaining(e -> flags.put(e.getKey(), e.getValue().asText("")));
        } else {
            for (String s : list(f, "flags")) {
                flags.put(s.isBlank() ? "default" : s, s);
            }
        }
        if (flags.isEmpty()) {
            flags.put("default", "");
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        root.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), list(e.getValue(), "params." + e.getKey())));
        int repeats = integer(root, "repeats", 1, 1);
        int warmup = integer(root, "warmup", 0, 0);
        Duration timeout = Durations.parse(text(root, "timeout", "10m"));
        Long seed = root.has("seed") ? root.get("seed").asLong() : null;
        Map<String, String> metrics = new LinkedHashMap<>();
        root.path("metrics").fields().forEachRemaining(e -> metrics.put(e.getKey(), e.getValue().asText()));
        ExperimentSpec spec = new ExperimentSpec(name, jdks, workload, command, flags, params, repeats, warmup,
                timeout, seed, root.path("jfr").asBoolean(false), metrics,
                Metrics.canonical(text(root, "metric", Metrics.WALL)));
        long trials = spec.plannedTrials();
        if (trials > MAX_TRIALS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "repeats: the plan would hold "
                    + "%,d trials (%d JDKs x %d flag sets x %d parameter combinations x %d repeats, plus warm-ups), "
                    + "over the %,d one experiment can hold", trials, jdks.size(), flags.size(), spec.cells()
                    / jdks.size() / flags.size(), repeats, MAX_TRIALS));
        }
        return spec;
    }

    /** The most trials a plan may hold: a plan is built in memory, and a million trials of a second are 11 days. */
    public static final long MAX_TRIALS = 1_000_000;

    /** JDKs x flag sets x parameter combinations, saturating at Long.MAX_VALUE. */
    long cells() {
        long n = (long) jdks.size() * flagSets.size();
        for (List<String> values : params.values()) {
            n = times(n, values.size());
        }
        return n;
    }

    /** Trials in the plan, warm-ups included, saturating at Long.MAX_VALUE. */
    public long plannedTrials() {
        long warm = times((long) jdks.size() * flagSets.size(), warmup);
        long measured = times(cells(), repeats);
        return measured > Long.MAX_VALUE - warm ? Long.MAX_VALUE : measured + warm;
    }

    private static long times(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static String text(JsonNode root, String key, String dflt) {
        JsonNode n = root.get(key);
        return n == null || n.isNull() ? dflt : n.asText();
    }

    private static int integer(JsonNode root, String key, int dflt, int min) {
        JsonNode n = root.get(key);
        if (n == null) {
            return dflt;
        }
        if (!n.canConvertToInt() || n.asInt() < min) {
            throw new IllegalArgumentException(key + ": a whole number >= " + min + " expected, got '" + n.asText() + "'");
        }
        return n.asInt();
    }

    /** A YAML list of scalars, or one scalar. */
    private static List<String> list(JsonNode n, String key) {
        List<String> out = new ArrayList<>();
        if (n.isMissingNode() || n.isNull()) {
            return out;
        }
        if (n.isArray()) {
            for (JsonNode e : n) {
                if (!e.isValueNode()) {
                    throw new IllegalArgumentException(key + ": a list of plain values expected");
                }
                out.add(e.asText());
            }
        } else if (n.isValueNode()) {
            out.add(n.asText());
        } else {
            throw new IllegalArgumentException(key + ": a value or a list of values expected");
        }
        return out;
    }
}
