package dev.jvmtune.lab.experiment;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.filter.FilteringParserDelegate;
import com.fasterxml.jackson.core.filter.JsonPointerBasedFilter;
import com.fasterxml.jackson.core.filter.TokenFilter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.snakeyaml.error.MarkedYAMLException;
import dev.jvmtune.lab.run.Durations;
import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.run.TrialRunner;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

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
 * @param memoryLimits memory limits to run every cell under, each trial in a memory cgroup of its own, as written
 *                 ({@code 256m}); empty for none. They are the axis {@value #MEMORY_LIMIT} of the plan and the summary
 * @param nmt      run the JVMs with Native Memory Tracking (the footprint by part); default true
 */
public record ExperimentSpec(String name, List<String> jdks, String workload, List<String> command,
                             Map<String, String> flagSets, Map<String, List<String>> params, int repeats,
                             int warmup, Duration timeout, Long seed, boolean jfr, Map<String, String> metrics,
                             String metric, List<String> memoryLimits, boolean nmt) {

    /** The axis of a plan that {@code memoryLimits:} makes: a trial's memory limit, as written. */
    public static final String MEMORY_LIMIT = "memoryLimit";

    /**
     * The spec's reader, as strict as Jackson can be made, so that each fault is refused with its line and column
     * before anything runs: a key given twice or unknown, a fraction or a text where a count or the seed is
     * expected, a text where true or false is, one word where the command's list is, an empty value.
     */
    private static final YAMLFactory YAML = YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final ObjectMapper READER = reader();
    /** A word of the command to be replaced: {@code {name}}, not the shell's {@code ${name}}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("(?<!\\$)\\{[A-Za-z0-9_.-]+}");

    public ExperimentSpec {
        jdks = List.copyOf(jdks);
        command = command == null ? null : List.copyOf(command);
        flagSets = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(flagSets));
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        metrics = Map.copyOf(metrics);
        memoryLimits = List.copyOf(memoryLimits);
    }

    /**
     * The parameters a plan varies: {@link #params} and, with {@code memoryLimits:}, {@value #MEMORY_LIMIT} last (a
     * trial's limit, not the program's parameter).
     */
    public Map<String, List<String>> axes() {
        if (memoryLimits.isEmpty()) {
            return params;
        }
        Map<String, List<String>> all = new LinkedHashMap<>(params);
        all.put(MEMORY_LIMIT, memoryLimits);
        return java.util.Collections.unmodifiableMap(all);
    }

    /** A trial's memory limit in bytes from its axis values; -1 for none. */
    public static long memoryLimitBytes(Map<String, String> axes) {
        String v = axes.get(MEMORY_LIMIT);
        return v == null ? -1 : dev.jvmtune.host.Sizes.parse(v);
    }

    private static ObjectMapper reader() {
        ObjectMapper m = new ObjectMapper(YAML)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY) // jdks: 17 is jdks: [17]; not command
                .setDefaultSetterInfo(JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL));
        m.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        m.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        return m;
    }

    /** The file's keys as written, with their defaults; {@link #parse} checks what the types cannot say. */
    private static final class Fields {
        public String name;
        public List<String> jdks = List.of();
        public String workload;
        @JsonFormat(without = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        public List<String> command;
        public FlagSets flags = new FlagSets(new LinkedHashMap<>());
        public LinkedHashMap<String, List<String>> params = new LinkedHashMap<>();
        public int repeats = 1;
        public int warmup;
        public String timeout = "10m";
        public Long seed;
        public boolean jfr;
        public LinkedHashMap<String, String> metrics = new LinkedHashMap<>();
        public String metric = Metrics.WALL;
        public List<String> memoryLimits = List.of();
        public boolean nmt = true;
    }

    /** {@code flags:} as a mapping name -> flags, or a list of flag strings, each its own name. */
    private record FlagSets(LinkedHashMap<String, String> byName) {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static FlagSets of(LinkedHashMap<String, String> byName) {
            return new FlagSets(byName);
        }

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static FlagSets of(List<String> list) {
            LinkedHashMap<String, String> byName = new LinkedHashMap<>();
            list.forEach(flags -> byName.put(flags.isBlank() ? "default" : flags, flags));
            return new FlagSets(byName);
        }
    }

    /** @throws SpecException saying what is wrong and where, in one line */
    public static ExperimentSpec parse(String yaml) {
        Fields f;
        try {
            f = READER.readValue(yaml, Fields.class);
        } catch (JsonProcessingException e) {
            throw fault(e);
        }
        JsonPointer root = JsonPointer.empty();
        if (f.name == null || !f.name.matches("[A-Za-z0-9._-]+")) {
            throw fault(yaml, root.appendProperty("name"), "name: required, letters, digits, '.', '_' and '-' only");
        }
        List<String> jdks = f.jdks.isEmpty() ? List.of("default") : f.jdks;
        if ((f.workload == null) == (f.command == null || f.command.isEmpty())) {
            throw fault(yaml, root.appendProperty("command"),
                    "give either workload: NAME or command: [java, \"{jvmflags}\", ...]");
        }
        if (f.command != null) {
            checkPlaceholders(yaml, f.command, f.params.keySet());
        }
        Map<String, String> flags = f.flags.byName();
        if (flags.isEmpty()) {
            flags.put("default", "");
        }
        for (Map.Entry<String, List<String>> p : f.params.entrySet()) {
            if (p.getValue().isEmpty()) {
                throw fault(yaml, root.appendProperty("params").appendProperty(p.getKey()), "params." + p.getKey()
                        + ": no values");
            }
        }
        atLeast(yaml, "repeats", f.repeats, 1);
        atLeast(yaml, "warmup", f.warmup, 0);
        Duration timeout;
        try {
            timeout = Durations.parse(f.timeout);
        } catch (IllegalArgumentException e) {
            throw fault(yaml, root.appendProperty("timeout"), "timeout: " + e.getMessage());
        }
        for (Map.Entry<String, String> m : f.metrics.entrySet()) {
            String problem;
            try {
                problem = Pattern.compile(m.getValue()).matcher("").groupCount() == 0
                        ? "no group: put ( ) around the number" : null;
            } catch (PatternSyntaxException e) {
                problem = "not a regular expression: " + e.getDescription();
            }
            if (problem != null) {
                throw fault(yaml, root.appendProperty("metrics").appendProperty(m.getKey()),
                        "metrics." + m.getKey() + ": " + problem);
            }
        }
        if (f.params.containsKey(MEMORY_LIMIT)) {
            throw fault(yaml, root.appendProperty("params").appendProperty(MEMORY_LIMIT), "params." + MEMORY_LIMIT
                    + ": the name of the memory-limit axis; give the limits as memoryLimits: [256m, 512m]");
        }
        for (int i = 0; i < f.memoryLimits.size(); i++) {
            String limit = f.memoryLimits.get(i);
            long bytes;
            try {
                bytes = dev.jvmtune.host.Sizes.parse(limit);
            } catch (IllegalArgumentException e) {
                throw fault(yaml, root.appendProperty("memoryLimits").appendIndex(i), "memoryLimits: " + e.getMessage());
            }
            if (bytes < (16L << 20)) {
                throw fault(yaml, root.appendProperty("memoryLimits").appendIndex(i), "memoryLimits: " + limit
                        + " is below 16 MiB, where no JVM starts");
            }
        }
        if (new java.util.HashSet<>(f.memoryLimits).size() < f.memoryLimits.size()) {
            throw fault(yaml, root.appendProperty("memoryLimits"), "memoryLimits: a limit is given twice");
        }
        ExperimentSpec spec = new ExperimentSpec(f.name, jdks, f.workload, f.command, flags, f.params, f.repeats,
                f.warmup, timeout, f.seed, f.jfr, f.metrics, Metrics.canonical(f.metric), f.memoryLimits, f.nmt);
        long trials = spec.plannedTrials();
        if (trials > MAX_TRIALS) {
            throw fault(yaml, root.appendProperty("repeats"), String.format(java.util.Locale.ROOT, "repeats: the "
                    + "plan would hold %,d trials (%d JDKs x %d flag sets x %d parameter combinations x %d repeats, "
                    + "plus warm-ups), over the %,d one experiment can hold", trials, jdks.size(), flags.size(),
                    spec.cells() / jdks.size() / flags.size(), f.repeats, MAX_TRIALS));
        }
        return spec;
    }

    /**
     * Every {@code {name}} of the command is {@code {jvmflags}} or a parameter, and every parameter is in the
     * command: anything else would reach the program as written, or run each value of a parameter alike.
     */
    private static void checkPlaceholders(String yaml, List<String> command, Set<String> params) {
        Set<String> known = new LinkedHashSet<>();
        known.add(TrialRunner.JVMFLAGS);
        params.forEach(p -> known.add("{" + p + "}"));
        for (int i = 0; i < command.size(); i++) {
            Matcher m = PLACEHOLDER.matcher(command.get(i));
            while (m.find()) {
                if (!known.contains(m.group())) {
                    throw fault(yaml, JsonPointer.empty().appendProperty("command").appendIndex(i), "command: "
                            + m.group() + " is neither {jvmflags} nor a parameter (params:); the placeholders here: "
                            + String.join(", ", known));
                }
            }
        }
        for (String p : params) {
            if (command.stream().noneMatch(w -> w.contains("{" + p + "}"))) {
                throw fault(yaml, JsonPointer.empty().appendProperty("params").appendProperty(p), "params." + p
                        + ": the command has no {" + p + "}, so every value would run the same command");
            }
        }
    }

    private static void atLeast(String yaml, String key, int value, int min) {
        if (value < min) {
            throw fault(yaml, JsonPointer.empty().appendProperty(key), key + ": a whole number >= " + min
                    + " expected, got " + value);
        }
    }

    /**
     * A fault of the value at {@code where} in the spec's text, or where that is absent (a default, one value for a
     * list), of the closest value holding it.
     */
    static SpecException fault(String yaml, JsonPointer where, String what) {
        for (JsonPointer at = where; at != null; at = at.head()) {
            try (JsonParser p = new FilteringParserDelegate(YAML.createParser(yaml), new JsonPointerBasedFilter(at),
                    TokenFilter.Inclusion.ONLY_INCLUDE_ALL, false)) {
                if (p.nextToken() != null) {
                    JsonLocation l = p.currentTokenLocation();
                    return new SpecException(l.getLineNr(), l.getColumnNr(), what);
                }
            } catch (IOException e) {
                break; // read once already: cannot fail here
            }
        }
        return new SpecException(1, 1, what);
    }

    /** What Jackson refused, in one line, where it says. */
    private static SpecException fault(JsonProcessingException e) {
        if (e instanceof MarkedYAMLException y) { // the YAML itself: SnakeYAML's words and place
            return new SpecException(y.getProblemMark().getLine() + 1, y.getProblemMark().getColumn() + 1,
                    "not valid YAML: " + y.getProblem());
        }
        // the start of the token read last (the value refused, the key given twice), not the reader's place after it
        JsonLocation at = e.getProcessor() instanceof JsonParser p ? p.currentTokenLocation() : e.getLocation();
        int line = at == null ? 1 : Math.max(1, at.getLineNr());
        int column = at == null ? 1 : Math.max(1, at.getColumnNr());
        if (e instanceof UnrecognizedPropertyException u) {
            return new SpecException(line, column, "unknown key '" + u.getPropertyName() + "'; the keys are "
                    + new TreeSet<>(u.getKnownPropertyIds().stream().map(String::valueOf).toList()));
        }
        String what = firstLine(e.getOriginalMessage());
        if (e instanceof MismatchedInputException m && expected(m.getTargetType()) != null) {
            what = expected(m.getTargetType()) + " expected, got " + found(e.getProcessor());
        }
        if (e instanceof JsonMappingException m) {
            String field = field(m.getPath());
            what = field.isEmpty() ? "an experiment spec is a YAML mapping (name:, command: or workload:, ...), got "
                    + found(e.getProcessor()) : field + ": " + what;
        }
        return new SpecException(line, column, what);
    }

    /** What a person calls a value of type {@code t}; null for the types this spec does not have. */
    private static String expected(Class<?> t) {
        if (t == null) {
            return null;
        } else if (t == Integer.class || t == int.class || t == Long.class || t == long.class) {
            return "a whole number";
        } else if (t == Boolean.class || t == boolean.class) {
            return "true or false";
        } else if (t == String.class) {
            return "a single value";
        } else if (Collection.class.isAssignableFrom(t)) {
            return "a list [a, b, ...]";
        } else if (t == FlagSets.class) {
            return "a mapping (name: flags) or a list of flags";
        } else if (Map.class.isAssignableFrom(t)) {
            return "a mapping (key: value)";
        }
        return null;
    }

    /** The value the reader stopped at, as a person would name it. */
    private static String found(Object processor) {
        if (!(processor instanceof JsonParser p) || p.currentToken() == null) {
            return "nothing";
        }
        JsonToken t = p.currentToken();
        try {
            return t == JsonToken.START_ARRAY ? "a list" : t == JsonToken.START_OBJECT ? "a mapping"
                    : t == JsonToken.VALUE_NULL ? "nothing" : "'" + p.getText() + "'";
        } catch (IOException e) {
            return "something else";
        }
    }

    /** A reference path as written in the spec: {@code params.days[1]}. */
    private static String field(List<JsonMappingException.Reference> path) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : path) {
            if (r.getFieldName() != null) {
                b.append(b.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }

    /** The most trials a plan may hold: a plan is built in memory, and a million trials of a second are 11 days. */
    public static final long MAX_TRIALS = 1_000_000;

    /** JDKs x flag sets x parameter combinations, saturating at Long.MAX_VALUE. */
    long cells() {
        long n = (long) jdks.size() * flagSets.size();
        for (List<String> values : axes().values()) {
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
}
