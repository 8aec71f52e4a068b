package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.LiveSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The application is stopped for GC a large share of the time. Below 90% throughput a service loses
 * more to GC than most teams accept; below 80% the heap is usually too small for the live set: the finding states the
 * live set against the heap, and heap-too-small, which reads the same live set, sizes the heap from it. (Stalls of the
 * concurrent collectors are the allocation-stall and shenandoah-degenerated rules' to judge: this one counts pauses.)
 */
final class GcOverheadRule implements Rule {

    static final double WARN_BELOW_PCT = 90;
    static final double CRITICAL_BELOW_PCT = 80;

    @Override
    public String id() {
        return "gc-overhead";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        double t = a.pauseThroughputPct();
        if (Double.isNaN(t) || t >= WARN_BELOW_PCT || a.durationSec() < 10) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>(List.of(f("%.1f s of pauses in %.1f s of log: the application ran "
                        + "%.1f%% of the time", a.pauses().totalMs() / 1000, a.durationSec(), t),
                f("%d pauses, %d of them Full GCs", a.pauses().count(), a.fullGcCount())));
        LiveSet live = a.liveSet();
        long heap = HeapTooSmallRule.heapBytes(run);
        if (live != null && heap > 0) {
            long liveBytes = HeapTooSmallRule.liveBytes(live);
            // the heap is sized in one place, heap-too-small, from the same live set
            evidence.add(f("the live set, %s: %d MiB of the %d MiB heap (%.0f%%)%s", HeapTooSmallRule.liveSource(live),
                    mib(liveBytes), mib(heap), 100.0 * liveBytes / heap, HeapTooSmallRule.fills(run)
                    ? "; heap-too-small sizes the heap from it" : ""));
        }
        return Optional.of(new Finding(id(), t < CRITICAL_BELOW_PCT ? Severity.CRITICAL : Severity.WARNING,
                (int) Math.min(100, 50 + (WARN_BELOW_PCT - t) * 2), f("GC takes %.1f%% of the time", 100 - t),
                evidence, null, new Gain(a.pauses().totalMs() / 1000, a.durationSec(), List.of(f("GC pauses: %.2f s",
                a.pauses().totalMs() / 1000)))));
    }
}
