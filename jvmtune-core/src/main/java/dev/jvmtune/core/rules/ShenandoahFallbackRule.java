package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.CollectorCycles;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.GcStall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Shenandoah lost the race with allocation: an allocation failed during a concurrent cycle, the cycle was cancelled
 * and finished stop-the-world as a degenerated GC, or, when that made too little progress, as a Full GC; before
 * that its pacer slowed the allocating threads. The heap must hold the live set plus what the application
 * allocates while a cycle runs, twice (what the running cycle cannot free yet, and room for the next), above
 * Shenandoah's minimum free threshold - and, since the pacer taxes allocation by live / free, free space of the
 * order of the live set: the project's 3 x live set, as heap-too-small sizes a heap. Where the heap has both
 * already, the cycles are too slow: more concurrent GC threads while the CPUs allow. In generational mode the two
 * rooms add up: the old generation's (3 x live set) and the young generation's (twice the allocation during a cycle).
 */
final class ShenandoahFallbackRule implements Rule {

    /** Time lost to degenerated and Full GCs and pacing, as a share of the run, below which the rule is silent. */
    static final double MIN_LOST_PCT = 0.5;
    static final double CYCLES_OF_HEADROOM = 2;
    /** The {@code Mode:} that {@code gc,init} logs for generational Shenandoah (JDK 25+). */
    static final String GENERATIONAL = "Generational";

    @Override
    public String id() {
        return "shenandoah-degenerated";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.PACING);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        if (run.collector() != Collector.SHENANDOAH || !(a.durationSec() > 0)) {
            return Optional.empty();
        }
        PauseStats degenerated = a.pausesByKind().getOrDefault(GcKind.DEGENERATED, PauseStats.EMPTY);
        PauseStats full = a.pausesByKind().getOrDefault(GcKind.FULL, PauseStats.EMPTY);
        long requested = FullGcRule.requested(a);
        long fallbackFulls = Math.max(0, full.count() - requested);
        PauseStats pacing = a.stalls() == null ? null : a.stalls().byKind().get(GcStall.Kind.PACING);
        if (degenerated.count() == 0 && fallbackFulls == 0) {
            return Optional.empty();
        }
        double fullMs = full.count() == 0 ? 0 : full.totalMs() * fallbackFulls / full.count();
        double lostMs = degenerated.totalMs() + fullMs + a.heldUp().stallsMs();
        double lostPct = 100.0 * lostMs / 1000.0 / a.durationSec();
        if (lostPct < MIN_LOST_PCT) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>();
        evidence.add(f("%,d degenerated GCs (%.0f ms, longest %.1f ms) and %,d Full GCs it fell back to (%.0f ms); "
                        + "%,d cycles cancelled by an allocation failure, %,d degenerated cycles upgraded to Full GC",
                degenerated.count(), degenerated.totalMs(), degenerated.count() == 0 ? 0 : degenerated.maxMs(),
                fallbackFulls, fullMs, a.incidents().getOrDefault(GcIncident.CYCLE_CANCELLED, 0L),
                a.incidents().getOrDefault(GcIncident.UPGRADED_TO_FULL, 0L)));
        if (pacing != null) {
            evidence.add(f("the pacer delayed allocating threads %,d times, %.0f ms in all", pacing.count(),
                    pacing.totalMs()));
        }
        evidence.add(f("%.2f s of the %.1f s run (%.1f%%) lost to them; all other pauses took %.0f ms", lostMs / 1000,
                a.durationSec(), lostPct, a.pauses().totalMs() - degenerated.totalMs() - fullMs));
        Cost cost = Cost.pauses(run, "degenerated GCs and Full GCs nobody asked for", true,
                c -> c.kind() == GcKind.DEGENERATED || c.kind() == GcKind.FULL && !c.trigger().requested())
                .plusSeconds(a.heldUp().stallsMs() / 1000, f("pacing and stalls outside pauses: %.2f s",
                        a.heldUp().stallsMs() / 1000));
        return Optional.of(Finding.of(id(), f("Shenandoah could not keep up with allocation: %,d degenerated and %,d "
                        + "Full GCs, %.2f s lost (%.1f%% of the run)", degenerated.count(), fallbackFulls,
                lostMs / 1000, lostPct), evidence, recommendation(run, evidence), cost));
    }

    private static Recommendation recommendation(RuleContext run, List<String> evidence) {
        Analysis a = run.analysis();
        CollectorCycles cycles = a.cycles();
        long live = a.liveSet() == null ? -1 : HeapTooSmallRule.liveBytes(a.liveSet());
        long heap = run.jvm().heapMaxBytes() > 0 ? run.jvm().heapMaxBytes() : a.heap().maxCapacityBytes();
        double rate = a.allocationRateMBps();
        if (cycles == null || cycles.durationMs().count() == 0 || heap <= 0 || !(rate > 0) || live < 0) {
            return new Recommendation(List.of(), List.of("the log lacks the live set (the heap after a Full or "
                    + "degenerated GC), the cycles' length or the allocation rate: log with -Xlog:gc*:file=gc.log"));
        }
        double cycleSec = cycles.durationMs().p90Ms() / 1000.0;
        double perCycle = rate * Text.MIB * cycleSec;
        // ShenandoahMinFreeThreshold: the adaptive heuristics start a cycle when free falls below it
        double minFreePct = run.flagNumber("ShenandoahMinFreeThreshold");
        long forCycles = Math.round((live + CYCLES_OF_HEADROOM * perCycle) / (1 - minFreePct / 100));
        long forLiveSet = live * HeapTooSmallRule.THROUGHPUT_FACTOR;
        evidence.add(f("live set up to %d MiB (heap after Full and degenerated GCs); allocation %.0f MiB/s; "
                        + "%,d cycles, p90 %.0f ms; heap %d MiB", mib(live), rate, cycles.count(),
                cycles.durationMs().p90Ms(), mib(heap)));
        if (GENERATIONAL.equals(run.jvm().raw().get("Mode"))) {
            return generational(run, heap, live, rate, cycleSec, forLiveSet, minFreePct);
        }
        long needed = Math.max(forCycles, forLiveSet);
        List<String> arithmetic = List.of(
                f("room for the cycles: (live + %.0f x allocated per cycle) / (1 - %.0f%% minimum free) = (%d + %.0f x "
                                + "%.0f MiB/s x %.3f s) / %.2f = %d MiB (what the running cycle cannot free yet, and room for "
                                + "the next)", CYCLES_OF_HEADROOM, minFreePct, mib(live), CYCLES_OF_HEADROOM, rate, cycleSec,
                        1 - minFreePct / 100, mib(forCycles)),
                f("room for the live set: %d x live = %d x %d = %d MiB, as heap-too-small sizes it: a pacer that taxes "
                                + "allocation by live / free and cycles cancelled for want of free regions need free space of "
                                + "the order of the live set", HeapTooSmallRule.THROUGHPUT_FACTOR,
                        HeapTooSmallRule.THROUGHPUT_FACTOR, mib(live), mib(forLiveSet)));
        if (needed <= heap) {
            return Headroom.moreThreads(run, String.join("; ", arithmetic) + f(": both fit the %d MiB heap, so the "
                    + "cycles are too slow for the allocation", mib(heap)));
        }
        long xmx = Headroom.roundUp(needed);
        List<String> steps = new ArrayList<>(arithmetic);
        steps.add(f("heap = the larger, %d MiB, rounded up to %d MiB: %d MiB more than now", mib(needed),
                mib(Headroom.ROUND_BYTES), mib(xmx - heap)));
        return new Recommendation(List.of("-Xmx" + Text.size(xmx)), steps);
    }

    /**
     * Generational mode: the old generation keeps the live set and the young one takes the allocation, and neither
     * lends the other its free space while a cycle runs, so the two rooms add up instead of the larger one sufficing.
     */
    private static Recommendation generational(RuleContext run, long heap, long live, double rate, double cycleSec,
                                               long forLiveSet, double minFreePct) {
        long young = Math.round(CYCLES_OF_HEADROOM * rate * Text.MIB * cycleSec / (1 - minFreePct / 100));
        long needed = forLiveSet + young;
        List<String> arithmetic = List.of(
                f("old generation: %d x live = %d x %d = %d MiB (the live set and free space of its order for "
                                + "promotions and old collections, as heap-too-small sizes a heap)",
                        HeapTooSmallRule.THROUGHPUT_FACTOR, HeapTooSmallRule.THROUGHPUT_FACTOR, mib(live),
                        mib(forLiveSet)),
                f("young generation: %.0f x allocated per cycle / (1 - %.0f%% minimum free) = %.0f x %.0f MiB/s x "
                                + "%.3f s / %.2f = %d MiB (what the running young cycle cannot free yet, and room for the "
                                + "next)", CYCLES_OF_HEADROOM, minFreePct, CYCLES_OF_HEADROOM, rate, cycleSec,
                        1 - minFreePct / 100, mib(young)));
        if (needed <= heap) {
            return Headroom.moreThreads(run, String.join("; ", arithmetic) + f(": old + young = %d MiB fit the %d MiB "
                    + "heap, so the cycles are too slow for the allocation", mib(needed), mib(heap)));
        }
        long xmx = Headroom.roundUp(needed);
        List<String> steps = new ArrayList<>(arithmetic);
        steps.add(f("the generations do not lend each other free space during a cycle: heap = old + young = %d + %d = "
                        + "%d MiB, rounded up to %d MiB: %d MiB more than now", mib(forLiveSet), mib(young), mib(needed),
                mib(Headroom.ROUND_BYTES), mib(xmx - heap)));
        return new Recommendation(List.of("-Xmx" + Text.size(xmx)), steps);
    }
}
