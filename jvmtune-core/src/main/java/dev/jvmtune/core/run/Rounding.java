package dev.jvmtune.core.run;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How every JSON document of jvmtune writes a figure: to 3 decimals, and below 1 to 3 significant digits, so that
 * a 0.009 ms ZGC pause or a p-value of 0.00041 keeps its digits while a total of 1254.0069999999987 ms reads
 * 1254.007. NaN and infinities pass through (the writers make them {@code null}).
 */
public final class Rounding {

    private static final MathContext THREE = new MathContext(3);
    /** A zero printed with a sign: {@code -0}, {@code -0.00}, not followed by another digit. */
    private static final Pattern NEGATIVE_ZERO = Pattern.compile("-(0(?:\\.0+)?)(?![0-9.])");

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
     * {@code String.format} as every text of jvmtune writes figures: locale-independent, and a figure that rounds to
     * zero without a minus sign ({@code 0.00 ms}, not {@code -0.00 ms}, for a difference of -0.001 ms).
     */
    public static String text(String format, Object... args) {
        String s = String.format(Locale.ROOT, format, args);
        return s.indexOf("-0") < 0 ? s : NEGATIVE_ZERO.matcher(s).replaceAll("$1");
    }
}
