package dev.jvmtune.tune;

import dev.jvmtune.core.rules.JdkFlags;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An ordered set of JVM options in which each setting appears once: a change replaces the option it
 * overrides rather than appending a second one (the JVM takes the last, a reader of the command line the
 * first). It knows the collector in force, drops another collector's tuning flags when the collector
 * changes, and puts {@code -XX:+UnlockExperimentalVMOptions} in front of experimental flags.
 */
public final class FlagSet {

    static final String COLLECTOR = "collector";
    private static final String UNLOCK = "-XX:+UnlockExperimentalVMOptions";
    private static final Map<String, String> COLLECTORS = Map.of("UseG1GC", "G1", "UseParallelGC", "Parallel",
            "UseSerialGC", "Serial", "UseZGC", "ZGC", "UseShenandoahGC", "Shenandoah", "UseConcMarkSweepGC", "CMS",
            "UseEpsilonGC", "Epsilon");

    /** key (one per setting) -> option as given. */
    private final LinkedHashMap<String, String> options;

    private FlagSet(LinkedHashMap<String, String> options) {
        this.options = options;
    }

    public static FlagSet of(List<String> opts) {
        FlagSet s = new FlagSet(new LinkedHashMap<>());
        for (String o : opts) {
            s.put(o);
        }
        return s;
    }

    /** Parses a line of options separated by blanks ({@code "-XX:+UseG1GC -Xmx512m"}). */
    public static FlagSet parse(String line) {
        List<String> opts = new ArrayList<>();
        for (String o : line.trim().split("\\s+")) {
            if (!o.isEmpty()) {
                if (!o.startsWith("-")) {
                    throw new IllegalArgumentException("not a JVM option: '" + o + "' (options start with '-')");
                }
                opts.add(o);
            }
        }
        return of(opts);
    }

    /** This set with {@code change} merged in, each option replacing the one it overrides. */
    public FlagSet with(List<String> change) {
        FlagSet s = new FlagSet(new LinkedHashMap<>(options));
        for (String o : change) {
            s.put(o);
        }
        return s;
    }

    private void put(String option) {
        if (option.equals(UNLOCK)) {
            return; // added by options() where needed
        }
        String key = key(option);
        if (key.equals(COLLECTOR)) {
            String now = collector();
            String next = COLLECTORS.get(xxName(option));
            if (!next.equals(now)) {
                // another collector's tuning flags would be ignored at best, refused at worst
                options.keySet().removeIf(k -> belongsTo(k).map(c -> !c.equals(next)).orElse(false));
            }
        }
        options.remove(key); // re-inserted last: order of the line is the order settings were made
        options.put(key, option);
    }

    /** One key per setting: {@code -Xmx}, {@code -XX:NewRatio}, or {@code collector} for any {@code Use*GC}. */
    static String key(String option) {
        for (String p : List.of("-Xmx", "-Xms", "-Xmn", "-Xss")) {
            if (option.startsWith(p)) {
                return p;
            }
        }
        if (option.startsWith("-XX:")) {
            String name = xxName(option);
            return COLLECTORS.containsKey(name) && option.startsWith("-XX:+") ? COLLECTOR : "-XX:" + name;
        }
        int cut = option.indexOf('=');
        return cut > 0 ? option.substring(0, cut) : option;
    }

    /**
     * The key of a setting as a user names it: {@code -Xmx} or {@code Xmx}, {@code NewRatio} or
     * {@code -XX:NewRatio}, {@code collector}.
     */
    public static String keyOf(String name) {
        String n = name.trim();
        if (n.equals(COLLECTOR) || n.startsWith("-")) {
            return n.equals(COLLECTOR) ? n : key(n);
        }
        return n.startsWith("X") && !n.startsWith("XX") ? "-" + n : "-XX:" + n;
    }

    /** Whether applying {@code change} would alter the setting under {@code key}. */
    public static boolean touches(List<String> change, String key) {
        return change.stream().anyMatch(o -> key(o).equals(key));
    }

    private static String xxName(String option) {
        String s = option.substring(4);
        if (s.startsWith("+") || s.startsWith("-")) {
            s = s.substring(1);
        }
        int eq = s.indexOf('=');
        return eq >= 0 ? s.substring(0, eq) : s;
    }

    /** The collector a key's flag tunes, when it is one collector's own. */
    private static Optional<String> belongsTo(String key) {
        if (!key.startsWith("-XX:")) {
            return Optional.empty();
        }
        String name = key.substring(4);
        if (name.startsWith("G1")) {
            return Optional.of("G1");
        }
        if (name.startsWith("CMS")) {
            return Optional.of("CMS");
        }
        if (name.startsWith("Shenandoah")) {
            return Optional.of("Shenandoah");
        }
        if (name.startsWith("Z") && !name.startsWith("Zero")) {
            return Optional.of("ZGC");
        }
        return Optional.empty();
    }

    /** The collector these options select, or "G1" (the default of JDK 9+ on a server-class machine). */
    public String collector() {
        String o = options.get(COLLECTOR);
        return o == null ? "G1" : COLLECTORS.get(xxName(o));
    }

    /** The value of {@code -Xmx} etc. or of {@code -XX:Name=value}; empty when not set. */
    public Optional<String> value(String key) {
        String o = options.get(key);
        if (o == null) {
            return Optional.empty();
        }
        if (key.startsWith("-XX:")) {
            int eq = o.indexOf('=');
            return Optional.of(eq >= 0 ? o.substring(eq + 1) : o.startsWith("-XX:+") ? "true" : "false");
        }
        return Optional.of(o.substring(key.length()));
    }

    /** The options, with {@code -XX:+UnlockExperimentalVMOptions} first when one of them is experimental. */
    public List<String> options() {
        List<String> out = new ArrayList<>(options.values());
        boolean experimental = options.keySet().stream().anyMatch(FlagSet::experimental);
        if (experimental) {
            out.add(0, UNLOCK);
        }
        return out;
    }

    private static boolean experimental(String key) {
        if (!key.startsWith("-XX:")) {
            return false;
        }
        return JdkFlags.all().stream().anyMatch(f -> f.name().equals(key.substring(4))
                && f.status() == JdkFlags.Status.EXPERIMENTAL);
    }

    /** The options as one line to paste. */
    public String line() {
        return String.join(" ", options());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlagSet f && f.options().equals(options());
    }

    @Override
    public int hashCode() {
        return options().hashCode();
    }

    @Override
    public String toString() {
        return line().isEmpty() ? "(JVM defaults)" : line();
    }

    /** Sizes such as {@code 512m}, {@code 2g}, {@code 4096k} in bytes; -1 when unreadable. */
    public static long bytes(String size) {
        String s = size.trim().toLowerCase(Locale.ROOT);
        if (s.isEmpty()) {
            return -1;
        }
        long mult = switch (s.charAt(s.length() - 1)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            case 't' -> 1L << 40;
            default -> 1;
        };
        String digits = mult == 1 ? s : s.substring(0, s.length() - 1);
        try {
            return Long.parseLong(digits) * mult;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Bytes as the JVM's shortest exact size: {@code 1g}, {@code 768m}. */
    public static String size(long bytes) {
        if (bytes % (1L << 30) == 0) {
            return (bytes >> 30) + "g";
        }
        if (bytes % (1L << 20) == 0) {
            return (bytes >> 20) + "m";
        }
        return (bytes >> 10) + "k";
    }
}
