package dev.jvmtune.host;

import java.util.Locale;

/** Byte sizes as people and JVM flags write them. */
public final class Sizes {

    public static final long KIB = 1024;
    public static final long MIB = KIB * 1024;
    public static final long GIB = MIB * 1024;

    private Sizes() {
    }

    /**
     * Parses {@code 512m}, {@code 2g}, {@code 300MB}, {@code 1.5GiB} or a plain byte count, with the JVM's
     * binary units.
     *
     * @throws IllegalArgumentException with a message that says what was expected
     */
    public static long parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int i = 0;
        while (i < t.length() && (Character.isDigit(t.charAt(i)) || t.charAt(i) == '.')) {
            i++;
        }
        String unit = t.substring(i).trim();
        double n;
        try {
            n = Double.parseDouble(t.substring(0, i));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a size: '" + text + "' (examples: 512m, 2g, 300MB)");
        }
        long mult = switch (unit) {
            case "", "b" -> 1;
            case "k", "kb", "kib" -> KIB;
            case "m", "mb", "mib" -> MIB;
            case "g", "gb", "gib" -> GIB;
            case "t", "tb", "tib" -> GIB * 1024;
            default -> throw new IllegalArgumentException("unknown unit in '" + text + "' (use k, m, g or t)");
        };
        return Math.round(n * mult);
    }

    /** {@code 3.2 GiB}, {@code 240 MiB}, {@code 512 KiB}: for reading. */
    public static String human(long bytes) {
        if (bytes < 0) {
            return "unknown";
        }
        if (bytes >= GIB) {
            return trim(bytes / (double) GIB) + " GiB";
        }
        if (bytes >= MIB) {
            return trim(bytes / (double) MIB) + " MiB";
        }
        if (bytes >= KIB) {
            return trim(bytes / (double) KIB) + " KiB";
        }
        return bytes + " B";
    }

    /** {@code 3267m}: a JVM flag value, rounded down to whole MiB (whole GiB when exact). */
    public static String flag(long bytes) {
        if (bytes % GIB == 0) {
            return bytes / GIB + "g";
        }
        return bytes / MIB + "m";
    }

    private static String trim(double v) {
        return v >= 100 || v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }
}
