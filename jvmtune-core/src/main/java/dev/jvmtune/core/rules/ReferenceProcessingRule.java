package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PhaseShares;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkFlags;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * S1: reference processing takes a large share of pause time, or grows over the run. Before JDK 17 one thread
 * processed references unless {@code -XX:+ParallelRefProcEnabled} (S1: remark time -75%, total pause -30%);
 * from JDK 17 it is on by default, and what remains is the references the application creates. Its cost is the
 * reference-processing phase inside the pauses with phase figures: pause time (its {@code pauseSeconds}).
 */
final class ReferenceProcessingRule implements Rule {

    /** Share of pause time in reference processing that is worth acting on. */
    static final double SHARE_PCT = 10;
    /** A rise of the per-pause time over the run that counts as growing, in percent of its start. */
    static final double GROWTH_PCT = 100;

    /** The collectors whose pauses process references with parallel workers when the flag is on. */
    private static final Set<Collector> PARALLEL_REFERENCES = EnumSet.of(Collector.G1, Collector.PARALLEL,
            Collector.CMS, Collector.UNKNOWN);

    @Override
    public String id() {
        return "reference-processing";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.REFERENCE_PHASES);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        PhaseShares p = a.phases();
        if (p == null || p.referenceTrend().pauses() < 3 || p.referenceProcessing().ms() <= 0) {
            return Optional.empty();
        }
        PhaseShares.ReferenceTrend trend = p.referenceTrend();
        double share = p.referenceProcessing().pct();
        double growth = trend.firstMs() > 0 ? 100.0 * (trend.lastMs() - trend.firstMs()) / trend.firstMs() : Double.NaN;
        boolean growing = growth >= GROWTH_PCT && trend.lastMs() >= 1;
        if (share < SHARE_PCT && !growing) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>();
        evidence.add(f("reference processing: %.0f ms of %.0f ms of pauses with phase figures (%.1f%%), in %d pauses",
                p.referenceProcessing().ms(), p.pauseMs(), share, trend.pauses()));
        if (!Double.isNaN(growth)) {
            evidence.add(f("per pause it went from %.2f ms to %.2f ms over the run (least-squares line, %+.0f%%)",
                    trend.firstMs(), trend.lastMs(), growth));
        }
        int jdk = run.jdkOr(8);
        Recommendation rec;
        boolean on = "true".equalsIgnoreCase(run.flag("ParallelRefProcEnabled"));
        if (!on && PARALLEL_REFERENCES.contains(run.collector())) {
            rec = new Recommendation(JdkFlags.option("ParallelRefProcEnabled", "true", jdk).stream().toList(),
                    List.of(f("%s; with %s GC workers in parallel "
                                    + "the %.0f ms could shrink up to that many times (S1: remark -75%%)",
                            run.states("ParallelRefProcEnabled") ? "the JVM ran with -XX:-ParallelRefProcEnabled"
                                    : f("JDK %d processes references on one thread by default", jdk),
                            run.jvm().parallelWorkers() > 0 ? Integer.toString(run.jvm().parallelWorkers()) : "the",
                            p.referenceProcessing().ms())));
        } else {
            rec = new Recommendation(List.of(), List.of(f("%s: what is left is the Soft/Weak/Final/Phantom references "
                    + "the application creates (-Xlog:gc+phases+ref=debug names them)", !on
                    ? run.collector().label() + " has no parallel reference processing to turn on"
                    : run.states("ParallelRefProcEnabled") ? "ParallelRefProcEnabled is on"
                    : f("ParallelRefProcEnabled is already the default on JDK %d", jdk))));
        }
        Cost cost = Cost.pauseTime(run, p.referenceProcessing().ms() / 1000, List.of(f("reference processing in the pauses "
                + "with phase figures: %.2f s", p.referenceProcessing().ms() / 1000)), new Cost.Basis(trend.pauses(), 0,
                Double.NaN, "pauses with reference processing"));
        return Optional.of(Finding.of(id(),
                f("Reference processing takes %.0f%% of pause time%s", share, growing ? " and grows over the run" : ""),
                evidence, rec, cost));
    }
}
