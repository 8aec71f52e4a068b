package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.LiveSet;
import java.util.List;
import java.util.Optional;

/**
 * The heap is too small for what lives in it: after its Full GCs the heap stays mostly full, so the next one
 * comes soon. The common sizing rule puts the heap at 3-4x the live set; here 3x the largest heap left after a
 * Full or mixed collection, bounded by the machine's memory.
 */
final class HeapTooSmallRule implements Rule {

    static final double FULL_AFTER_SHARE = 0.6;
    static final int LIVE_SET_MULTIPLE = 3;

    /**
     * A heap of {@link #LIVE_SET_MULTIPLE} times the live set, bounded by the machine's memory; empty when that is no
     * larger than {@code heap}.
     */
    static Optional<Recommendation> fromLiveSet(RuleContext run, LiveSet live, long heap) {
        long proposed = live.maxBytes() * LIVE_SET_MULTIPLE;
        long memory = run.jvm().memoryBytes();
        String bound = "";
        if (memory > 0 && proposed > memory - HeapOverMemoryRule.HEADROOM_BYTES) {
            proposed = Math.max(heap, memory - HeapOverMemoryRule.HEADROOM_BYTES);
            bound = f(", bounded by memory %d MiB - 1 GiB = %d MiB", mib(memory), mib(proposed));
        }
        if (proposed <= heap) {
            return Optional.empty();
        }
        return Optional.of(new Recommendation(List.of("-Xmx" + Text.size(proposed)), List.of(
                f("heap = %d x live set: %d x %d MiB = %d MiB%s", LIVE_SET_MULTIPLE, LIVE_SET_MULTIPLE,
                        mib(live.maxBytes()), mib(live.maxBytes() * LIVE_SET_MULTIPLE), bound),
                "if the live set keeps growing, more heap only delays the next Full GC: see rising-live-set")));
    }

    @Override
    public String id() {
        return "heap-too-small";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        LiveSet live = a.liveSet();
        long heap = a.heap().maxCapacityBytes();
        if (live == null || a.fullGcCount() < 2 || heap <= 0 || live.maxBytes() < FULL_AFTER_SHARE * heap) {
            return Optional.empty();
        }
        Optional<Recommendation> larger = fromLiveSet(run, live, heap);
        if (larger.isEmpty()) {
            return Optional.empty();
        }
        List<String> evidence = List.of(f("%d Full GCs; the heap kept up to %d MiB of %d MiB after a Full or mixed "
                        + "collection (%.0f%%), %d MiB after the last", a.fullGcCount(), mib(live.maxBytes()), mib(heap),
                100.0 * live.maxBytes() / heap, mib(live.lastBytes())),
                f("throughput %.1f%%", a.throughputPct()));
        return Optional.of(new Finding(id(), Severity.CRITICAL, (int) Math.min(100, 50 + 50.0 * live.maxBytes() / heap),
                f("The heap is too small for its live set: %.0f%% stays full after Full GCs",
                        100.0 * live.maxBytes() / heap), evidence, larger.get()));
    }
}
