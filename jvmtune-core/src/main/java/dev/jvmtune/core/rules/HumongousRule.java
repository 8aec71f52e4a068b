package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseClass;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.core.run.Rounding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * G1 collections forced by humongous allocations: an object of half a region or more gets regions of its
 * own, and allocating it past the occupancy threshold starts a collection. Larger regions make such objects
 * ordinary ones.
 */
final class HumongousRule implements Rule {

    static final long MIN_PAUSES = 5;
    private static final long MB = 1L << 20;

    @Override
    public String id() {
        return "humongous-allocation";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        if (run.collector() != Collector.G1) {
            return Optional.empty();
        }
        long count = 0;
        for (Map.Entry<String, Long> e : a.pausesByCause().entrySet()) {
            if (e.getKey().contains("Humongous")) {
                count += e.getValue();
            }
        }
        if (count < MIN_PAUSES) {
            return Optional.empty();
        }
        int jdk = run.jdkOr(8);
        List<String> evidence = List.of(Rounding.text("%d of %d pauses were started by a humongous "
                + "allocation (%.1f%%)", count, a.pauses().count(), 100.0 * count / Math.max(1, a.pauses().count())));
        long region = run.jvm().regionSizeBytes();
        List<String> arithmetic = new ArrayList<>();
        if (region <= 0 && run.jvm().heapMaxBytes() > 0) {
            region = JdkDefaults.g1RegionBytes(run.jvm().heapMaxBytes(), run.jvm().heapInitialBytes(), jdk);
            arithmetic.add(Rounding.text("region size not logged: G1's own choice for a %d MB heap on JDK %d, about "
                    + "2048 regions as a power of two in 1-32 MB = %d MB", run.jvm().heapMaxBytes() / MB, jdk,
                    region / MB));
        }
        Recommendation rec = null;
        long max = jdk >= 18 ? 512 * MB : 32 * MB;
        if (region > 0 && region < max) {
            long proposed = Math.min(max, region * 2);
            arithmetic.add(Rounding.text("regions of %d MB make every object of %d MB or more humongous",
                    region / MB, Math.max(1, region / 2 / MB)));
            arithmetic.add(Rounding.text("double the region: 2 x %d MB = %d MB; objects below %d MB are "
                    + "then allocated normally (check the largest arrays the application allocates)", region / MB,
                    proposed / MB, proposed / 2 / MB));
            rec = new Recommendation(JdkFlags.option("G1HeapRegionSize", proposed / MB + "m", jdk).stream().toList(),
                    arithmetic);
        }
        if (rec == null) {
            rec = new Recommendation(List.of(), List.of(region > 0 ? Rounding.text("regions are %d MB already, the "
                    + "largest JDK %d allows: the objects must get smaller", region / MB, jdk)
                    : "no region size: the log says neither the region size nor the heap to derive it from"));
        }
        // the collections a humongous allocation starts come early, not long: their time, no claim on the goal
        Cost cost = Cost.pauses(run, "collections started by a humongous allocation", false,
                c -> c.trigger() == PauseClass.Trigger.HUMONGOUS);
        return Optional.of(Finding.of(id(), count + " collections were forced by humongous allocations", evidence, rec,
                cost));
    }
}
