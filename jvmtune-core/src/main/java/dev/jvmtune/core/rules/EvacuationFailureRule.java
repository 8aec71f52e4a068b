package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.core.run.Rounding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * G1 ran out of free regions to copy live objects into ("to-space exhausted"): the pause then takes the
 * slow failure path, and a Full GC often follows. The reserve G1 keeps free for this is G1ReservePercent.
 */
final class EvacuationFailureRule implements Rule {

    /** G1ReservePercent as the log states it, else G1's default. */
    static int reservePct(RuleContext run) {
        double pct = run.flagNumber("G1ReservePercent");
        return pct >= 0 ? (int) pct : (int) JdkDefaults.number("G1ReservePercent", Collector.G1, run.jdkOr(8));
    }

    @Override
    public String id() {
        return "evacuation-failure";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        long failures = a.incidents().getOrDefault(GcIncident.EVACUATION_FAILURE, 0L);
        if (failures == 0) {
            return Optional.empty();
        }
        boolean logged = run.states("G1ReservePercent");
        int reserve = reservePct(run);
        int proposed = Math.min(50, reserve * 2);
        long heapMax = run.jvm().heapMaxBytes();
        String heap = heapMax > 0 ? Rounding.text(" of the %d MB heap: %d MB -> %d MB", heapMax >> 20,
                heapMax * reserve / 100 >> 20, heapMax * proposed / 100 >> 20) : "";
        List<String> arithmetic = List.of(
                "reserve now: G1ReservePercent=" + reserve + (logged ? " (the log's flag)" : " (the default)"),
                "double it: 2 x " + reserve + " = " + proposed + "%" + heap,
                "the reserve is taken from what young and old may use: if pauses or Full GCs grow afterwards, the "
                        + "heap is too small for the live set instead (raise -Xmx)");
        List<String> evidence = new ArrayList<>(List.of(Rounding.text("%d pauses reported an evacuation failure "
                + "(to-space exhausted) out of %d", failures, a.pauses().count())));
        List<String> options = JdkFlags.option("G1ReservePercent", Integer.toString(proposed), run.jdkOr(8)).stream()
                .toList();
        Recommendation rec = new Recommendation(options, arithmetic);
        if (HeapTooSmallRule.fills(run)) {
            // measured on a 12 s job whose live set filled its 160 MB heap: G1ReservePercent=20 made it 1.16x slower
            rec = new Recommendation(List.of(), List.of("no larger reserve: the live set fills the heap "
                    + "(heap-too-small), and a reserve is taken from the young and old room it lacks; size the heap first"));
        }
        Cost cost = Cost.pauses(run, "pauses that failed evacuation", true,
                c -> c.incidents().contains(GcIncident.EVACUATION_FAILURE));
        return Optional.of(Finding.of(id(), "G1 ran out of free regions during evacuation " + failures + " times",
                evidence, rec, cost, cost.startUpOnly(run)));
    }
}
