package dev.jvmtune.report.html;

/**
 * A small JSON writer for the page's chart data: numbers rounded to what a chart can show (the file stays
 * small), NaN and infinities as {@code null}, strings escaped for a script element by {@link HtmlText}.
 * Callers place the commas with {@link #comma()} between members, {@link #key(String)} before values.
 */
final class JsonText {

    private final StringBuilder b = new StringBuilder(1 << 16);
    private boolean first = true;

    JsonText open() {
        comma();
        b.append('{');
        first = true;
        return this;
    }

    JsonText close() {
        b.append('}');
        first = false;
        return this;
    }

    JsonText openArray() {
        comma();
        b.append('[');
        first = true;
        return this;
    }

    JsonText closeArray() {
        b.append(']');
        first = false;
        return this;
    }

    JsonText key(String k) {
        comma();
        HtmlText.jsonString(b, k);
        b.append(':');
        first = true; // the value follows without a comma
        return this;
    }

    JsonText string(String s) {
        comma();
        if (s == null) {
            b.append("null");
        } else {
            HtmlText.jsonString(b, s);
        }
        first = false;
        return this;
    }

    /** A number with at most {@code decimals} decimals (trailing zeros dropped). */
    JsonText number(double v, int decimals) {
        comma();
        decimal(v, decimals);
        first = false;
        return this;
    }

    /** {@code [t0, v0, t1, v1, ...]} as {@code [[t0,v0],[t1,v1],...]}. */
    JsonText pairs(double[] flat, int timeDecimals, int valueDecimals) {
        openArray();
        for (int i = 0; i + 1 < flat.length; i += 2) {
            comma();
            b.append('[');
            decimal(flat[i], timeDecimals);
            b.append(',');
            decimal(flat[i + 1], valueDecimals);
            b.append(']');
            first = false;
        }
        return closeArray();
    }

    JsonText numbers(double[] values, int decimals) {
        openArray();
        for (double v : values) {
            number(v, decimals);
        }
        return closeArray();
    }

    private void comma() {
        if (!first) {
            b.append(',');
        }
        first = false;
    }

    private static final long[] POW10 = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

    /** Fixed-point digits by hand: a page holds a few hundred thousand numbers. */
    private void decimal(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            b.append("null");
            return;
        }
        long unit = POW10[decimals];
        if (Math.abs(v) * unit >= 9e15) {
            b.append(Math.round(v));
            return;
        }
        long scaled = Math.round(v * unit);
        if (scaled < 0) {
            b.append('-');
            scaled = -scaled;
        }
        b.append(scaled / unit);
        long frac = scaled % unit;
        if (frac != 0) {
            b.append('.');
            int digits = decimals;
            while (frac % 10 == 0) { // trailing zeros dropped
                frac /= 10;
                digits--;
            }
            for (long d = POW10[digits - 1]; d > frac && d > 1; d /= 10) {
                b.append('0'); // leading zeros of the fraction kept
            }
            b.append(frac);
        }
    }

    @Override
    public String toString() {
        return b.toString();
    }
}
