package dev.jvmtune.lab.run;

import java.time.Duration;

/** Time limits as users write them: 90 (seconds), 90s, 500ms, 10m, 2h. */
public final class Durations {

    private Durations() {
    }

    /** @throws IllegalArgumentException with a one-line message for anything else */
    public static Duration parse(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return positive(Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2))), text);
            }
            char unit = t.charAt(t.length() - 1);
            String number = Character.isDigit(unit) ? t : t.substring(0, t.length() - 1);
            double v = Double.parseDouble(number);
            double sec = switch (unit) {
                case 'h' -> v * 3600;
                case 'm' -> v * 60;
                case 's' -> v;
                default -> Character.isDigit(unit) ? v : Double.NaN;
            };
            if (Double.isNaN(sec)) {
                throw new NumberFormatException();
            }
            return positive(Duration.ofMillis(Math.round(sec * 1000)), text);
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (examples: 90s, 10m, 1h, 500ms)");
        }
    }

    private static Duration positive(Duration d, String text) {
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException("'" + text + "': a time limit must be positive");
        }
        return d;
    }

    /** 75 s -> "1m15s", for progress lines. */
    public static String format(double sec) {
        long s = Math.round(sec);
        return s >= 3600 ? (s / 3600) + "h" + (s % 3600 / 60) + "m" : s >= 60 ? (s / 60) + "m" + (s % 60) + "s" : s + "s";
    }
}
