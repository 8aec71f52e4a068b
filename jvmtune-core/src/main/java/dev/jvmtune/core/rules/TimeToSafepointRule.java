package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.core.run.Rounding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Threads take long to reach safepoints: every pause (GC or not) is lengthened by the slowest thread's way
 * to its next safepoint poll, time no GC log line shows as GC. The classic cause is a counted loop without
 * a poll: JDK 8's default, and Parallel's and Serial's on every JDK; from JDK 10 the other collectors keep a poll
 * every {@code LoopStripMiningIter} (1000) iterations unless {@code -XX:-UseCountedLoopSafepoints}.
 * Its cost is pause time (its {@code pauseSeconds}): the log counts reaching the safepoint in the time the
 * application threads were stopped.
 */
final class TimeToSafepointRule implements Rule {

    /** Provoked runs spend 89-99% of the stopped time reaching safepoints; busy 2-core runs without the
     * problem up to 38% (two spinning threads and the GC sharing 2 CPUs). */
    static final double MIN_SHARE_PCT = 60;
    static final double MIN_TOTAL_MS = 100;
    /**
     * A thread that holds safepoints (a counted loop without polls) shows as long single stops: 9.4 s in the
     * provoked JDK 25 run. A CPU-starved host also raises the share, but over many short stops: 71-86% with the
     * 2-core machine at load 16, the longest stop 52-79 ms. That is not this cause, so the longest stop must reach
     * this.
     */
    static final double MIN_LONGEST_MS = 200;

    @Override
    public String id() {
        return "time-to-safepoint";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.SAFEPOINTS);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis.Safepoints s = run.analysis().safepoints();
        if (s.count() == 0 || Double.isNaN(s.timeToSafepointMs()) || s.totalMs() <= 0) {
            return Optional.empty();
        }
        double share = 100.0 * s.timeToSafepointMs() / s.totalMs();
        if (share < MIN_SHARE_PCT || s.timeToSafepointMs() < MIN_TOTAL_MS || !(s.maxMs() >= MIN_LONGEST_MS)) {
            return Optional.empty();
        }
        List<String> evidence = List.of(Rounding.text("%.1f ms of %.1f ms stopped at %,d safepoints went "
                        + "to reaching them (%.0f%%); the longest safepoint took %.1f ms", s.timeToSafepointMs(),
                s.totalMs(), s.count(), share, s.maxMs()));
        int jdk = run.jdkOr(8);
        Recommendation rec = null;
        if ("false".equals(run.flag("UseCountedLoopSafepoints"))) {
            // with the poll on, JDK 10+ strip-mines the loops as it does for the collectors that have it by default;
            // turned on alone, the poll comes every iteration (LoopStripMiningIter=1)
            String strip = JdkDefaults.value("LoopStripMiningIter", Collector.G1, jdk).orElse(null);
            List<String> options = new ArrayList<>(JdkFlags.option("UseCountedLoopSafepoints", "true", jdk).stream()
                    .toList());
            if (strip != null) {
                JdkFlags.option("LoopStripMiningIter", strip, jdk).ifPresent(options::add);
            }
            rec = new Recommendation(options,
                    List.of((run.states("UseCountedLoopSafepoints") ? "the JVM ran with -XX:-UseCountedLoopSafepoints"
                                    : "JDK " + jdk + " compiles counted loops without a safepoint poll"
                                    + (jdk >= 10 ? " under " + run.collector().label() : ""))
                            + ": a thread in a long loop holds every safepoint until the loop ends",
                            "with the poll kept in such loops, threads reach a safepoint within one loop iteration"
                                    + (strip != null ? " strip (LoopStripMiningIter=" + strip + ")" : "")));
        }
        if (rec == null) {
            rec = new Recommendation(List.of(), List.of("no flag: " + run.collector().label() + " keeps a poll in "
                    + "counted loops unless told not to, and a GC log does not say whether the JVM ran with "
                    + "-XX:-UseCountedLoopSafepoints: if it did, take that out; else the time goes to code without polls "
                    + "(long native calls, JNI critical sections) - -Xlog:safepoint+stats or JFR's jdk.SafepointBegin "
                    + "names the threads"));
        }
        Cost cost = Cost.pauseTime(run, s.timeToSafepointMs() / 1000, List.of(Rounding.text("time to reach safepoints: "
                + "%.2f s", s.timeToSafepointMs() / 1000)), new Cost.Basis(s.count(), 0, run.analysis().durationSec(),
                "safepoints"));
        return Optional.of(Finding.of(id(), Rounding.text("%.0f%% of the stopped time is spent waiting for threads to "
                + "reach safepoints", share), evidence, rec, cost));
    }
}
