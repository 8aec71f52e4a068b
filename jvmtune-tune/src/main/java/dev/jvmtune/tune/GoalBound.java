package dev.jvmtune.tune;

import java.util.Locale;
import java.util.Optional;

/**
 * The most JVM flags can plausibly give a time or throughput goal, from the baseline's evidence: flags change how
 * the JVM's own work is done - GC pauses, concurrent GC threads, JIT compiler threads - not the program's, so at
 * best that time comes back: pauses + concurrent GC CPU + compiler CPU (each thread's time over the CPUs it shares).
 * A goal beyond it is out of reach of JVM flags, whatever the search.
 *
 * @param best   the best the goal metric can plausibly reach, in its unit
 * @param text   the arithmetic, one line
 * @param beyond whether the goal lies beyond {@code best}
 */
public record GoalBound(double best, String text, boolean beyond) {

    /** The bound for {@code goal} at {@code base} (the baseline's median); empty for goals it does not bound. */
    public static Optional<GoalBound> of(Target goal, double base, Evidence e) {
        String m = goal.metric();
        boolean time = m.equals("wallSec") || m.equals("metrics.wallSec");
        boolean rate = m.equals("throughputOpsPerSec") || m.startsWith("metrics.") && m.endsWith("OpsPerSec");
        if (!time && !rate || !(base > 0) || !(e.wallSec() > 0)) {
            return Optional.empty();
        }
        double removable = Math.min(e.pauseSec() + e.concurrentCpuSec() + e.compileCpuSec(), e.wallSec());
        // that share of a typical trial comes back at most: a time shrinks by it, a rate grows by 1 / (1 - share)
        double share = removable / e.wallSec();
        double best = time ? base * (1 - share) : base / Math.max(1e-9, 1 - share);
        String unit = Metrics.unit(m);
        String text = String.format(Locale.ROOT, "at most the JVM's own time comes back: GC pauses %.2f s + concurrent "
                        + "GC %.2f s x %d threads / %d CPUs + compilers %s = %.2f s of a typical %.2f s trial (%.0f%%), so %s %s "
                        + "%s%s (%.3gx the baseline)", e.pauseSec(), e.concurrentSec(),
                Math.min(Math.max(1, e.concurrentWorkers()), e.cpusOrOne()), e.cpusOrOne(),
                Double.isNaN(e.compileSec()) ? "(not reported)" : String.format(Locale.ROOT, "%.2f s / %d CPUs",
                        e.compileSec(), e.cpusOrOne()), removable, e.wallSec(), 100 * share, m, goal.atMost() ? ">=" : "<=",
                Numbers.fmt(best), unit.isEmpty() ? "" : " " + unit, best / base);
        return Optional.of(new GoalBound(best, text, !goal.holds(best, base)));
    }
}
