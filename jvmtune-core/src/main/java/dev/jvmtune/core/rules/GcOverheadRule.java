package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.GcCpu;
import dev.jvmtune.core.analysis.LiveSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The application is stopped for GC a large share of the time. Below 90% throughput a service loses more to GC than
 * most teams accept. Its cost is time: the pauses' share of the run (which pauses miss a goal is the rules' that name
 * a cause). It carries no flag of its own and says why: where the live set fills the heap, heap-too-small sizes the
 * heap from it; where the heap already holds many times the live set, a larger one would not collect the old
 * generation less, and the pauses follow the allocation rate. (Stalls of the concurrent collectors are the
 * allocation-stall and shenandoah-degenerated rules' to judge: this one counts pauses.) Time in a pause when no GC
 * thread was on a CPU (real beyond user + sys, where the log gives CPU times: {@link GcCpu#hostSec}) is the host's,
 * not the heap's: in long pauses gc-threads-waiting's cost, and left out of this one's share and cost, so that a
 * starved host does not pass for an expensive heap. What is left is pause time (its {@code pauseSeconds}).
 */
final class GcOverheadRule implements Rule {

    static final double WARN_BELOW_PCT = 90;

    @Override
    public String id() {
        return "gc-overhead";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.PAUSE_CPU, Evidence.RUN_SHARE);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        double t = a.pauseThroughputPct();
        if (Double.isNaN(t) || !Severity.weighsShares(a)) {
            return Optional.empty();
        }
        double pausedSec = a.pauses().totalMs() / 1000;
        GcCpu cpu = a.gcCpu();
        double waitedSec = cpu == null ? 0 : Math.min(pausedSec, cpu.hostSec());
        double ownPct = 100 - t - 100 * waitedSec / a.durationSec();
        if (ownPct <= 100 - WARN_BELOW_PCT) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>(List.of(f("%.1f s of pauses in %.1f s of log: the application ran "
                        + "%.1f%% of the time", pausedSec, a.durationSec(), t),
                f("%d pauses, %d of them Full GCs", a.pauses().count(), a.fullGcCount())));
        if (waitedSec > 0) {
            evidence.add(f("%.1f s of those pauses no GC thread was on a CPU (real beyond user + sys: %.2f s in %d pauses "
                    + "of %.0f ms or more, %.2f s in the shorter ones summed): the host's time; the GC's own %.1f s are "
                    + "%.1f%% of the run", waitedSec, cpu.waitedSec(), cpu.realOverCpuPauses(), GcCpu.MIN_REAL_MS,
                    cpu.shortWaitedSec(), pausedSec - waitedSec, ownPct));
        }
        LiveSet live = a.liveSet();
        long heap = HeapTooSmallRule.heapBytes(run);
        List<String> why = new ArrayList<>();
        if (live != null && heap > 0) {
            long liveBytes = HeapTooSmallRule.liveBytes(live);
            evidence.add(f("the live set, %s: %d MiB of the %d MiB heap (%.0f%%)%s", HeapTooSmallRule.liveSource(live),
                    mib(liveBytes), mib(heap), 100.0 * liveBytes / heap, live.unsure() == null ? ""
                            : " (unsure: " + live.unsure() + ")"));
            if (HeapTooSmallRule.fills(run)) {
                why.add("no flag of its own: the live set fills the heap, and heap-too-small sizes the heap from it (one "
                        + "-Xmx on the line)");
            } else if (live.unsure() == null && liveBytes > 0) {
                double times = (double) heap / liveBytes;
                why.add(times >= HeapTooSmallRule.THROUGHPUT_FACTOR ? f("no larger heap: it already holds %.1fx the "
                        + "live set, at least the %dx heap-too-small sizes a heap to", times,
                        HeapTooSmallRule.THROUGHPUT_FACTOR) : f("no heap size: the heap holds %.1fx the live set, which "
                        + "fills less than half of it (heap-too-small's test); more room would make old-generation "
                        + "collections rarer, not the young ones", times));
            }
        }
        if (live == null) {
            why.add("no heap size: no collection of this log cleaned the old generation, so it shows no live set to "
                    + "size one from");
        } else if (live.unsure() != null) {
            why.add("no heap size: the live set is unsure (" + live.unsure() + ")");
        }
        if (!HeapTooSmallRule.fills(run) && a.allocationRateMBps() > 0 && a.intervals().count() > 0) {
            why.add(f("the pauses follow the allocation: %.0f MiB/s, a collection every %.0f ms (median); the cure is "
                            + "allocating less - find where with jvmtune profile or JFR's jdk.ObjectAllocationSample",
                    a.allocationRateMBps(), a.intervals().p50Ms()));
        }
        Cost cost = Cost.pauseTime(run, pausedSec - waitedSec, List.of(waitedSec > 0 ? f("GC pauses less the time their "
                + "threads waited for a CPU: %.2f s - %.2f s = %.2f s", pausedSec, waitedSec, pausedSec - waitedSec)
                : f("GC pauses: %.2f s", pausedSec)), new Cost.Basis(a.pauses().count(),
                a.steadyState().warmupPauses(), a.durationSec(), "pauses"));
        return Optional.of(Finding.of(id(), f("GC takes %.1f%% of the time", ownPct), evidence,
                new Recommendation(List.of(), why), cost));
    }
}
