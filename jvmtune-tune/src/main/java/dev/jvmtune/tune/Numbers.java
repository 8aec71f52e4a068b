package dev.jvmtune.tune;

import java.util.Arrays;
import java.util.Locale;

/** Small helpers for figures in reports: medians and three significant digits. */
final class Numbers {

    private Numbers() {
    }

    static double median(double[] xs) {
        if (xs.length == 0) {
            return Double.NaN;
        }
        double[] s = xs.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
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
