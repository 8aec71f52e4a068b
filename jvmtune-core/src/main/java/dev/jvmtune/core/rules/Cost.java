package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseClass;
import dev.jvmtune.core.analysis.PauseGoal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What a finding costs the run, in the units of the goal that applies, computed once from the run: with a pause
 * goal, the steady-state pauses over it that the finding accounts for and the time they add over it ({@link
 * OverGoal}); in any case the time its cause took from the application ({@code seconds}: pauses, stalls, concurrent
 * GC or compiler CPU converted to the application's share of the CPUs); for a memory finding the bytes at stake
 * against their bound. An upper estimate: the cost the change can remove, not a prediction that all of it goes.
 * {@link Severity#score} grades it; the figures say how it was reckoned and the {@link Basis} what it rests on.
 *
 * @param seconds   time the finding's cause took from the application; NaN where the log cannot measure it
 * @param pauseSeconds the pause time the cost is made of: the pauses of the classes it is about ({@link #pauses}), or
 *                  the part of pause time its arithmetic takes ({@link #pauseTime}: a phase inside the pauses, their
 *                  kernel share, the pauses with some trait); NaN where its time is no pause time (stalls, concurrent
 *                  or compiler CPU) and for memory: what a fleet credits the rule with as time lost
 * @param ofSeconds the run's duration, which {@code seconds} is weighed against; NaN where the log is too short to
 *                  weigh a share of it ({@link Severity#MIN_RUN_SEC}, {@link Severity#MIN_RUN_PAUSES})
 * @param goal      the pauses over the pause goal the finding accounts for; {@code null} without a pause goal, or
 *                  where the finding makes no claim on the pauses' length
 * @param memoryBytes memory at stake (a memory finding); -1 otherwise
 * @param boundBytes  the bound {@code memoryBytes} is measured against (the machine's memory, the code cache, what the
 *                    heap can hold); -1 without {@code memoryBytes}
 * @param figures     the arithmetic from the log's figures to the cost
 * @param basis       what the figures rest on
 */
public record Cost(double seconds, double pauseSeconds, double ofSeconds, OverGoal goal, long memoryBytes, long boundBytes,
                   List<String> figures, Basis basis) {

    public Cost {
        figures = List.copyOf(figures);
    }

    /**
     * The pauses over the goal a finding accounts for, after warm-up (as the verdict judges the goal).
     *
     * @param goalMs   the pause goal
     * @param pauses   steady-state pauses of the finding's classes longer than the goal
     * @param ofPauses steady-state pauses judged against the goal
     * @param seconds  the time those pauses took over the goal: the sum of (pause - goal) over them
     */
    public record OverGoal(double goalMs, long pauses, long ofPauses, double seconds) {

        /** {@code pauses} as a share of {@code ofPauses}, in percent; 0 without steady-state pauses. */
        public double sharePct() {
            return ofPauses > 0 ? 100.0 * pauses / ofPauses : 0;
        }
    }

    /**
     * What the cost's figures rest on.
     *
     * @param points  how many events (pauses, collections, stalls, samples) the figures come from
     * @param startUp how many of them came before warm-up ended
     * @param spanSec time from the first of them to the last; NaN with fewer than two or without times
     * @param events  which events, in words
     */
    public record Basis(long points, long startUp, double spanSec, String events) {

        /** Whether every point came during start-up: nothing shows what the steady state costs. */
        public boolean startUpOnly() {
            return points > 0 && startUp == points;
        }

        /** The basis in words: "14 pauses started by a humongous allocation over 95 s, 3 of them during start-up". */
        public String describe() {
            String span = spanSec >= 120 ? f(" over %.1f min", spanSec / 60) : spanSec >= 0.01 ? f(" over %.2f s",
                    spanSec) : "";
            String start = startUp == 0 ? "" : startUpOnly() ? ", all during start-up" : f(", %,d of them during "
                    + "start-up", startUp);
            return f("%,d %s%s%s", points, events, span, start);
        }
    }

    /**
     * The cost of the pauses of the classes {@code about} picks: their time, and, where {@code towardGoal} and the run
     * has a pause goal, those over it after warm-up and the time they add over it.
     *
     * @param events what the pauses are, in words ("Full GCs nobody asked for")
     */
    public static Cost pauses(RuleContext run, String events, boolean towardGoal, Predicate<PauseClass> about) {
        Analysis a = run.analysis();
        long n = 0;
        long startUp = 0;
        double ms = 0;
        long over = 0;
        double overMs = 0;
        double first = Double.NaN;
        double last = Double.NaN;
        for (PauseClass c : a.pauseClasses()) {
            if (!about.test(c)) {
                continue;
            }
            n += c.pauses();
            startUp += c.startUpPauses();
            ms += c.totalMs();
            over += Math.max(0, c.overGoal());
            overMs += Double.isNaN(c.overGoalMs()) ? 0 : c.overGoalMs();
            first = Double.isNaN(first) || c.firstSec() < first ? c.firstSec() : first;
            last = Double.isNaN(last) || c.lastSec() > last ? c.lastSec() : last;
        }
        List<String> figures = new ArrayList<>();
        figures.add(f("%,d %s: %.2f s of pauses", n, events, ms / 1000));
        PauseGoal goal = a.pauseGoal();
        OverGoal overGoal = null;
        if (towardGoal && goal != null) {
            overGoal = new OverGoal(goal.goalMs(), over, goal.steadyState().pauses(), overMs / 1000);
            figures.add(f("after warm-up %,d of them over the %.0f ms goal, of %,d steady-state pauses: sum of (pause - "
                    + "goal) = %.2f s", over, goal.goalMs(), goal.steadyState().pauses(), overMs / 1000));
        }
        return new Cost(ms / 1000, ms / 1000, weighedAgainst(run), overGoal, -1, -1, figures,
                new Basis(n, startUp, last - first, events));
    }

    /** A cost in time that is not pause time (stalls, concurrent or compiler CPU), with no claim on the pause goal. */
    public static Cost time(RuleContext run, double seconds, List<String> figures, Basis basis) {
        return new Cost(seconds, Double.NaN, weighedAgainst(run), null, -1, -1, figures, basis);
    }

    /**
     * A cost in time that is pause time, with no claim on the pause goal: the part of the pauses the finding's
     * arithmetic takes (a phase inside them, their kernel share, the pauses with some trait), which the application
     * spent stopped and so counts as the pause time the finding is about.
     */
    public static Cost pauseTime(RuleContext run, double seconds, List<String> figures, Basis basis) {
        return new Cost(seconds, seconds, weighedAgainst(run), null, -1, -1, figures, basis);
    }

    /** The run's duration, or NaN where a log that short and that sparse cannot weigh a share of its time. */
    private static double weighedAgainst(RuleContext run) {
        Analysis a = run.analysis();
        return Severity.weighsShares(a) ? a.durationSec() : Double.NaN;
    }

    /** A cost the log cannot measure: stated, with why, so that no finding's cost is silent. */
    public static Cost unmeasured(RuleContext run, String why, Basis basis) {
        return time(run, Double.NaN, List.of(why), basis);
    }

    /** A memory cost: {@code memoryBytes} at stake against {@code boundBytes}. */
    public static Cost memory(RuleContext run, long memoryBytes, long boundBytes, List<String> figures, Basis basis) {
        return new Cost(Double.NaN, Double.NaN, weighedAgainst(run), null, memoryBytes, boundBytes, figures, basis);
    }

    /**
     * This cost with {@code more} seconds of time beside the pauses (stalls, concurrent CPU), said in {@code figure};
     * no more than the run, which the two may overlap in.
     */
    public Cost plusSeconds(double more, String figure) {
        List<String> all = new ArrayList<>(figures);
        all.add(figure);
        double sum = secondsOrZero() + more;
        if (sum > ofSeconds && ofSeconds > 0) {
            all.add(f("%.2f s, more than the run: at most the run's %.2f s", sum, ofSeconds));
            sum = ofSeconds;
        }
        return new Cost(sum, pauseSeconds, ofSeconds, goal, memoryBytes, boundBytes, all, basis);
    }

    /**
     * This cost weighed against {@code spanSec} instead of its run's duration: the same time over another span, so that
     * costs measured on inputs of different spans (a GC log and a recording of one run) are graded alike.
     */
    public Cost over(double spanSec) {
        return new Cost(seconds, pauseSeconds, spanSec, goal, memoryBytes, boundBytes, figures, basis);
    }

    /** This cost with the memory at stake as well. */
    public Cost withBytes(long memoryBytes, long boundBytes, String figure) {
        List<String> all = new ArrayList<>(figures);
        all.add(figure);
        return new Cost(seconds, pauseSeconds, ofSeconds, goal, memoryBytes, boundBytes, all, basis);
    }

    /**
     * Why a claim about the steady state is unsure when every event it rests on came during start-up; {@code null}
     * when some came later.
     */
    public String startUpOnly(RuleContext run) {
        return basis.startUpOnly() ? f("start-up only: all %,d %s came before warm-up ended at %.1f s", basis.points(),
                basis.events(), run.analysis().steadyState().warmupEndSec()) : null;
    }

    /** {@code seconds} as a share of the run, in percent; NaN when either is unknown. */
    public double sharePct() {
        return ofSeconds > 0 && !Double.isNaN(seconds) ? 100 * seconds / ofSeconds : Double.NaN;
    }

    /** {@code memoryBytes} as a share of {@code boundBytes}, in percent; NaN without a memory cost. */
    public double memoryPct() {
        return memoryBytes >= 0 && boundBytes > 0 ? 100.0 * memoryBytes / boundBytes : Double.NaN;
    }

    /** For ordering and the tuner: the seconds the cause cost, 0 where unknown. */
    public double secondsOrZero() {
        return Double.isNaN(seconds) ? 0 : seconds;
    }

    /** The cost in one line, as every format prints it: over the goal first, then time, then memory. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (goal != null) {
            parts.add(goal.pauses() == 0 ? f("no steady-state pause over the %.0f ms goal", goal.goalMs())
                    : f("%,d of %,d steady-state pauses over the %.0f ms goal (%.1f%%), %.2f s over it", goal.pauses(),
                    goal.ofPauses(), goal.goalMs(), goal.sharePct(), goal.seconds()));
        }
        if (!Double.isNaN(seconds)) {
            parts.add(ofSeconds > 0 ? f(ofSeconds < 10 ? "%.2f s of the %.2f s run (%.1f%%)"
                    : "%.2f s of the %.1f s run (%.1f%%)", seconds, ofSeconds, sharePct())
                    : f("%.2f s (too short a log to weigh a share of)", seconds));
        }
        if (memoryBytes >= 0) {
            parts.add(f("%d MiB of %d MiB (%.0f%%)", mib(memoryBytes), mib(boundBytes), memoryPct()));
        }
        if (parts.isEmpty()) {
            parts.add("not measurable from this log");
        }
        return String.join("; ", parts);
    }
}
