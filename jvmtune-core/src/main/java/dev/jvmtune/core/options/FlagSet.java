package dev.jvmtune.core.options;

import dev.jvmtune.core.model.Collector;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/**
 * An ordered set of JVM options in which each setting appears once ({@link JvmOption#key()}): a change replaces
 * the option it overrides rather than appending a second one (the JVM takes the last, a reader of the command line
 * the first). It knows the collector in force, drops another collector's tuning flags when the collector
 * changes, and puts {@code -XX:+UnlockExperimentalVMOptions} in front of experimental flags.
 */
public final class FlagSet {

    /** key (one per setting) -> option as given. */
    private final LinkedHashMap<String, JvmOption> options;

    private FlagSet(LinkedHashMap<String, JvmOption> options) {
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

    /** This set without the settings under {@code keys} ({@link #key}): what the JVM then takes is its default. */
    public FlagSet without(Collection<String> keys) {
        FlagSet s = new FlagSet(new LinkedHashMap<>(options));
        s.options.keySet().removeAll(keys);
        return s;
    }

    private void put(String text) {
        JvmOption option = JvmOption.parse(text);
        if (option.text().equals(JvmOption.UNLOCK_EXPERIMENTAL)) {
            return; // added by options() where needed
        }
        Optional<Collector> next = option.selects();
        if (next.isPresent() && next.get() != collector()) {
            // another collector's tuning flags would be ignored at best, refused at worst
            options.values().removeIf(o -> o.tunes().map(c -> c != next.get()).orElse(false));
        }
        options.remove(option.key()); // re-inserted last: order of the line is the order settings were made
        options.put(option.key(), option);
    }

    /** One key per setting: {@code -Xmx}, {@code -XX:NewRatio}, or {@code collector} for any {@code Use*GC}. */
    public static String key(String option) {
        return JvmOption.parse(option).key();
    }

    /**
     * The key of a setting as a user names it: {@code -Xmx} or {@code Xmx}, {@code NewRatio} or
     * {@code -XX:NewRatio}, {@code collector}.
     */
    public static String keyOf(String name) {
        String n = name.trim();
        if (n.equals(JvmOption.COLLECTOR) || n.startsWith("-")) {
            return n.equals(JvmOption.COLLECTOR) ? n : key(n);
        }
        return n.startsWith("X") && !n.startsWith("XX") ? "-" + n : "-XX:" + n;
    }

    /** Whether applying {@code change} would alter the setting under {@code key}. */
    public static boolean touches(List<String> change, String key) {
        return change.stream().anyMatch(o -> key(o).equals(key));
    }

    /** The collector these options select, or G1 (the default of JDK 9+ on a server-class machine). */
    public Collector collector() {
        JvmOption o = options.get(JvmOption.COLLECTOR);
        return o == null ? Collector.G1 : o.selects().orElse(Collector.G1);
    }

    /**
     * Whether every option that tunes a collector tunes the one in force: a G1 setting beside Parallel is ignored by
     * the JVM, and a flag line that carries it says something false.
     */
    public boolean coherent() {
        Collector c = collector();
        return options.values().stream().allMatch(o -> o.tunes().map(t -> t == c).orElse(true));
    }

    /** The value of {@code -Xmx} etc. or of {@code -XX:Name=value}; empty when not set. */
    public Optional<String> value(String key) {
        JvmOption o = options.get(key);
        return o == null ? Optional.empty() : Optional.of(o.value());
    }

    /** The options, with {@code -XX:+UnlockExperimentalVMOptions} first when one of them is experimental. */
    public List<String> options() {
        List<String> out = new ArrayList<>();
        options.values().forEach(o -> out.add(o.text()));
        if (options.values().stream().anyMatch(JvmOption::experimental)) {
            out.add(0, JvmOption.UNLOCK_EXPERIMENTAL);
        }
        return out;
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
        return JvmOption.bytes(size);
    }

    /** Bytes as the JVM's shortest exact size: {@code 1g}, {@code 768m}. */
    public static String size(long bytes) {
        return JvmOption.size(bytes);
    }
}
