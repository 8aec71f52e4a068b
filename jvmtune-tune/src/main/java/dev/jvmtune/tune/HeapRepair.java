package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A start whose heap ran out: the flags the baseline is measured at instead, or why there are none. A start that
 * cannot finish a trial measures nothing to tune from, yet its failed trials' GC logs tell what a person would do
 * first: give it a heap from its peak live set ({@link HeapCandidates#size}). The lab calls any trial whose output
 * says {@code java.lang.OutOfMemoryError} OOM - the Java heap, the metaspace, a thread that could not start alike; it
 * is the heap's only where the trial's log shows collections that ran out of room ({@link PeakLiveSet#censored}),
 * and only then is the peak a floor the heap capped, so the repaired heap is at least twice it.
 *
 * @param flags the repaired start; null where the start is not repaired (pinned heap, the machine's cap)
 * @param line  one line: how the start ran out and what the session starts from instead, with the arithmetic; or why
 *              it does not
 */
record HeapRepair(FlagSet flags, String line) {

    private static final double MIB = 1 << 20;

    /**
     * The repair of {@code start} from its baseline {@code trials} and their {@code evidence}; null where none ran out
     * of the heap by its log (no GC log, no peak live set, no collection out of room): the baseline failed as any
     * other.
     */
    static HeapRepair of(FlagSet start, List<TrialResult> trials, Function<TrialResult, Evidence> evidence,
                         List<String> pinned, long machineBytes) {
        List<Evidence> ranOut = trials.stream().filter(t -> t.outcome().equals("OOM")).map(evidence)
                .filter(e -> e != null && e.peak() != null && e.peak().censored()).toList();
        if (ranOut.isEmpty()) {
            return null;
        }
        Evidence e = ranOut.stream().max(Comparator.comparingLong(x -> x.peak().peakBytes())).orElseThrow();
        long heap = HeapCandidates.heap(start, e);
        String how = String.format(Locale.ROOT, "the start's heap of %.0f MiB ran out in %d of %d trials (%d "
                        + "collections out of room, Full GCs %.1f s, the peak live set at least %.0f MiB)", heap / MIB,
                ranOut.size(), trials.size(), e.peak().outOfRoom(), e.seconds(Cause.FULL_GCS),
                e.peak().peakBytes() / MIB);
        HeapCandidates.Size size = HeapCandidates.size(start, e, machineBytes);
        List<String> change = size.change(HeapCandidates.fixed(start));
        List<String> held = pinned.stream().filter(k -> FlagSet.touches(change, k)).toList();
        if (!held.isEmpty()) {
            return new HeapRepair(null, how + "; the heap is pinned (" + String.join(", ", held) + "), so the session "
                    + "does not give it more");
        }
        if (!size.worthIt(heap)) {
            return new HeapRepair(null, how + "; no larger heap is left to give it: " + size.why());
        }
        return new HeapRepair(start.with(change), how + "; the session starts from " + String.join(" ", change) + ": "
                + size.why());
    }
}
