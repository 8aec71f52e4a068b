package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The most JVM flags can plausibly give a time or throughput goal: flags change how the JVM's own work is done, not
 * the program's, so at best the time of every {@link Cause} not yet settled comes back, each measured on a typical
 * trial of the current best so that they add up, and taken off as that trial's share from where the goal metric may
 * stand: the baseline's, or the better end of the accepted A/Bs' intervals (a few trials' point estimate, taken as a
 * level, put a bound under what was later measured). A settled cause is left out: one whose flag was accepted (what it
 * gave is in the measured ratio, and the bound starts from where the goal metric may stand) or measured without a gain
 * while its time went and nothing else grew (what it cost, the program repays: C2's faster code), but for what that
 * measurement's interval still allows ({@link Settled#allowed}: a settled cause counts the gain it cannot rule out).
 * A goal beyond the bound is out of reach of JVM flags, whatever the search.
 *
 * <p>No bound where it could not hold: where the starting flags hold the JIT back (a code cache below the default, a
 * lower tier, the interpreter only: the program's own code runs slower by an amount no log states), and where a cause
 * not yet settled was not measured (no GC log, no compilers' report): the trial says which.
 *
 * @param best   the best the goal metric can plausibly reach, in its unit; NaN when there is no bound
 * @param share  the JVM's own time not yet settled, as a share of a typical trial of the current best: the most any
 *               flags can still gain on it; NaN when there is no bound
 * @param text   the arithmetic, one line; or why there is no bound
 * @param beyond whether the goal lies beyond {@code best}
 */
public record GoalBound(double best, double share, String text, boolean beyond) {

    /**
     * Why a cause is settled, and the time, s, its measurement's interval still allows as a gain (0 where what it
     * gave is in a measured ratio).
     */
    public record Settled(String why, double allowed) {

        /** Settled by a measured ratio, with nothing left to allow. */
        public static Settled by(String why) {
            return new Settled(why, 0);
        }
    }

    /** Whether a goal on {@code metric} is bounded: the program's time, or a rate over it. */
    static boolean bounds(String metric) {
        return time(metric) || rate(metric);
    }

    private static boolean time(String m) {
        return m.equals("wallSec") || m.equals("metrics.wallSec");
    }

    private static boolean rate(String m) {
        return m.equals("throughputOpsPerSec") || m.startsWith("metrics.") && m.endsWith("OpsPerSec");
    }

    /**
     * The bound for {@code goal} (relative to {@code base}, the baseline's median) from where the goal metric may stand
     * at best, {@code from}, with the evidence {@code e} of a typical trial of the best, leaving out the {@code
     * settled} causes but what their measurements still allow; empty for goals it does not bound.
     */
    public static Optional<GoalBound> of(Target goal, double base, double from, Evidence e, FlagSet start,
                                         Map<Cause, Settled> settled) {
        String m = goal.metric();
        if (!bounds(m) || !(base > 0)) {
            return Optional.empty();
        }
        if (jitHeldBack(start)) {
            return Optional.of(none("the starting flags hold the JIT back (a small code cache, a lower tier, the "
                    + "interpreter): the program's own code runs slower than it must, by an amount no log states"));
        }
        if (!(e.wallSec() > 0)) {
            return Optional.of(none("the typical trial has no wall time"));
        }
        List<String> parts = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        double removable = 0;
        for (Cause c : Cause.values()) {
            double s = e.seconds(c);
            Settled done = settled.get(c);
            if (done != null) {
                double left = done.allowed();
                removable += left;
                parts.add(String.format(Locale.ROOT, "%s %s not counted (%s)%s", c.label(), Double.isNaN(s) ? "?"
                        : String.format(Locale.ROOT, "%.2f s", s), done.why(), left > 0 ? String.format(
                        Locale.ROOT, " but the %.2f s its measurement's interval still allows", left) : ""));
            } else if (Double.isNaN(s)) {
                unknown.add(e.figure(c));
            } else if (s > 0) {
                removable += s;
                parts.add(e.figure(c));
            }
        }
        if (!unknown.isEmpty()) {
            return Optional.of(none("the typical trial did not measure " + String.join(", ", unknown) + "; "
                    + String.join("; ", e.missing())));
        }
        removable = Math.min(removable, e.wallSec());
        double share = removable / e.wallSec();
        // as a share of the typical trial, so that a metric taken from other trials (the baseline's level, chained by
        // the A/Bs' ratios) loses as much of itself: a time at most that share (the program's own measure,
        // metrics.wallSec, may cover less of the run than the trial: the whole share keeps the bound loose); a rate
        // over the run grows by 1 / (1 - share)
        double best = time(m) ? from * (1 - share) : from / Math.max(1e-9, 1 - share);
        String unit = Metrics.unit(m);
        String text = String.format(Locale.ROOT, "at most the JVM's own time comes back: %s = %.2f s of a typical "
                        + "%.2f s trial (%.0f%%), %sso %s %s %s%s (%.3gx the baseline)",
                parts.isEmpty() ? "nothing" : String.join(" + ", parts), removable, e.wallSec(), 100 * share,
                from == base ? "" : "taken from where it may stand now at best (the accepted A/Bs' intervals), "
                        + Numbers.fmt(from) + (unit.isEmpty() ? "" : " " + unit) + ", ",
                m, goal.atMost() ? ">=" : "<=", Numbers.fmt(best), unit.isEmpty() ? "" : " " + unit, best / base);
        return Optional.of(new GoalBound(best, share, text, !goal.holds(best, base)));
    }

    private static GoalBound none(String why) {
        return new GoalBound(Double.NaN, Double.NaN, "no bound: " + why, false);
    }

    /** Whether there is a bound: its figure is known. */
    public boolean holds() {
        return !Double.isNaN(best);
    }

    /** Whether {@code flags} keep the JIT from compiling as it would by default. */
    static boolean jitHeldBack(FlagSet flags) {
        return SearchSpace.smallCodeCache(flags)
                || !flags.value("-XX:TieredStopAtLevel").orElse("4").equals("4")
                || flags.options().contains("-Xint") || flags.options().contains("-XX:-TieredCompilation")
                || flags.options().contains("-XX:-UseCompiler");
    }
}
