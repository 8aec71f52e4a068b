package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.options.JdkDefaults;

/**
 * The pause-time goal a run is judged against, and how its pauses fared. The goal is the user's
 * ({@code --pause-goal}) or one the log or recording shows was set: {@code MaxGCPauseMillis} from the command line
 * (a JDK 6-8 log's {@code CommandLine flags}, a unified log's {@code jvm_args}) or a recording ({@code
 * jdk.GCConfiguration}'s pause target, a flag whose origin is not the default), else G1's {@code target pause time}
 * from the adaptive-size (ergonomics) lines of a JDK 7/8 G1 log where it differs from G1's default. A default is no
 * goal: G1 aims at 200 ms whether or not anyone asked for it.
 *
 * @param goalMs  the goal
 * @param source  {@code option} ({@code --pause-goal}), {@code MaxGCPauseMillis} or {@code G1 target pause time};
 *                in a comparison, the other side's goal it was judged by: {@code MaxGCPauseMillis of B}
 * @param overall all pauses of the run against the goal
 * @param steadyState the pauses after warm-up ({@link Analysis#steadyState()}) against the goal
 */
public record PauseGoal(double goalMs, String source, Exceedance overall, Exceedance steadyState) {

    /**
     * @param pauses       pauses judged
     * @param over         pauses longer than the goal
     * @param overPct      their share of {@code pauses}, percent
     * @param meanExcessMs mean of (pause - goal) over those pauses; NaN when none
     * @param maxExcessMs  the longest pause minus the goal; NaN when none
     */
    public record Exceedance(long pauses, long over, double overPct, double meanExcessMs, double maxExcessMs) {
    }

    /** A goal and where it came from, before the pauses are judged. */
    record Source(double goalMs, String source) {
    }

    /**
     * The explicit goal if given (positive), named by {@code explicitSource} ({@code option} when null), else the log's
     * own; {@code null} when neither is known.
     */
    static Source resolve(double explicitMs, String explicitSource, JvmFacts facts) {
        if (explicitMs > 0) {
            return new Source(explicitMs, explicitSource == null ? "option" : explicitSource);
        }
        if (facts == null) {
            return null;
        }
        double flag = millis(facts.raw().get("MaxGCPauseMillis"));
        if (flag > 0) {
            return new Source(flag, "MaxGCPauseMillis");
        }
        // G1's ergonomics lines print the target whether it was set or not: its default says nothing of a goal
        double target = millis(facts.raw().get("G1 target pause time"));
        double g1Default = JdkDefaults.number("MaxGCPauseMillis", Collector.G1, Math.max(8, facts.feature()));
        return target > 0 && target != g1Default ? new Source(target, "G1 target pause time") : null;
    }

    /** "100", "100.00 ms" -> 100; NaN for anything else. */
    static double millis(String v) {
        if (v == null) {
            return Double.NaN;
        }
        String s = v.strip();
        if (s.endsWith("ms")) {
            s = s.substring(0, s.length() - 2).strip();
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Judges the kept pauses from {@code from} on; counts scale by the series' sampling stride. */
    static Exceedance judge(PauseSeries series, int from, double goalMs) {
        long n = 0;
        long over = 0;
        double excess = 0;
        double max = Double.NaN;
        for (int i = from; i < series.size(); i++) {
            double ms = series.ms(i);
            n++;
            if (ms > goalMs) {
                over++;
                excess += ms - goalMs;
                max = Double.isNaN(max) ? ms - goalMs : Math.max(max, ms - goalMs);
            }
        }
        long s = series.stride();
        return new Exceedance(n * s, over * s, n == 0 ? Double.NaN : 100.0 * over / n,
                over == 0 ? Double.NaN : excess / over, max);
    }
}
