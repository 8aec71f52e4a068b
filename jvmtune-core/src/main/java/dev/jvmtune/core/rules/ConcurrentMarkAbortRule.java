package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * G1's concurrent marking lost the race: a Full GC ran before marking finished ("concurrent-mark-abort"), so
 * the old regions marking would have found were never collected by mixed pauses. Marking must start earlier:
 * {@code InitiatingHeapOccupancyPercent} lower by 15 points (from JDK 9 adaptive IHOP takes it as its starting
 * value and learns from there).
 */
final class ConcurrentMarkAbortRule implements Rule {

    static final int EARLIER_BY = 15;
    static final int LOWEST = 10;

    @Override
    public String id() {
        return "concurrent-mark-aborted";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.MARK_ABORTS);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        long aborts = a.incidents().getOrDefault(GcIncident.CONCURRENT_MARK_ABORT, 0L);
        if (aborts == 0 || run.collector() != Collector.G1) {
            return Optional.empty();
        }
        boolean logged = run.states("InitiatingHeapOccupancyPercent");
        double ihop = run.flagNumber("InitiatingHeapOccupancyPercent");
        int now = (int) (ihop >= 0 ? ihop : JdkDefaults.number("InitiatingHeapOccupancyPercent", Collector.G1,
                run.jdkOr(8)));
        int proposed = Math.max(LOWEST, now - EARLIER_BY);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("InitiatingHeapOccupancyPercent", Integer.toString(proposed));
        int jdk = run.jdkOr(8);
        String evidence = f("%d concurrent-mark-abort: the heap filled before marking ended; %d Full GCs in all", aborts,
                a.fullGcCount());
        // the Full GCs that cut marking short
        Cost cost = Cost.pauses(run, "Full GCs nobody asked for", true, FullGcRule::lostRace);
        String title = f("Concurrent marking was cut short by a Full GC %d times", aborts);
        if (HeapTooSmallRule.fills(run)) {
            // marking that starts earlier in a heap the live set fills only runs back to back sooner
            return Optional.of(Finding.of(id(), title, List.of(evidence), new Recommendation(List.of(), List.of(
                    "no earlier marking: the live set fills the heap (heap-too-small), so marking that starts sooner "
                            + "only runs back to back sooner; size the heap first")), cost, cost.startUpOnly(run)));
        }
        return Optional.of(Finding.of(id(), title, List.of(evidence),
                new Recommendation(JdkFlags.line(settings, jdk), List.of(
                        f("marking starts at InitiatingHeapOccupancyPercent=%d%s; start %d points earlier: %d - %d = %d%%",
                                now, logged ? " (the log's flag)" : " (the default)", EARLIER_BY, now, EARLIER_BY,
                                proposed),
                        jdk >= 9 ? "JDK 9+ adapts IHOP (G1UseAdaptiveIHOP): the value is where it starts learning"
                                : "JDK 8 keeps IHOP fixed: marking then starts at that share of the whole heap",
                        "if marking still loses, the heap is too small for the live set plus the allocation during "
                                + "marking (raise -Xmx) or marking needs more threads (ConcGCThreads)")), cost,
                cost.startUpOnly(run)));
    }
}
