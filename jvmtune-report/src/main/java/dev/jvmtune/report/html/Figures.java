package dev.jvmtune.report.html;

import dev.jvmtune.core.run.Rounding;

/** How the page prints numbers: as many digits as a person reads, a dash for unknown. */
public final class Figures {

    public static final String UNKNOWN = "\u2013";

    private Figures() {
    }

    public static String ms(double v) {
        if (Double.isNaN(v)) {
            return UNKNOWN;
        }
        return v < 10 ? Rounding.ms(v, 2) + " ms" : Rounding.text(v < 100 ? "%.1f ms" : "%,.0f ms", v);
    }

    public static String pct(double v) {
        return Double.isNaN(v) ? UNKNOWN : Rounding.text("%.2f %%", v);
    }

    public static String rate(double mibPerSec) {
        return Double.isNaN(mibPerSec) ? UNKNOWN
                : Rounding.text(mibPerSec < 100 ? "%.1f MiB/s" : "%,.0f MiB/s", mibPerSec);
    }

    public static String count(long n) {
        return Rounding.text("%,d", n);
    }

    public static String seconds(double s) {
        if (Double.isNaN(s)) {
            return UNKNOWN;
        }
        if (s < 120) {
            return Rounding.text("%.1f s", s);
        }
        if (s < 7200) {
            return Rounding.text("%.1f min", s / 60);
        }
        return Rounding.text("%.1f h", s / 3600);
    }

    /** A size in KiB, MiB or GiB, whichever reads best. */
    public static String bytes(long bytes) {
        if (bytes < 0) {
            return UNKNOWN;
        }
        if (bytes >= 1L << 30) {
            return Rounding.text("%,.1f GiB", bytes / (double) (1L << 30));
        }
        return Rounding.text(bytes >= 1L << 20 ? "%,.0f MiB" : "%,.0f KiB",
                bytes / (bytes >= 1L << 20 ? 1048576.0 : 1024.0));
    }

    /** Relative change from a to b, "+12.3 %"; from 0 "from 0" (Full GCs 0 -> 430: a regression all the same); empty when it has no meaning. */
    public static String change(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return "";
        }
        if (a == 0) {
            return b == 0 ? "" : "from 0";
        }
        return Rounding.text("%+.1f %%", 100.0 * (b - a) / Math.abs(a));
    }
}
