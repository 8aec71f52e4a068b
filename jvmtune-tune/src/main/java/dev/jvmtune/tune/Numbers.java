package dev.jvmtune.tune;

import dev.jvmtune.lab.stats.Comparison;
import java.util.Locale;

/** Small helpers for figures in reports: three significant digits, a comparison in one line. */
final class Numbers {

    private Numbers() {
    }

    /** "wall 10.1 -> 6.20: 0.614x (95% CI 0.58-0.66, p 0.002): better"; a difference as "+2 (...)". */
    static String describe(Comparison c) {
        String effect = c.effect().equals("ratio") ? String.format(Locale.ROOT, "%.3gx", c.value())
                : String.format(Locale.ROOT, "%+.3g", c.value());
        return String.format(Locale.ROOT, "%s %s -> %s: %s (95%% CI %.3g-%.3g, p %.3g): %s", c.metric(),
                fmt(c.medianA()), fmt(c.medianB()), effect, c.ciLow(), c.ciHigh(), c.pValue(),
                c.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '));
    }

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        if (a >= 100 || v == Math.rint(v) && a < 1e9) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g", v);
    }
}
