package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.core.run.Rounding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Much of the time the application is stopped is not garbage collection: other VM operations at
 * safepoints (biased-locking revocation, deoptimization, thread dumps, class redefinition). GC graphs do not
 * show it. On JDK 8-14 biased locking is on by default and its revocations are the usual cause. Its cost is pause
 * time (its {@code pauseSeconds}): the time the application was stopped at those safepoints.
 */
final class NonGcSafepointRule implements Rule {

    static final double MIN_SHARE_PCT = 25;
    static final double MIN_TOTAL_MS = 1000;

    @Override
    public String id() {
        return "non-gc-safepoints";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.SAFEPOINTS);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis.Safepoints s = run.analysis().safepoints();
        if (s.count() == 0 || Double.isNaN(s.nonGcMs()) || s.totalMs() <= 0) {
            return Optional.empty();
        }
        double share = 100.0 * s.nonGcMs() / s.totalMs();
        if (share < MIN_SHARE_PCT || s.nonGcMs() < MIN_TOTAL_MS) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>();
        evidence.add(Rounding.text("%.1f s of %.1f s stopped at %,d safepoints was not GC (%.0f%%)",
                s.nonGcMs() / 1000, s.totalMs() / 1000, s.count(), share));
        if (!Double.isNaN(s.timeToSafepointMs())) {
            evidence.add(Rounding.text("%.1f s of it went to reaching the safepoints",
                    s.timeToSafepointMs() / 1000));
        }
        int jdk = run.jdkOr(8);
        Recommendation rec = null;
        if ("true".equals(run.flag("UseBiasedLocking"))) {
            rec = new Recommendation(JdkFlags.option("UseBiasedLocking", "false", jdk).stream().toList(), List.of(
                    (run.states("UseBiasedLocking") ? "the JVM ran with -XX:+UseBiasedLocking"
                            : "biased locking is on by default up to JDK 14 (off from 15, gone from 18)") + "; revoking a bias "
                            + "stops every thread, and with contended locks it happens all the time",
                    "turn it off and compare the stopped time; to see which operations stop the JVM, add "
                            + (jdk >= 9 ? "-Xlog:safepoint" : "-XX:+PrintSafepointStatistics "
                            + "-XX:PrintSafepointStatisticsCount=1")));
        }
        if (rec == null) {
            rec = new Recommendation(List.of(), List.of(Rounding.text("no flag: biased locking, the usual cause, is off "
                    + "from JDK 15; -Xlog:safepoint names the VM operations that stop the JVM (deoptimization, thread "
                    + "dumps, class redefinition)")));
        }
        Cost cost = Cost.pauseTime(run, s.nonGcMs() / 1000, List.of(Rounding.text("stopped outside GC: %.2f s",
                s.nonGcMs() / 1000)), new Cost.Basis(s.count(), 0, run.analysis().durationSec(), "safepoints"));
        return Optional.of(Finding.of(id(), Rounding.text("%.0f%% of the stopped time is not GC", share), evidence, rec,
                cost));
    }
}
