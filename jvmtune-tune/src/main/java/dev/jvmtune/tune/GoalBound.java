package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.util.Locale;
import java.util.Optional;

/**
 * The most JVM flags can plausibly give a time or throughput goal, from the baseline's evidence: flags change how
 * the JVM's own work is done - GC pauses, concurrent GC threads and barriers, JIT compiler threads - not the
 * program's, so at best that time comes back: pauses + concurrent GC CPU + compiler CPU (each thread's time over the
 * CPUs it shares), and under a concurrent collector an allowance for its barriers, which no log times. A goal beyond
 * it is out of reach of JVM flags, whatever the search.
 *
 * <p>Not where the starting flags hold the JIT back (a code cache below the default, a lower tier, the interpreter
 * only): the program's own code then runs slower than it must, and no log says by how much.
 *
 * @param best   the best the goal metric can plausibly reach, in its unit
 * @param text   the arithmetic, one line
 * @param beyond whether the goal lies beyond {@code best}
 */
public record GoalBound(double best, String text, boolean beyond) {

    /**
     * Share of the run a concurrent collector's read and write barriers may cost the program, against a
     * stop-the-world collector: measurements of G1 against Parallel put its write barriers at a few percent of
     * throughput, up to about 10% on reference-heavy code; the middle of that is allowed.
     */
    static final double BARRIER_SHARE = 0.05;

    /**
     * The bound for {@code goal} at {@code base} (the baseline's median) from the baseline's evidence under
     * {@code start}; empty for goals it does not bound and where the starting flags hold the JIT back.
     */
    public static Optional<GoalBound> of(Target goal, double base, Evidence e, FlagSet start) {
        return of(goal, base, e, start, null);
    }

    /**
     * The same, the compilers' time left out where {@code compilersTried} says why: C1 only, the flag that gives their
     * time back, was measured without a gain, so what C2 costs it repays in faster code.
     */
    public static Optional<GoalBound> of(Target goal, double base, Evidence e, FlagSet start, String compilersTried) {
        return of(goal, base, base, e, start, compilersTried);
    }

    /**
     * The same from a later best: {@code from} is where the goal metric stands now (the baseline moved by the accepted
     * A/Bs), {@code e} the best's evidence, {@code base} still the baseline the goal is relative to.
     */
    public static Optional<GoalBound> of(Target goal, double base, double from, Evidence e, FlagSet start,
                                         String compilersTried) {
        String m = goal.metric();
        boolean time = m.equals("wallSec") || m.equals("metrics.wallSec");
        boolean rate = m.equals("throughputOpsPerSec") || m.startsWith("metrics.") && m.endsWith("OpsPerSec");
        if (!time && !rate || !(base > 0) || !(e.wallSec() > 0) || jitHeldBack(start)) {
            return Optional.empty();
        }
        boolean concurrent = e.collector() != null && e.collector().concurrent();
        double barriers = concurrent ? BARRIER_SHARE * e.wallSec() : 0;
        double compilers = compilersTried == null ? e.compileCpuSec() : 0;
        double removable = Math.min(e.pauseSec() + e.concurrentCpuSec() + compilers + barriers, e.wallSec());
        // a time loses at most that time (the program's own measure, metrics.wallSec, may cover less of the run than
        // the trial: subtracting the whole of it keeps the bound loose); a rate over the run grows by 1 / (1 - share)
        double share = removable / e.wallSec();
        double best = time ? Math.max(0, from - removable) : from / Math.max(1e-9, 1 - share);
        String unit = Metrics.unit(m);
        String text = String.format(Locale.ROOT, "at most the JVM's own time comes back: GC pauses %.2f s + concurrent "
                        + "GC %.2f s x %d threads / %d CPUs + compilers %s%s = %.2f s of a typical %.2f s trial (%.0f%%), "
                        + "%sso %s %s %s%s (%.3gx the baseline)", e.pauseSec(), e.concurrentSec(),
                Math.min(Math.max(1, e.concurrentWorkers()), e.cpusOrOne()), e.cpusOrOne(),
                Double.isNaN(e.compileSec()) ? "(not reported)" : compilersTried != null ? String.format(Locale.ROOT,
                        "%.2f s not counted (%s)", e.compileSec(), compilersTried) : String.format(Locale.ROOT,
                        "%.2f s / %d CPUs", e.compileSec(), e.cpusOrOne()),
                concurrent ? String.format(Locale.ROOT, " + %s's barriers, allowed %.0f%%: %.2f s",
                        e.collector().label(), 100 * BARRIER_SHARE, barriers) : "",
                removable, e.wallSec(), 100 * share, from == base ? "" : "taken from where it stands now, "
                        + Numbers.fmt(from) + (unit.isEmpty() ? "" : " " + unit) + ", ", m,
                goal.atMost() ? ">=" : "<=", Numbers.fmt(best),
                unit.isEmpty() ? "" : " " + unit, best / base);
        return Optional.of(new GoalBound(best, text, !goal.holds(best, base)));
    }

    /** Whether {@code flags} keep the JIT from compiling as it would by default. */
    static boolean jitHeldBack(FlagSet flags) {
        return SearchSpace.smallCodeCache(flags)
                || !flags.value("-XX:TieredStopAtLevel").orElse("4").equals("4")
                || flags.options().contains("-Xint") || flags.options().contains("-XX:-TieredCompilation")
                || flags.options().contains("-XX:-UseCompiler");
    }
}
