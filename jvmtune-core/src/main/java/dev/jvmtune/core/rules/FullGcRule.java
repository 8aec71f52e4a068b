package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.run.Rounding;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A Full GC under a concurrent collector (G1, CMS, ZGC, Shenandoah) means its concurrent work lost the race
 * with allocation: the longest pauses of the run, and the thing such a collector is chosen to avoid.
 */
final class FullGcRule implements Rule {

    /** Causes of collections somebody asked for (the application, jcmd, a heap dump): not a lost race. */
    static final Set<String> REQUESTED = Set.of("System.gc()", "System", "Diagnostic Command",
            "Heap Inspection Initiated GC", "Heap Dump Initiated GC", "JvmtiEnv ForceGarbageCollection");

    @Override
    public String id() {
        return "full-gc";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        PauseStats full = a.pausesByKind().get(GcKind.FULL);
        if (full == null || full.count() == 0 || !run.collector().concurrent()) {
            return Optional.empty();
        }
        long explicit = requested(a);
        if (explicit >= full.count()) {
            return Optional.empty(); // all were asked for: the explicit-gc rule speaks for System.gc()
        }
        List<String> evidence = List.of(Rounding.text("%d Full GCs (%d of them requested), %.0f ms in "
                        + "all, longest %.0f ms, against a median pause of %.1f ms", full.count(), explicit,
                full.totalMs(), full.maxMs(), a.pauses().p50Ms()));
        return Optional.of(new Finding(id(), Severity.CRITICAL, (int) Math.min(100, 60 + (full.count() - explicit) * 5),
                run.collector().label() + " fell back to " + (full.count() - explicit) + " stop-the-world Full GCs", evidence,
                null, new Gain(full.totalMs() / 1000, a.durationSec(), List.of(Rounding.text(
                        "Full GC pauses: %.2f s", full.totalMs() / 1000)))));
    }

    /** Full GCs somebody asked for, by their causes (a concurrent cycle asked for is no Full GC). */
    static long requested(Analysis a) {
        long n = 0;
        for (String cause : REQUESTED) {
            n += a.fullGcCauses().getOrDefault(cause, 0L);
        }
        return n;
    }
}
