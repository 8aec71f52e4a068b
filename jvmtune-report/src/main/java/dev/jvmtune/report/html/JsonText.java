package dev.jvmtune.report.html;

import java.util.Locale;

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

    JsonText bool(boolean v) {
        comma();
        b.append(v);
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

    private void decimal(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            b.append("null");
            return;
        }
        double scale = Math.pow(10, decimals);
        if (Math.abs(v) * scale >= 9e15) {
            b.append(String.format(Locale.ROOT, "%.0f", v));
            return;
        }
        long scaled = Math.round(v * scale);
        if (scaled < 0) {
            b.append('-');
            scaled = -scaled;
        }
        long unit = (long) scale;
        b.append(scaled / unit);
        long frac = scaled % unit;
        if (frac != 0) {
            b.append('.');
            String digits = Long.toString(frac + unit).substring(1); // leading zeros kept
            int end = digits.length();
            while (digits.charAt(end - 1) == '0') {
                end--;
            }
            b.append(digits, 0, end);
        }
    }

    @Override
    public String toString() {
        return b.toString();
    }
}
