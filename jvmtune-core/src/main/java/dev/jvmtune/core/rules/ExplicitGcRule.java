package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseClass;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.core.run.Rounding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Collections the application asked for ({@code System.gc()}, JDK 6's "System"). A stop-the-world collector runs a
 * Full GC for each; G1, CMS and Shenandoah can run a concurrent cycle instead ({@code ExplicitGCInvokesConcurrent}:
 * off by default for G1 and CMS, on for Shenandoah, see {@link JdkDefaults}), and ZGC always does. The log tells which
 * happened: a call that ran a Full GC ran with the flag off, whatever its default.
 */
final class ExplicitGcRule implements Rule {

    private static final Set<String> CAUSES = Set.of("System.gc()", "System");

    @Override
    public String id() {
        return "explicit-gc";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        long count = 0;
        long full = 0;
        for (String cause : CAUSES) {
            count += a.pausesByCause().getOrDefault(cause, 0L);
            full += a.fullGcCauses().getOrDefault(cause, 0L);
        }
        if (count == 0) {
            return Optional.empty();
        }
        double share = 100.0 * count / Math.max(1, a.pauses().count());
        List<String> evidence = new ArrayList<>(List.of(Rounding.text("%d of %d pauses were caused by System.gc() "
                + "(%.1f%%)", count, a.pauses().count(), share)));
        Collector collector = run.collector();
        Recommendation rec;
        int jdk = run.jdkOr(8);
        String flag = run.flag("ExplicitGCInvokesConcurrent");
        boolean stated = run.states("ExplicitGCInvokesConcurrent");
        String defaultOn = f("%s's default on JDK %d", collector.label(), jdk);
        if (collector.concurrent() && full > 0) {
            evidence.add(f("%d of them were stop-the-world Full GCs: ExplicitGCInvokesConcurrent was off in this run "
                    + "(%s)", full, stated ? "the log's flag: " + flag : "true".equals(flag) ? "although it is "
                    + defaultOn + ": turned off, the passive heuristics, or a build older than that default"
                    : defaultOn + ": " + flag));
            rec = new Recommendation(JdkFlags.option("ExplicitGCInvokesConcurrent", "true", jdk).stream().toList(),
                    List.of(collector.label() + " can answer System.gc() with a concurrent cycle: the " + full
                            + " stop-the-world collections become concurrent marking, the application keeps running"));
        } else if (collector.concurrent()) {
            rec = null; // nothing to turn on: said in the evidence, which every format shows
            evidence.add(f("%s already answers System.gc() with a concurrent cycle (%s): "
                    + "each call costs the cycle's CPU time and its short pauses; -XX:+DisableExplicitGC would drop "
                    + "them, if no direct-buffer or RMI clean-up relies on the calls", collector.label(),
                    collector == Collector.ZGC ? "it has no other answer" : "no Full GC for it in the log: "
                    + "ExplicitGCInvokesConcurrent was on" + (stated ? ", the log's flag"
                    : "true".equals(flag) ? ", " + defaultOn : "")));
        } else {
            rec = new Recommendation(JdkFlags.option("DisableExplicitGC", "true", jdk).stream().toList(),
                    List.of((collector == Collector.UNKNOWN ? "the log does not name its collector: if it has no "
                            + "concurrent cycle to run instead," : collector.label() + " has no concurrent cycle to run "
                            + "instead;") + " ignoring System.gc() "
                            + "removes the " + count + " collections, but direct-buffer and RMI clean-up that relies "
                            + "on it then waits for the next collection: check that the calls are not needed first"));
        }
        Cost cost = Cost.pauses(run, "pauses System.gc() asked for", true,
                c -> c.trigger() == PauseClass.Trigger.SYSTEM_GC);
        return Optional.of(Finding.of(id(), "The application calls System.gc(): " + count
                + " collections it did not need", evidence, rec, cost));
    }
}
