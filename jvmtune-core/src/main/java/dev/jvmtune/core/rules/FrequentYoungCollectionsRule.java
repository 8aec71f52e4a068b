package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcKind;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Young collections come so often that their fixed costs (stopping threads, scanning roots) add up: the young
 * generation is small for the allocation rate. Parallel, Serial and CMS keep the young generation where the
 * flags put it; sizing it for one young collection a second takes allocation rate x 1 s. (G1 sizes young
 * itself for its pause goal and is left out.)
 */
final class FrequentYoungCollectionsRule implements Rule {

    /** Median time between pauses below which young collections count as too frequent. */
    static final double INTERVAL_MS = 200;
    static final double TARGET_INTERVAL_SEC = 1;
    /** Share of the time in young pauses below which frequent collections are cheap enough to leave alone. */
    static final double MIN_YOUNG_SHARE_PCT = 5;
    private static final Set<Collector> FIXED_YOUNG = Set.of(Collector.PARALLEL, Collector.SERIAL, Collector.CMS);

    @Override
    public String id() {
        return "frequent-young-collections";
    }

    /** It weighs the young pauses' share of the run's time, and sizes the young generation from its occupancy. */
    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.RUN_SHARE, Evidence.YOUNG_OCCUPANCY);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        PauseStats young = a.pausesByKind().get(GcKind.YOUNG);
        if (!FIXED_YOUNG.contains(run.collector()) || young == null || young.count() < 20
                || !(a.intervals().p50Ms() < INTERVAL_MS) || !(a.allocationRateMBps() > 0)
                || Double.isNaN(a.heap().youngBeforeMeanBytes())) {
            return Optional.empty();
        }
        double youngShare = a.durationSec() > 0 ? 100 * young.totalMs() / 1000 / a.durationSec() : Double.NaN;
        if (!(youngShare >= MIN_YOUNG_SHARE_PCT)) {
            return Optional.empty();
        }
        double youngNow = a.heap().youngBeforeMeanBytes();
        long proposed = (long) Math.ceil(a.allocationRateMBps() * TARGET_INTERVAL_SEC * Text.MIB);
        long heap = Math.max(run.jvm().heapMaxBytes(), a.heap().maxCapacityBytes());
        if (proposed <= youngNow) {
            return Optional.empty();
        }
        boolean fits = heap <= 0 || proposed <= heap / 2;
        List<String> evidence = List.of(
                f("%d young collections, median %.1f ms apart; the young generation held %d MiB at them on average",
                        young.count(), a.intervals().p50Ms(), mib(youngNow)),
                f("allocation %.1f MiB/s; young pauses took %.1f%% of the time", a.allocationRateMBps(),
                        youngShare));
        List<String> arithmetic = List.of(
                f("one young collection a second: %.1f MiB/s x %.0f s = %d MiB of young generation",
                        a.allocationRateMBps(), TARGET_INTERVAL_SEC, mib(proposed)),
                fits ? "each young pause copies only what survives, so it grows far less than the young generation"
                        : f("that is more than half the %d MiB heap: the heap must grow with it (-Xmx)", mib(heap)));
        // more young collections than the allocation needs: their time, no claim on their length
        Cost cost = Cost.pauses(run, "young collections", false, c -> c.kind() == GcKind.YOUNG);
        return Optional.of(Finding.of(id(),
                f("Young collections every %.0f ms: the young generation is small for %.0f MiB/s of allocation",
                        a.intervals().p50Ms(), a.allocationRateMBps()), evidence,
                new Recommendation(fits ? List.of("-Xmn" + Text.size(proposed)) : List.of(), arithmetic), cost));
    }
}
