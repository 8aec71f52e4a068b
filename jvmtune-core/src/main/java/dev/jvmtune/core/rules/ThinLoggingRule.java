package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.LogDetail;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkFlags;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The log is too thin to decide: without phases, per-generation figures, CPU times or safepoints the rules that
 * need them (evacuation speed, reference processing, parallelism, time to safepoint) cannot speak. The finding
 * names the exact logging options that add what is missing, for the JDK that wrote the log.
 */
final class ThinLoggingRule implements Rule {

    @Override
    public String id() {
        return "thin-logging";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        LogDetail d = a.logDetail();
        if (d == null || d.pauses() == 0 || run.jfr()) {
            return Optional.empty();
        }
        List<String> missing = new ArrayList<>();
        // JDK 6-8 Parallel, Serial and CMS logs have no phases whatever the flags; G1's do
        if (d.withPhases() == 0 && (run.jdkOr(8) >= 9 || run.collector() == Collector.G1)) {
            missing.add("pause phases (evacuation, roots, reference processing)");
        }
        if (d.withPools() == 0) {
            missing.add("per-generation sizes (Eden, survivors, old, metaspace)");
        }
        if (d.withCpu() == 0) {
            missing.add("user/sys/real CPU times");
        }
        if (a.safepoints().count() == 0) {
            missing.add("safepoints (time to safepoint, non-GC stops)");
        }
        if (missing.size() < 2) {
            return Optional.empty();
        }
        int jdk = run.jdkOr(8);
        List<String> options = JdkFlags.gcLogging(jdk);
        return Optional.of(new Finding(id(), Severity.INFO, 20 + 10 * missing.size(),
                "The log is too thin to decide some causes: it lacks " + String.join(", ", missing),
                List.of(f("%d pauses: %d with phases, %d with generation sizes, %d with CPU times; %d safepoints",
                        d.pauses(), d.withPhases(), d.withPools(), d.withCpu(), a.safepoints().count())),
                new Recommendation(options, List.of(jdk >= 9 ? "gc* adds phases, generation sizes and CPU times (gc+cpu), "
                        + "safepoint adds stops and time to safepoint; the cost is a few lines per collection"
                        : "JDK 8 equivalents: details, causes, stopped time and adaptive sizing, rotated at 5 x 50 MB"))));
    }
}
