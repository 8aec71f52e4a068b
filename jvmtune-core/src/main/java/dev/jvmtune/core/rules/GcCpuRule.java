package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.GcCpu;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Inverted parallelism: pauses whose real time exceeds the CPU their GC threads used (user + sys). The workers
 * were waiting, not working: other processes or containers took the CPUs, the machine swapped, or the JVM wrote
 * its log to a slow disk. More GC threads do not help; fewer (or fewer neighbours) do. Its cost is the wait (real
 * beyond user + sys), which gc-overhead leaves out of the GC's own time: wall time inside the pauses, when the
 * application was stopped, so pause time (its {@code pauseSeconds}), not CPU time.
 */
final class GcCpuRule implements Rule {

    /** Share of judged pauses that must be inverted. */
    static final double SHARE_PCT = 10;

    @Override
    public String id() {
        return "gc-threads-waiting";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.PAUSE_CPU);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        GcCpu c = run.analysis().gcCpu();
        if (c == null || c.judgedPauses() < 3 || 100.0 * c.realOverCpuPauses() / c.judgedPauses() < SHARE_PCT) {
            return Optional.empty();
        }
        double share = 100.0 * c.realOverCpuPauses() / c.judgedPauses();
        List<String> evidence = List.of(
                f("%d of %d pauses of %.0f ms or more took longer in real time than their GC threads used CPU "
                        + "(real > 1.2 x (user + sys)), %.1f s of pause in all", c.realOverCpuPauses(), c.judgedPauses(), GcCpu.MIN_REAL_MS,
                        c.realOverCpuSec()),
                f("over all %d pauses: user %.1f s + sys %.1f s in %.1f s real: parallelism %.2f", c.pauses(),
                        c.userSec(), c.sysSec(), c.realSec(), c.parallelism()));
        // the wait alone, not the work in the same pauses: gc-overhead weighs that (one cost, one owner)
        Cost cost = Cost.pauseTime(run, c.waitedSec(), List.of(f("the time no GC thread was on a CPU in those pauses, at "
                + "least: real %.2f s - (user + sys) = %.2f s", c.realOverCpuSec(), c.waitedSec())), new Cost.Basis(c.realOverCpuPauses(), 0, Double.NaN, f("pauses of %.0f ms or "
                + "more with real > 1.2 x (user + sys)", GcCpu.MIN_REAL_MS)));
        return Optional.of(Finding.of(id(),
                f("GC threads waited instead of working in %.0f%% of long pauses", share), evidence,
                new Recommendation(List.of(), List.of(
                        "real > user + sys: the threads were runnable but not running, or blocked: check the machine's "
                                + "load and steal time (vmstat, top), swapping (vmstat si/so), and whether the GC log is "
                                + "written to a slow or full disk",
                        run.jvm().parallelWorkers() > 0 && run.jvm().cpusAvailable() > 0
                                ? f("%d GC workers on %d CPUs: if the CPUs are shared, fewer workers wait less",
                                run.jvm().parallelWorkers(), run.jvm().cpusAvailable())
                                : "if the CPUs are shared with other JVMs, set -XX:ParallelGCThreads to this JVM's share")),
                cost));
    }
}
