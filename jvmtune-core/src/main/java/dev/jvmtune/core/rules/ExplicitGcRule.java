package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.core.run.Rounding;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Collections the application asked for ({@code System.gc()}, JDK 6's "System"): a concurrent collector
 * then runs a stop-the-world Full GC. G1 and CMS can run a concurrent cycle instead.
 */
final class ExplicitGcRule implements Rule {

    @Override
    public String id() {
        return "explicit-gc";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        long count = 0;
        for (Map.Entry<String, Long> e : a.pausesByCause().entrySet()) {
            if (e.getKey().equals("System.gc()") || e.getKey().equals("System")) {
                count += e.getValue();
            }
        }
        if (count == 0) {
            return Optional.empty();
        }
        double share = 100.0 * count / Math.max(1, a.pauses().count());
        List<String> evidence = List.of(Rounding.text("%d of %d pauses were caused by System.gc() "
                + "(%.1f%%)", count, a.pauses().count(), share));
        Collector collector = run.collector();
        Recommendation rec;
        int jdk = run.jdkOr(8);
        if (collector == Collector.G1 || collector == Collector.CMS) {
            rec = new Recommendation(JdkFlags.option("ExplicitGCInvokesConcurrent", "true", jdk).stream().toList(),
                    List.of(collector.label() + " can answer System.gc() with a concurrent cycle: the " + count
                            + " stop-the-world collections become concurrent marking, the application keeps running"));
        } else {
            rec = new Recommendation(JdkFlags.option("DisableExplicitGC", "true", jdk).stream().toList(),
                    List.of(collector.label() + " has no concurrent cycle to run instead; ignoring System.gc() removes the "
                            + count + " collections, but direct-buffer and RMI clean-up that relies on it then "
                            + "waits for the next collection: check that the calls are not needed first"));
        }
        int score = (int) Math.min(100, 40 + share * 4);
        return Optional.of(new Finding(id(), share >= 5 ? Severity.WARNING : Severity.INFO, score,
                "The application calls System.gc(): " + count + " collections it did not need", evidence, rec));
    }
}
