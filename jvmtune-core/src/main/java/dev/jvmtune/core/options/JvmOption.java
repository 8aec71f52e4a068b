package dev.jvmtune.core.options;

import dev.jvmtune.core.model.Collector;
import java.util.Locale;
import java.util.Optional;

/**
 * One JVM command-line option, read the one way every part of jvmtune reads options (the verdict's flag line, the
 * tuner's {@link FlagSet}, {@link JdkFlags}, the host baseline): {@code -XX:[+-]Name[=value]}, a heap or stack
 * size ({@code -Xmx4g}, {@code -Xms}, {@code -Xmn}, {@code -Xss}), or anything else passed as it is
 * ({@code -Xlog:...}, {@code -Dname=value}).
 *
 * @param text  the option as given
 * @param key   one key per setting: {@code -Xmx}, {@code -XX:NewRatio}, {@link #COLLECTOR} for any
 *              {@code -XX:+Use...GC}, the text before {@code =} for {@code -D}, the whole text otherwise
 * @param name  the flag's name for {@code -XX} options ({@code NewRatio}), else the key
 * @param value the value: {@code "true"}/{@code "false"} for boolean flags, the size for {@code -Xmx}, the text
 *              after {@code =}; empty when the option has none
 */
public record JvmOption(String text, String key, String name, String value) {

    /** The key of the option that selects the collector, whichever it selects. */
    public static final String COLLECTOR = "collector";
    public static final String UNLOCK_EXPERIMENTAL = "-XX:+UnlockExperimentalVMOptions";
    private static final String[] SIZES = {"-Xmx", "-Xms", "-Xmn", "-Xss"};

    public static JvmOption parse(String option) {
        String o = option.trim();
        for (String p : SIZES) {
            if (o.startsWith(p)) {
                return new JvmOption(o, p, p, o.substring(p.length()));
            }
        }
        if (o.startsWith("-XX:")) {
            String s = o.substring(4);
            String value;
            if (s.startsWith("+") || s.startsWith("-")) {
                value = s.startsWith("+") ? "true" : "false";
                s = s.substring(1);
            } else {
                int eq = s.indexOf('=');
                value = eq >= 0 ? s.substring(eq + 1) : "";
                s = eq >= 0 ? s.substring(0, eq) : s;
            }
            boolean selects = o.startsWith("-XX:+") && Collector.ofFlag(s).isPresent();
            return new JvmOption(o, selects ? COLLECTOR : "-XX:" + s, s, value);
        }
        if (o.startsWith("-Xlog")) {
            return new JvmOption(o, o, o, "");
        }
        int eq = o.indexOf('=');
        String key = eq > 0 ? o.substring(0, eq) : o;
        return new JvmOption(o, key, key, eq > 0 ? o.substring(eq + 1) : "");
    }

    /** The collector this option selects ({@code -XX:+UseG1GC}), if it selects one. */
    public Optional<Collector> selects() {
        return key.equals(COLLECTOR) ? Collector.ofFlag(name) : Optional.empty();
    }

    /** The collector whose own tuning flag this is ({@code -XX:G1NewSizePercent} -> G1), if any. */
    public Optional<Collector> tunes() {
        return key.startsWith("-XX:") ? Collector.owningFlag(name) : Optional.empty();
    }

    /** Whether it needs {@link #UNLOCK_EXPERIMENTAL} before it (by {@link JdkFlags}' table). */
    public boolean experimental() {
        return key.startsWith("-XX:") && JdkFlags.all().stream().anyMatch(f -> f.name().equals(name)
                && f.status() == JdkFlags.Status.EXPERIMENTAL);
    }

    /** The bytes of a size option ({@code -Xmx4g}) or of a size value ({@code 240m}); -1 when it is none. */
    public long bytes() {
        return bytes(value);
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
            long v = Long.parseLong(digits);
            return v < 0 || v > Long.MAX_VALUE / mult ? -1 : v * mult;
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
