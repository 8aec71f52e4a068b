package dev.jvmtune.core.rules;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The rules jvmtune applies to every run, and their findings in the order a person should read them. */
public final class Rules {

    private static final List<Rule> ALL = List.of(new EvacuationFailureRule(), new OldGenerationExhaustedRule(),
            new FullGcRule(), new GcOverheadRule(), new ExplicitGcRule(), new NonGcSafepointRule(),
            new HumongousRule(), new GcThreadsRule(), new TimeToSafepointRule(),
            new YoungPauseGoalRule(), new YoungSpaceCrowdsEvacuationRule(), new ReferenceProcessingRule(),
            new HeapResizingRule(), new HeapOverMemoryRule(), new YoungCrowdsOldRule(), new HeapTooSmallRule(),
            new CodeCacheRule(), new GcCpuRule(), new GcSysTimeRule(), new RisingLiveSetRule(), new MetaspaceRule(),
            new CollectorChoiceRule(), new ThinLoggingRule(), new ConcurrentMarkAbortRule(),
            new FrequentYoungCollectionsRule(), new PlabResizingRule());

    private Rules() {
    }

    public static List<Rule> all() {
        return ALL;
    }

    /** The findings of every rule on {@code run}, most severe and best supported first. */
    public static List<Finding> evaluate(RuleContext run) {
        List<Finding> out = new ArrayList<>();
        for (Rule r : ALL) {
            r.evaluate(run).ifPresent(out::add);
        }
        out.sort(Comparator.comparing(Finding::severity).reversed().thenComparing(Comparator.comparingInt(
                Finding::score).reversed()));
        return out;
    }
}
