package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.GcCpu;
import dev.jvmtune.core.options.JdkFlags;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Pauses whose kernel (sys) time exceeds user time: the GC threads spent the pause in the kernel, typically
 * faulting in heap pages for the first time or waiting on transparent huge page compaction. Touching the heap at
 * start ({@code -XX:+AlwaysPreTouch}, best with {@code -Xms} = {@code -Xmx}) moves that cost out of the pauses;
 * THP set to {@code madvise} (with {@code -XX:+UseTransparentHugePages}) or {@code never} removes compaction stalls.
 * Its cost is pause time (its {@code pauseSeconds}): the long pauses with sys > user, else the kernel's share of the
 * pauses' real time.
 */
final class GcSysTimeRule implements Rule {

    /**
     * Share of long pauses with sys > user, and their least number, for the finding. A few such pauses happen on
     * any busy host even with a pre-touched heap (measured on 2 loaded cores: 1-2 of 7-10 long pauses with
     * {@code -XX:+AlwaysPreTouch}); first-touch faults show in most long pauses (10 of 11 without it).
     */
    static final double SHARE_PCT = 50;
    static final int MIN_PAUSES = 3;
    /**
     * Kernel time over all pauses that counts on its own when it exceeds user time: on a quiet machine the same
     * first-touch run had a single pause of 50 ms or more, yet 1.4 s sys against 1.0 s user over its pauses.
     */
    static final double MIN_SYS_SEC = 0.5;

    @Override
    public String id() {
        return "gc-sys-time";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.PAUSE_CPU);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        GcCpu c = run.analysis().gcCpu();
        if (c == null) {
            return Optional.empty();
        }
        boolean longPauses = c.sysOverUserPauses() >= MIN_PAUSES && 100.0 * c.sysOverUserPauses() / c.judgedPauses() >= SHARE_PCT;
        boolean overall = c.sysSec() >= MIN_SYS_SEC && c.sysSec() > c.userSec();
        if (!longPauses && !overall) {
            return Optional.empty();
        }
        double share = c.judgedPauses() == 0 ? 0 : 100.0 * c.sysOverUserPauses() / c.judgedPauses();
        double sysPct = 100.0 * c.sysSec() / Math.max(1e-9, c.userSec() + c.sysSec());
        List<String> evidence = List.of(f("%d of %d pauses of %.0f ms or more spent more time in the kernel than in "
                        + "GC code (sys > user), %.1f s of pause in all", c.sysOverUserPauses(), c.judgedPauses(), GcCpu.MIN_REAL_MS,
                c.sysOverUserSec()), f("over all pauses: user %.1f s, sys %.1f s (%.0f%% of the GC's CPU time)",
                c.userSec(), c.sysSec(), sysPct));
        List<String> options = JdkFlags.option("AlwaysPreTouch", "true", run.jdkOr(8)).stream().toList();
        // the long pauses that spent their time in the kernel, else the kernel's share of all pauses' real time
        Cost cost = longPauses ? Cost.pauseTime(run, c.sysOverUserSec(), List.of(f("pauses with sys > user: %.2f s",
                c.sysOverUserSec())), new Cost.Basis(c.sysOverUserPauses(), 0, Double.NaN, f("pauses of %.0f ms or "
                + "more with sys > user", GcCpu.MIN_REAL_MS)))
                : Cost.pauseTime(run, c.realSec() * sysPct / 100, List.of(f("pauses' real time x the kernel's share of their "
                + "CPU: %.2f s x %.0f%% = %.2f s", c.realSec(), sysPct, c.realSec() * sysPct / 100)),
                new Cost.Basis(c.pauses(), 0, Double.NaN, "pauses with CPU times"));
        return Optional.of(Finding.of(id(),
                longPauses ? f("GC pauses spend their time in the kernel (sys > user in %.0f%% of long pauses)", share)
                        : f("GC pauses spend their time in the kernel (%.0f%% of their CPU time is sys)", sysPct),
                evidence,
                new Recommendation(options, List.of(
                        "sys > user in a pause: page faults on heap memory touched for the first time, or THP "
                                + "compaction; AlwaysPreTouch faults the whole heap in at start (start-up takes longer, "
                                + "about 0.1-0.3 s per GB), so set -Xms = -Xmx with it",
                        "check /sys/kernel/mm/transparent_hugepage/enabled: 'always' can stall; 'madvise' with "
                                + "-XX:+UseTransparentHugePages, or 'never'")), cost));
    }
}
