package dev.jvmtune.core.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.ServiceLoader;

/**
 * The rules jvmtune applies to every run, and their findings in the order a person should read them. The built-in
 * rules are listed here; rules of other jars join them through {@link ServiceLoader} (a class implementing
 * {@link Rule} and its name in {@code META-INF/services/dev.jvmtune.core.rules.Rule}).
 */
public final class Rules {

    private static final List<Rule> BUILT_IN = List.of(new EvacuationFailureRule(), new OldGenerationExhaustedRule(),
            new FullGcRule(), new GcOverheadRule(), new ExplicitGcRule(), new NonGcSafepointRule(),
            new HumongousRule(), new GcThreadsRule(), new TimeToSafepointRule(),
            new YoungPauseGoalRule(), new YoungSpaceCrowdsEvacuationRule(), new ReferenceProcessingRule(),
            new HeapResizingRule(), new HeapOverMemoryRule(), new YoungCrowdsOldRule(), new HeapTooSmallRule(),
            new CodeCacheRule(), new GcCpuRule(), new GcSysTimeRule(), new RisingLiveSetRule(), new MetaspaceRule(),
            new CollectorChoiceRule(), new ThinLoggingRule(), new ConcurrentMarkAbortRule(),
            new FrequentYoungCollectionsRule(), new PlabResizingRule(), new AllocationStallRule(),
            new ShenandoahFallbackRule());

    private static final List<Rule> ALL = withPlugins();

    private Rules() {
    }

    private static List<Rule> withPlugins() {
        List<Rule> all = new ArrayList<>(BUILT_IN);
        ServiceLoader.load(Rule.class, Rules.class.getClassLoader()).forEach(all::add);
        return List.copyOf(all);
    }

    public static List<Rule> all() {
        return ALL;
    }

    /** What rule {@code ruleId} needs that an input may lack ({@link Rule#needs}); empty for an unknown id. */
    public static Set<Evidence> needs(String ruleId) {
        return ALL.stream().filter(r -> r.id().equals(ruleId)).findFirst().map(Rule::needs).orElse(Set.of());
    }

    /**
     * The findings of every rule on {@code run}, costliest first toward the goal that applies ({@link Finding#BY_COST});
     * findings of the same cost in the order of the rules.
     */
    public static List<Finding> evaluate(RuleContext run) {
        List<Finding> out = new ArrayList<>();
        for (Rule r : ALL) {
            r.evaluate(run).ifPresent(out::add);
        }
        out.sort(Finding.BY_COST);
        return out;
    }
}
