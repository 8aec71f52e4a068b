package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseClass;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.model.GcKind;
import java.util.List;
import java.util.Optional;

/**
 * A Full GC under a concurrent collector (G1, CMS, ZGC, Shenandoah) means its concurrent work lost the race
 * with allocation: the longest pauses of the run, and the thing such a collector is chosen to avoid. Full GCs
 * somebody asked for are explicit-gc's to judge, those class metadata started metaspace-collections' where it speaks.
 */
final class FullGcRule implements Rule {

    @Override
    public String id() {
        return "full-gc";
    }

    /** A Full GC the collector fell back to: nobody asked for it, and class metadata did not start it. */
    static boolean lostRace(PauseClass c) {
        return c.kind() == GcKind.FULL && !c.trigger().requested() && c.trigger() != PauseClass.Trigger.METADATA;
    }

    /** A Full GC this rule speaks for: nobody asked for it, and metaspace-collections does not speak for it. */
    private static boolean unclaimed(PauseClass c, boolean metaspaceSpeaks) {
        return c.kind() == GcKind.FULL && !c.trigger().requested()
                && (c.trigger() != PauseClass.Trigger.METADATA || !metaspaceSpeaks);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        PauseStats full = a.pausesByKind().get(GcKind.FULL);
        if (full == null || full.count() == 0 || !run.collector().concurrent()) {
            return Optional.empty();
        }
        boolean metaspaceSpeaks = MetaspaceRule.speaks(a.metaspace());
        Cost cost = Cost.pauses(run, "Full GCs nobody asked for", true, c -> unclaimed(c, metaspaceSpeaks));
        long fellBack = cost.basis().points();
        if (fellBack == 0) {
            return Optional.empty();
        }
        List<String> evidence = List.of(f("%d Full GCs (%d of them requested, %d for class metadata), %.0f ms in all, "
                        + "longest %.0f ms, against a median pause of %.1f ms", full.count(), requested(a),
                count(a, c -> c.kind() == GcKind.FULL && c.trigger() == PauseClass.Trigger.METADATA), full.totalMs(),
                full.maxMs(), a.pauses().p50Ms()));
        return Optional.of(Finding.of(id(), run.collector().label() + " fell back to " + fellBack
                        + " stop-the-world Full GCs", evidence, new Recommendation(List.of(), List.of("no flag of its "
                        + "own: a Full GC is where the collector lost the race with allocation, and the findings on "
                        + "why carry the flags (heap-too-small, concurrent-mark-aborted, old-generation-exhausted, "
                        + "evacuation-failure, shenandoah-degenerated); with none of them, the heap after the Full GCs "
                        + "against -Xmx tells whether the heap or the allocation rate is short")), cost,
                cost.startUpOnly(run)));
    }

    /** Full GCs somebody asked for, by their class. */
    static long requested(Analysis a) {
        return count(a, c -> c.kind() == GcKind.FULL && c.trigger().requested());
    }

    /** Pauses of the classes {@code which} picks. */
    static long count(Analysis a, java.util.function.Predicate<PauseClass> which) {
        return a.pauseClasses().stream().filter(which).mapToLong(PauseClass::pauses).sum();
    }
}
