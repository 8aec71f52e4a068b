package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Generations;
import dev.jvmtune.core.options.JdkFlags;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * S3: Full GCs because the old generation is exhausted while the young generation holds a large share of the
 * heap (NewRatio 2 gives it a third). Data that lives long belongs in the old generation: a higher
 * {@code NewRatio} gives it most of the heap while the young generation keeps at least 128 MB (S3: NewRatio 16
 * kept 10 more days of data on the fast line; 16 and 20 behaved the same).
 */
final class YoungCrowdsOldRule implements Rule {

    static final long YOUNG_FLOOR_BYTES = 128L << 20;
    /** Young shares at or above this (NewRatio 3 or lower) leave room to move. */
    static final double LARGE_YOUNG_SHARE = 0.25;
    /** S3 saw no gain past 16-20; the largest ratio its table gives for big heaps. */
    static final int MAX_NEW_RATIO = 32;

    @Override
    public String id() {
        return "young-generation-crowds-old";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Generations g = run.analysis().generations();
        if (g == null || g.youngShare() < LARGE_YOUNG_SHARE) {
            return Optional.empty();
        }
        long exhausted = FullGcRule.count(run.analysis(), FullGcRule::lostRace);
        long heap = g.youngCapacityBytes() + g.oldCapacityBytes();
        int ratio = (int) Math.min(MAX_NEW_RATIO, heap / YOUNG_FLOOR_BYTES - 1);
        if (exhausted == 0 || ratio <= 2) {
            return Optional.empty();
        }
        long newOld = heap * ratio / (ratio + 1);
        List<String> evidence = List.of(
                f("%d Full GCs not asked for (allocation, ergonomics); at them the young generation had %d MiB of a "
                                + "%d MiB heap (%.0f%%), the old one %d MiB", exhausted, mib(g.youngCapacityBytes()),
                        mib(heap), 100 * g.youngShare(), mib(g.oldCapacityBytes())),
                f("the old generation was up to %d MiB full before a Full GC and kept up to %d MiB after one",
                        mib(g.oldBeforeMaxBytes()), mib(g.oldAfterMaxBytes())));
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("NewRatio", Integer.toString(ratio));
        Cost cost = Cost.pauses(run, "Full GCs nobody asked for", true, FullGcRule::lostRace);
        return Optional.of(Finding.of(id(),
                f("The old generation runs out while the young generation holds %.0f%% of the heap", 100 * g.youngShare()),
                evidence, new Recommendation(JdkFlags.line(settings, run.jdkOr(8)), List.of(
                        f("young floor 128 MiB: NewRatio = heap %d MiB / 128 MiB - 1 = %d%s", mib(heap),
                                heap / YOUNG_FLOOR_BYTES - 1, ratio == MAX_NEW_RATIO ? f(", capped at %d", ratio) : ""),
                        f("old generation %d -> %d MiB (heap x %d / %d), young %d -> %d MiB", mib(g.oldCapacityBytes()),
                                mib(newOld), ratio, ratio + 1, mib(g.youngCapacityBytes()), mib(heap - newOld)),
                        "young collections get more frequent; with Parallel's adaptive sizing NewRatio sets the "
                                + "initial split (add -XX:-UseAdaptiveSizePolicy to hold it)")), cost,
                cost.startUpOnly(run)));
    }
}
