package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.HeapResizing;
import dev.jvmtune.core.analysis.LiveSet;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The heap is too small for what lives in it: the live set (the heap a Full GC leaves; without one, the least a G1
 * mixed, remark or cleanup pause left) fills most of the maximum heap, and the collector pays for it with
 * concurrent cycles back to back, evacuation failures, Full GCs or a large share of the time. A larger reserve, an
 * earlier IHOP or another young size only move the shortage around, so this finding's gain - everything the
 * shortage costs - puts it before theirs. The heap is sized from the live set, within the machine's memory as the
 * JVM saw it (a container's limit inside one, the figure {@code jvmtune system} reports).
 */
final class HeapTooSmallRule implements Rule {

    /**
     * The live set fills the heap from this share of the maximum heap: G1 starts marking at 45% of the heap
     * (InitiatingHeapOccupancyPercent), so a live set over half of it leaves the old generation above that line after
     * every cycle and marking restarts at once; the old generation of the other collectors has less than half the
     * heap to fill before its next Full GC or concurrent cycle.
     */
    static final double FILLS_SHARE = 0.5;
    /** Concurrent phases ran back to back when they cover this share of the run. */
    static final double BACK_TO_BACK_SHARE = 0.5;
    /** GC pauses took a large share of the run from this percentage. */
    static final double GC_SHARE_PCT = 10;
    static final int THROUGHPUT_FACTOR = 3;
    /**
     * The heap is exhausted when collections leave less than this share of it free: HotSpot's GCHeapFreeLimit (2 on
     * JDK 8-25), under which the GC overhead limit throws OutOfMemoryError.
     */
    static final double GC_HEAP_FREE_LIMIT_PCT = 2;
    static final int LATENCY_FACTOR = 4;

    @Override
    public String id() {
        return "heap-too-small";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        LiveSet live = a.liveSet();
        if (!fills(run, true)) {
            return Optional.empty();
        }
        long heap = heapBytes(run);
        long liveBytes = liveBytes(live);
        PauseStats full = a.pausesByKind().get(GcKind.FULL);
        double fullMs = full == null ? 0 : full.totalMs();
        long fulls = Math.max(0, a.fullGcCount() - FullGcRule.requested(a));
        long failures = a.incidents().getOrDefault(GcIncident.EVACUATION_FAILURE, 0L);
        double concShare = a.durationSec() > 0 ? a.concurrent().totalMs() / 1000 / a.durationSec() : 0;
        double gcPct = 100 - a.throughputPct();
        List<String> costs = new ArrayList<>();
        if (fulls > 0) {
            costs.add(f("%d Full GCs not asked for (%.0f ms of Full GC pauses)", fulls, fullMs));
        }
        if (failures > 0) {
            costs.add(f("%d evacuation failures", failures));
        }
        if (concShare >= BACK_TO_BACK_SHARE) {
            costs.add(f("concurrent phases back to back: %.1f s of the %.1f s run (%.0f%%)",
                    a.concurrent().totalMs() / 1000, a.durationSec(), 100 * concShare));
        }
        if (gcPct >= GC_SHARE_PCT) {
            costs.add(f("GC pauses took %.1f%% of the time", gcPct));
        }
        if (costs.isEmpty()) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>();
        evidence.add(f("the live set, %s: %d MiB of the %d MiB heap (%.0f%%)", liveSource(live), mib(liveBytes),
                mib(heap), 100.0 * liveBytes / heap));
        evidence.add("what it costs: " + String.join("; ", costs));
        Recommendation sizing = sizing(run, liveBytes, heap);
        if (sizing.options().isEmpty()) {
            evidence.add(sizing.arithmetic().get(sizing.arithmetic().size() - 1)); // why no larger heap is proposed
        }
        long room = Math.round(heap * (1 - GC_HEAP_FREE_LIMIT_PCT / 100));
        Cost cost = cost(run).withBytes(liveBytes, room, f("the live set takes %d MiB of the %d MiB the heap can hold "
                + "(%d MiB less GCHeapFreeLimit's %.0f%%)", mib(liveBytes), mib(room), mib(heap), GC_HEAP_FREE_LIMIT_PCT));
        return Optional.of(Finding.of(id(), f("The heap is too small for its live set: %.0f%% of it stays full after "
                + "old-generation collections", 100.0 * liveBytes / heap), evidence, sizing, cost, live.unsure()));
    }

    /**
     * The live set: a whole-heap collection (a Full GC, Shenandoah's degenerated cycle) leaves the live set, the most
     * any of them left; a mixed pause leaves the garbage of the regions it did not choose, so without a whole-heap
     * collection the least any mixed, remark or cleanup pause left is the closest bound. The one estimate every rule sizes a heap from.
     */
    static long liveBytes(LiveSet live) {
        return live.fullMaxBytes() > 0 ? live.fullMaxBytes() : live.minBytes();
    }

    /** Where {@link #liveBytes} comes from, in words. */
    static String liveSource(LiveSet live) {
        return live.fullMaxBytes() > 0 ? "the most a whole-heap collection (Full GC, degenerated cycle) left"
                : f("the least any of %d mixed, remark or cleanup pauses left", live.collections());
    }

    /** The heap the JVM may grow to: -Xmx from the log's header, else the largest capacity logged. */
    static long heapBytes(RuleContext run) {
        return Math.max(run.jvm().heapMaxBytes(), run.analysis().heap().maxCapacityBytes());
    }

    /**
     * Whether the live set fills {@link #FILLS_SHARE} of the heap or more: other sizing waits for the heap. A live set
     * that only start-up or requested collections show does not count: this finding is then unsure and sizes nothing.
     */
    static boolean fills(RuleContext run) {
        return fills(run, false);
    }

    private static boolean fills(RuleContext run, boolean unsureToo) {
        LiveSet live = run.analysis().liveSet();
        long heap = heapBytes(run);
        return live != null && (unsureToo || live.unsure() == null) && heap > 0 && liveBytes(live) >= FILLS_SHARE * heap;
    }

    /** -Xmx from the live set (and -Xms with it where the heap was resized), capped by the machine's memory. */
    private static Recommendation sizing(RuleContext run, long live, long heap) {
        boolean latency = run.analysis().pauseGoal() != null;
        int factor = latency ? LATENCY_FACTOR : THROUGHPUT_FACTOR;
        List<String> arithmetic = new ArrayList<>();
        arithmetic.add(latency
                ? f("a pause goal is set: heap = %d x live set, so that marking, which G1 starts at %.0f%% of the heap, "
                + "finishes with room left for the young generation and the reserve, and no failure or Full GC breaks "
                + "the goal", factor, run.flagNumber("InitiatingHeapOccupancyPercent"))
                : f("no pause goal: heap = %d x live set, the low end of the usual 3-4x for throughput: each "
                + "old-generation cycle costs about the live set to trace, and %d x leaves twice the live set to "
                + "allocate before the next", factor, factor));
        long proposed = live * factor;
        arithmetic.add(f("%d x %d MiB = %d MiB", factor, mib(live), mib(proposed)));
        long memory = run.jvm().memoryBytes();
        long cap = memory > 0 ? HeapOverMemoryRule.fit(memory) : -1;
        if (cap > 0 && proposed > cap) {
            if (cap <= heap) {
                arithmetic.add(f("the machine's memory (%d MiB as the JVM saw it) leaves no more than %d MiB for the "
                        + "heap (%s), no more than it has now: a larger heap needs more memory, or the live set must "
                        + "shrink", mib(memory), mib(cap), HeapOverMemoryRule.FIT_TEXT));
                return new Recommendation(List.of(), arithmetic);
            }
            arithmetic.add(f("capped by the machine's memory: %d MiB as the JVM saw it, %s = %d MiB, below %d x",
                    mib(memory), HeapOverMemoryRule.FIT_TEXT, mib(cap), factor));
            proposed = cap;
        }
        List<String> options = new ArrayList<>(List.of("-Xmx" + Text.size(proposed)));
        HeapResizing r = run.analysis().heapResizing();
        if (r != null && r.expansions() > 0) {
            options.add("-Xms" + Text.size(proposed));
            arithmetic.add(f("the heap grew %d times from %d MiB: -Xms = -Xmx, the whole heap from the start",
                    r.expansions(), mib(r.firstBytes())));
        }
        arithmetic.add("if the live set keeps growing, more heap only delays the shortage: see rising-live-set");
        return new Recommendation(options, arithmetic);
    }

    /**
     * What the shortage costs: every GC pause (a heap three times larger collects less often in every generation, so
     * every pause over the goal is its), and the CPU of concurrent cycles that a roomier heap runs rarely (their time x
     * concurrent workers / CPUs, the share of the machine they took from the application).
     */
    private static Cost cost(RuleContext run) {
        Analysis a = run.analysis();
        int workers = Math.max(1, run.jvm().concurrentWorkers());
        int cpus = run.jvm().cpus() > 0 ? run.jvm().cpus() : workers;
        double concSec = a.concurrent().totalMs() / 1000 * Math.min(workers, cpus) / cpus;
        return Cost.pauses(run, "pauses", true, c -> true).plusSeconds(concSec, f("concurrent phases %.2f s x %d "
                + "concurrent GC threads / %d CPUs = %.2f s", a.concurrent().totalMs() / 1000, Math.min(workers, cpus),
                cpus, concSec));
    }
}
