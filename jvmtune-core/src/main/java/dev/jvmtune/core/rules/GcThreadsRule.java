package dev.jvmtune.core.rules;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * More parallel GC workers than CPUs the JVM may use: workers wait for each other at every phase's
 * barrier while the OS shares the CPUs out (a container whose quota the JVM did not see, or a flag copied
 * from a bigger machine). The proposal is HotSpot's own sizing for the collector and the CPUs
 * ({@link JdkDefaults#parallelGcThreads}: N for N <= 8 CPUs, else 8 + (N - 8) x 5/8 for G1 and Parallel).
 * Its cost is the share of the pauses the workers beyond the CPUs wait in: pause time (its {@code pauseSeconds}).
 */
final class GcThreadsRule implements Rule {

    @Override
    public String id() {
        return "gc-threads";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        JvmFacts f = run.jvm();
        int cpus = f.cpus();
        int workers = f.parallelWorkers();
        int jdk = run.jdkOr(8);
        int proposed = JdkDefaults.parallelGcThreads(run.collector(), cpus, jdk);
        if (cpus <= 0 || workers <= 0 || workers <= cpus || proposed <= 0) {
            return Optional.empty();
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("ParallelGCThreads", Integer.toString(proposed));
        String conc = "";
        int c = JdkDefaults.concGcThreads(run.collector(), cpus, jdk);
        // G1's concurrent workers follow its parallel ones (never more); ZGC and Shenandoah size theirs dynamically,
        // so theirs is given only where the log's is above their own figure for the CPUs
        if (c > 0 && (run.collector() == Collector.G1 || f.concurrentWorkers() > c)) {
            settings.put("ConcGCThreads", Integer.toString(c));
            conc = "; " + run.collector().label() + "'s concurrent workers for " + cpus + " CPUs: " + c;
        }
        List<String> evidence = List.of(workers + " parallel GC workers for " + cpus + " available CPUs");
        List<String> arithmetic = List.of(JdkDefaults.parallelGcThreadsArithmetic(run.collector(), cpus, jdk) + conc);
        // the workers beyond the CPUs wait for one: at most that share of each parallel phase is waiting
        double pauseSec = run.analysis().pauses().totalMs() / 1000;
        Cost cost = Cost.pauseTime(run, pauseSec * (workers - cpus) / workers, List.of(Text.f("GC pauses %.2f s x (%d "
                        + "workers - %d CPUs) / %d workers: the share of the workers that wait for a CPU", pauseSec,
                workers, cpus, workers)), new Cost.Basis(run.analysis().pauses().count(),
                run.analysis().steadyState().warmupPauses(), run.analysis().durationSec(), "pauses"));
        return Optional.of(Finding.of(id(), workers + " GC workers compete for " + cpus + " CPUs", evidence,
                new Recommendation(JdkFlags.line(settings, jdk), arithmetic), cost));
    }
}
