package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.core.parse.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * CMS's old generation filled before its concurrent cycle finished ("concurrent mode failure"), or a young
 * collection could not promote ("promotion failed"): both end in a long single-threaded Full GC. Starting
 * the cycle earlier, at a fixed occupancy, gives it time to finish.
 */
final class OldGenerationExhaustedRule implements Rule {

    static final int EARLIER_BY_PCT = 20;

    @Override
    public String id() {
        return "old-generation-exhausted";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        long cmf = a.incidents().getOrDefault(GcIncident.CONCURRENT_MODE_FAILURE, 0L);
        long pf = a.incidents().getOrDefault(GcIncident.PROMOTION_FAILED, 0L);
        if (cmf + pf == 0) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>();
        if (cmf > 0) {
            evidence.add(cmf + " concurrent mode failures: the old generation filled before the CMS cycle ended");
        }
        if (pf > 0) {
            evidence.add(pf + " promotion failures: a young collection found no room in the old generation");
        }
        evidence.add(a.fullGcCount() + " Full GCs in all");
        Recommendation rec = new Recommendation(List.of(), List.of(run.collector().label() + " has no initiating "
                + "occupancy to start earlier: the old generation needs room (heap-too-small sizes the heap from the live "
                + "set where it fills it)"));
        if (run.collector() == Collector.CMS) {
            String logged = run.jvm().raw().get("CMSInitiatingOccupancyFraction");
            int now = logged != null ? Bytes.parseInt(logged.trim()) : -1;
            // without the flag (-1): (100 - MinHeapFreeRatio) + MinHeapFreeRatio x CMSTriggerRatio / 100
            int minFree = (int) run.flagNumber("MinHeapFreeRatio");
            int triggerRatio = (int) run.flagNumber("CMSTriggerRatio");
            int defaultTrigger = (100 - minFree) + minFree * triggerRatio / 100;
            if (now < 0) {
                now = defaultTrigger;  // not logged, or not a number
            }
            int proposed = Math.max(40, now - EARLIER_BY_PCT);
            java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();
            settings.put("CMSInitiatingOccupancyFraction", Integer.toString(proposed));
            settings.put("UseCMSInitiatingOccupancyOnly", "true");
            rec = new Recommendation(JdkFlags.line(settings, run.jdkOr(8)), List.of(
                    logged != null ? "the cycle starts at CMSInitiatingOccupancyFraction=" + now + " (the log's flag)"
                            : "without the flag CMS starts at (100 - MinHeapFreeRatio " + minFree + ") + " + minFree
                            + " x CMSTriggerRatio " + triggerRatio + " / 100 = " + defaultTrigger
                            + "% of the old generation",
                    "start " + EARLIER_BY_PCT + " points earlier: " + now + " - " + EARLIER_BY_PCT + " = " + proposed
                            + "%, and only there (UseCMSInitiatingOccupancyOnly), so the cycle has the old "
                            + "generation's last " + (100 - proposed) + "% to finish in",
                    "CMS is gone from JDK 14: on a newer JDK the answer is G1"));
        }
        // a generational Shenandoah recovers from a failed promotion with a degenerated cycle, not a Full GC
        long full = a.fullGcCount();
        String title = "The old generation ran out " + (cmf + pf == 1 ? "once" : (cmf + pf) + " times")
                + (full == 0 ? " (the log has no Full GC)"
                        : ", " + full + (full == 1 ? " Full GC" : " Full GCs") + " in all");
        Cost cost = Cost.pauses(run, "pauses with a concurrent mode or promotion failure", true,
                c -> c.incidents().contains(GcIncident.CONCURRENT_MODE_FAILURE)
                        || c.incidents().contains(GcIncident.PROMOTION_FAILED));
        return Optional.of(Finding.of(id(), title, evidence, rec, cost, cost.startUpOnly(run)));
    }
}
