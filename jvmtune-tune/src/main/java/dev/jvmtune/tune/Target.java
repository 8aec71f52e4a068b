package dev.jvmtune.tune;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
  * A goal or a guard: {@code gc.pause.p99Ms <= 50ms} (absolute), or {@code wallSec <= -20%} /
 * {@code throughput >= -5%} (a signed percentage: relative to the baseline's median).
 *
 * @param value    the bound in the metric's unit, or the signed percentage when {@code relative}
 * @param relative whether {@code value} is a change against the baseline in percent
 */
public record Target(String metric, boolean atMost, double value, boolean relative, String text) {

    private static final Pattern SHAPE = Pattern.compile(
            "\\s*([A-Za-z][\\w.]*)\\s*(<=|>=|<|>)\\s*([+-]?)(\\d+(?:\\.\\d+)?)\\s*(%|ms|s|MB|GB|B|ops/s|MB/s)?\\s*");

    /** Parses a target; throws {@link IllegalArgumentException} with a one-line reason. */
    public static Target parse(String text) {
        Matcher m = SHAPE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("cannot read target '" + text
                    + "': expected METRIC <= VALUE or METRIC >= VALUE, e.g. 'gc.pause.p99Ms <= 50ms', 'wallSec <= -20%'");
        }
        String metric = dev.jvmtune.lab.run.Metrics.canonical(m.group(1));
        if (!Metrics.known(metric)) {
            throw new IllegalArgumentException("unknown metric '" + m.group(1) + "' in '" + text + "'; one of "
                    + String.join(", ", dev.jvmtune.lab.run.Metrics.STANDARD) + ", or metrics.NAME (a number of "
                    + "the program's metrics file)");
        }
        boolean atMost = m.group(2).startsWith("<");
        double v = Double.parseDouble(m.group(4));
        String unit = m.group(5) == null ? "" : m.group(5);
        boolean relative = !m.group(3).isEmpty() && unit.equals("%");
        if (!m.group(3).isEmpty() && !relative) {
            throw new IllegalArgumentException("a signed value is a change against the baseline and needs '%': '"
                    + text + "'");
        }
        if (relative) {
            v = m.group(3).equals("-") ? -v : v;
        } else {
            v = toMetricUnit(metric, v, unit, text);
        }
        Target t = new Target(metric, atMost, v, relative, text.trim());
        t.checkPossible();
        return t;
    }

    /**
     * Refuses a target no measurement can meet, or every measurement meets: every metric is at least 0, and a
     * percentage ({@code gc.throughput}) at most 100.
     */
    private void checkPossible() {
        String why = null;
        if (relative && atMost && value < -100) {
            why = "no metric falls more than 100% below its baseline";
        } else if (relative && !atMost && value <= -100) {
            why = "every measurement is at least 0, which meets it already";
        } else if (!relative && !atMost && value <= 0) {
            why = "every measurement is at least 0, which meets it already";
        } else if (!relative && Metrics.unit(metric).equals("%") && (atMost ? value >= 100 : value > 100)) {
            why = atMost ? "a percentage is at most 100, which meets it already" : metric + " is a percentage: at most 100";
        }
        if (why != null) {
            throw new IllegalArgumentException("target '" + text + "' cannot be judged: " + why);
        }
    }

    /**
     * Why this relative target cannot be judged against a baseline median, or null when it can: a percentage
     * of 0 is 0 whatever the percentage, and a percentage metric cannot be asked above 100.
     */
    public String unjudgeable(double baselineMedian) {
        if (!relative) {
            return null;
        }
        if (baselineMedian == 0) {
            return "the baseline's median " + metric + " is 0, and " + String.format(Locale.ROOT, "%+.0f%%", value)
                    + " of 0 is 0: give an absolute target (" + metric + (atMost ? " <= " : " >= ") + "VALUE)";
        }
        if (Metrics.unit(metric).equals("%") && !atMost && bound(baselineMedian) > 100) {
            return String.format(Locale.ROOT, "%s %+.0f%% of the baseline's %s%% is %s%%, above 100%%", metric,
                    value, Numbers.fmt(baselineMedian), Numbers.fmt(bound(baselineMedian)));
        }
        return null;
    }

    private static double toMetricUnit(String metric, double v, String unit, String text) {
        String want = Metrics.unit(metric);
        if (unit.isEmpty() || unit.equals(want)) {
            return v;
        }
        if (want.equals("ms") && unit.equals("s")) {
            return v * 1000;
        }
        if (want.equals("s") && unit.equals("ms")) {
            return v / 1000;
        }
        if (want.equals("B") && (unit.equals("MB") || unit.equals("GB"))) {
            return v * (unit.equals("MB") ? 1 << 20 : 1 << 30);
        }
        throw new IllegalArgumentException("unit '" + unit + "' does not fit " + metric + " (" + want + ") in '"
                + text + "'");
    }

    /** The bound in the metric's unit: for a relative target, the baseline's median moved by the percentage. */
    public double bound(double baselineMedian) {
        return relative ? baselineMedian * (1 + value / 100.0) : value;
    }

    public boolean holds(double measured, double baselineMedian) {
        double b = bound(baselineMedian);
        return atMost ? measured <= b : measured >= b;
    }

    /** "gc.pause.p99Ms <= 50 ms" or "wallSec <= 7.95 s (baseline 9.94 s -20%)". */
    public String describe(double baselineMedian) {
        String unit = Metrics.unit(metric);
        String base = String.format(Locale.ROOT, "%s %s %s%s", metric, atMost ? "<=" : ">=",
                Numbers.fmt(bound(baselineMedian)), unit.isEmpty() ? "" : " " + unit);
        return relative ? base + String.format(Locale.ROOT, " (baseline %s %+.0f%%)", Numbers.fmt(baselineMedian),
                value) : base;
    }
}
