package dev.jvmtune.core.run;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How every JSON document of jvmtune writes a figure: to 3 decimals, and below 1 to 3 significant digits, so that
 * a 0.009 ms ZGC pause or a p-value of 0.00041 keeps its digits while a total of 1254.0069999999987 ms reads
 * 1254.007. NaN and infinities pass through (the writers make them {@code null}).
 */
public final class Rounding {

    private static final MathContext THREE = new MathContext(3);
    private static final MathContext TWO = new MathContext(2);
    /** A format specifier: flags, width, precision, conversion ({@code %,8.2f}, {@code %d}, {@code %%}). */
    private static final Pattern SPECIFIER = Pattern.compile("%([-#+ 0,(<]*)(\\d+)?(?:\\.(\\d+))?([a-zA-Z%])");

    private Rounding() {
    }

    public static double figure(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v) || v == 0) {
            return v;
        }
        if (Math.abs(v) >= 1) {
            return Math.abs(v) >= 9e12 ? Math.rint(v) : Math.round(v * 1000) / 1000.0;
        }
        return new BigDecimal(v).round(THREE).doubleValue();
    }

    /**
     * Milliseconds as a text prints them: {@code decimals} decimals from 1 ms on, two significant digits below
     * (0.031, 0.0075, 0.10), so that a ZGC pause of 0.03 ms never reads "0.0 ms". No unit, no grouping.
     */
    public static String ms(double v, int decimals) {
        BigDecimal small = Double.isFinite(v) && v != 0 ? new BigDecimal(v).round(TWO) : null;
        return small == null || small.abs().compareTo(BigDecimal.ONE) >= 0 ? text("%." + decimals + "f", v)
                : small.toPlainString();
    }

    /**
     * {@code String.format} as every text of jvmtune writes figures: locale-independent, and a figure that rounds to
     * zero without a minus sign ({@code 0.00 ms}, not {@code -0.00 ms}, for a difference of -0.001 ms).
     */
    public static String text(String format, Object... args) {
        Matcher m = SPECIFIER.matcher(format);
        int arg = 0;
        Object[] shown = args;
        while (m.find() && arg < args.length) {
            char conversion = m.group(4).charAt(0);
            if (conversion == '%' || conversion == 'n') {
                continue;
            }
            if ((conversion == 'f' || conversion == 'e') && args[arg] instanceof Double v && Double.compare(v, 0.0) < 0) {
                int precision = m.group(3) == null ? 6 : Integer.parseInt(m.group(3));
                if (-v < 0.5 * Math.pow(10, -precision)) {
                    if (shown == args) {
                        shown = args.clone();
                    }
                    shown[arg] = 0.0;
                }
            }
            arg++;
        }
        return String.format(Locale.ROOT, format, shown);
    }
}
