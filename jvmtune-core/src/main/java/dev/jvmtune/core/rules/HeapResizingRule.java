package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.HeapResizing;
import java.util.List;
import java.util.Optional;

/**
 * S3: the heap grew (or shrank) during the run. Each resize follows a collection the JVM ran because the
 * heap was smaller than it could have been; with {@code -Xms} equal to {@code -Xmx} the heap is committed once
 * (S3: 1.38x faster per day of data). Where the log says the heap's minimum is its maximum ({@code -Xms} = {@code -Xmx},
 * JDK 9+'s {@code Heap Min Capacity} and {@code Heap Max Capacity}) the heap was not resized: what still moves in the
 * logged capacity is the young generation's survivor split, which Parallel's adaptive sizing changes and its
 * collection lines count (eden + one survivor + old), not a change of the committed heap.
 * Its cost is the pauses taken while the heap was below the largest it reached, pause time (its {@code pauseSeconds});
 * where that is negligible (below every warning threshold) the rule is silent: pinning the heap commits memory for
 * nothing there.
 */
final class HeapResizingRule implements Rule {

    /** Resizes below this many are start-up noise. */
    static final int MIN_CHANGES = 3;

    @Override
    public String id() {
        return "heap-resizing";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        HeapResizing r = run.analysis().heapResizing();
        if (r == null || r.expansions() + r.shrinks() < MIN_CHANGES || r.minBytes() == r.maxBytes()) {
            return Optional.empty();
        }
        long min = run.jvm().heapMinBytes();
        if (min > 0 && min == run.jvm().heapMaxBytes()) {
            return Optional.empty();
        }
        Cost cost = Cost.pauseTime(run, r.belowMaxMs() / 1000, List.of(f("pauses while the heap was below its largest "
                        + "capacity of %d MiB: %.2f s", mib(r.maxBytes()), r.belowMaxMs() / 1000)),
                new Cost.Basis(r.belowMaxPauses(), 0, Double.NaN, "pauses below the largest capacity"));
        if (Severity.score(cost, false) < Severity.WARNING_FROM_SCORE) {
            return Optional.empty();
        }
        long max = run.jvm().heapMaxBytes() > 0 ? run.jvm().heapMaxBytes() : r.maxBytes();
        String from = run.jvm().heapMaxBytes() > 0 ? "the log's maximum heap" : "the largest capacity logged";
        long memory = run.jvm().memoryBytes();
        if (memory > 0 && max > HeapOverMemoryRule.fit(memory)) { // never pin a heap the machine cannot back
            max = HeapOverMemoryRule.fit(memory);
            from = f("what the machine's %d MiB back (%s)", mib(memory), HeapOverMemoryRule.FIT_TEXT);
        }
        List<String> evidence = List.of(
                f("heap capacity changed %d times (%d expansions, %d shrinks) between %d and %d MiB over %d collections",
                        r.expansions() + r.shrinks(), r.expansions(), r.shrinks(), mib(r.minBytes()),
                        mib(r.maxBytes()), r.collections()),
                f("it started at %d MiB and first reached %d MiB at %.1f s", mib(r.firstBytes()), mib(r.maxBytes()),
                        r.reachedMaxSec()));
        String size = Text.size(max);
        return Optional.of(Finding.of(id(), f("The heap was resized %d times during the run",
                        r.expansions() + r.shrinks()), evidence,
                new Recommendation(List.of("-Xms" + size, "-Xmx" + size), List.of(
                        f("-Xms = -Xmx = %s: %d MiB", from, mib(max)),
                        "the heap is committed once at start: no collection runs early because the heap was still "
                                + "small, and none shrinks it back (S3: 1.38x faster with -Xms = -Xmx)")), cost));
    }
}
