package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The application is stopped for GC a large share of the time. Below 90% throughput a service loses
 * more to GC than most teams accept; below 80% the heap is usually too small for the live set.
 */
final class GcOverheadRule implements Rule {

    static final double WARN_BELOW_PCT = 90;
    static final double CRITICAL_BELOW_PCT = 80;

    @Override
    public String id() {
        return "gc-overhead";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        double t = a.throughputPct();
        if (Double.isNaN(t) || t >= WARN_BELOW_PCT || a.durationSec() < 10) {
            return Optional.empty();
        }
        List<String> evidence = List.of(String.format(Locale.ROOT, "%.1f s of pauses in %.1f s of log: the "
                + "application ran %.1f%% of the time", a.pauses().totalMs() / 1000, a.durationSec(), t),
                String.format(Locale.ROOT, "%d pauses, %d of them Full GCs", a.pauses().count(), a.fullGcCount()));
        return Optional.of(new Finding(id(), t < CRITICAL_BELOW_PCT ? Severity.CRITICAL : Severity.WARNING,
                (int) Math.min(100, 50 + (WARN_BELOW_PCT - t) * 2),
                String.format(Locale.ROOT, "GC takes %.1f%% of the time", 100 - t), evidence, null,
                new Gain(a.pauses().totalMs() / 1000, a.durationSec(), List.of(String.format(Locale.ROOT,
                        "GC pauses: %.2f s", a.pauses().totalMs() / 1000)))));
    }
}
