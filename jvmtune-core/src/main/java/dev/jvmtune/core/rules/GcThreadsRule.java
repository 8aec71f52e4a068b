package dev.jvmtune.core.rules;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.options.JdkFlags;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * More parallel GC workers than CPUs the JVM may use: workers wait for each other at every phase's
 * barrier while the OS shares the CPUs out (a container whose quota the JVM did not see, or a flag copied
 * from a bigger machine). HotSpot's own sizing is N for N <= 8 CPUs, else 8 + (N - 8) x 5/8.
 */
final class GcThreadsRule implements Rule {

    @Override
    public String id() {
        return "gc-threads";
    }

    static int hotspotWorkers(int cpus) {
        return cpus <= 8 ? cpus : 8 + (cpus - 8) * 5 / 8;
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        JvmFacts f = run.jvm();
        int cpus = f.cpusAvailable() > 0 ? f.cpusAvailable() : f.cpusTotal();
        int workers = f.parallelWorkers();
        if (cpus <= 0 || workers <= 0 || workers <= cpus) {
            return Optional.empty();
        }
        int proposed = hotspotWorkers(cpus);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("ParallelGCThreads", Integer.toString(proposed));
        String conc = "";
        if (run.collector() == Collector.G1) {
            int c = Math.max(1, (proposed + 2) / 4);
            settings.put("ConcGCThreads", Integer.toString(c));
            conc = "; G1's concurrent workers: max(1, (" + proposed + " + 2) / 4) = " + c;
        }
        List<String> evidence = List.of(workers + " parallel GC workers for " + cpus + " available CPUs");
        List<String> arithmetic = List.of(cpus + " CPUs " + (cpus <= 8 ? "<= 8: one worker each = " + proposed
                : "> 8: 8 + (" + cpus + " - 8) x 5/8 = " + proposed) + conc);
        return Optional.of(new Finding(id(), Severity.WARNING, (int) Math.min(100, 40 + 10L * workers / cpus),
                workers + " GC workers compete for " + cpus + " CPUs", evidence,
                new Recommendation(JdkFlags.line(settings, run.jdkOr(8)), arithmetic)));
    }
}
