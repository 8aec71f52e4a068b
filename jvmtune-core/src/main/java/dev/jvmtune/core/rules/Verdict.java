package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.HeldUp;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.options.JvmOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a person acts on first: whether the pause goal was met (one line), the three findings that cost the most
 * toward the goal, and every recommendation merged into one command-line fragment. Where two findings set the same
 * option the costlier (earlier) one wins and the other is listed in {@code conflicts}; the options of an unsure
 * finding, and of one whose cost is negligible ({@link Finding#withheld}), stay off the line (listed there too);
 * {@code -Xms} is never left above {@code -Xmx}; a change of collector is kept apart in {@code alternative}, since the
 * line tunes the collector the log shows.
 *
 * @param goalMet     true or false when a pause goal is known; {@code null} when none is
 * @param goal        the one-line judgement
 * @param incomplete  why the figures behind the judgement may not stand on the whole log
 *                    ({@link dev.jvmtune.core.analysis.Completeness}); empty when they do
 * @param top         up to three findings, costliest first
 * @param flags       the options to paste, in order
 * @param conflicts   options left out of {@code flags}, each with the reason
 * @param alternative a change of collector to consider instead; empty when none
 */
public record Verdict(Boolean goalMet, String goal, List<String> incomplete, List<Finding> top, List<String> flags,
                      List<String> conflicts, List<String> alternative) {

    /** Share of steady-state pauses allowed over the goal for it to count as met: p99 within the goal. */
    static final double MET_OVER_PCT = 1.0;
    static final int TOP = 3;
    private static final String UNLOCK = JvmOption.UNLOCK_EXPERIMENTAL;

    public Verdict {
        incomplete = List.copyOf(incomplete);
        top = List.copyOf(top);
        flags = List.copyOf(flags);
        conflicts = List.copyOf(conflicts);
        alternative = List.copyOf(alternative);
    }

    /** The verdict on {@code run} given its findings in the order {@link Rules#evaluate} returns them. */
    public static Verdict of(RuleContext run, List<Finding> findings) {
        Analysis a = run.analysis();
        PauseGoal goal = a.pauseGoal();
        PauseStats steady = a.steadyState().pauses();
        Boolean met = null;
        String line;
        if (goal != null && goal.steadyState().pauses() > 0) {
            PauseGoal.Exceedance s = goal.steadyState();
            met = s.overPct() <= MET_OVER_PCT;
            line = met ? f("Pause goal %.0f ms met: %d of %d steady-state pauses over it (%.2f%%), p99 %.1f ms",
                    goal.goalMs(), s.over(), s.pauses(), s.overPct(), steady.p99Ms())
                    : f("Pause goal %.0f ms NOT met: %d of %d steady-state pauses over it (%.1f%%), by up to %.0f ms; "
                    + "p99 %.1f ms", goal.goalMs(), s.over(), s.pauses(), s.overPct(), s.maxExcessMs(), steady.p99Ms());
            line += stalled(a);
        } else if (steady.count() > 0) {
            String share = a.stalls() == null || a.stalls().count() == 0
                    ? f("GC took %.1f%% of the time", 100 - a.throughputPct()) : stalled(a).substring(2);
            line = f("No pause goal known (give one with --pause-goal MS): steady-state p99 %.1f ms, max %.1f ms; %s",
                    steady.p99Ms(), steady.maxMs(), share);
        } else if (!run.completeness().complete()) {
            line = "No pauses read, but the log was not read whole: nothing can be judged";
        } else {
            line = "No pauses in this log: nothing to judge";
        }
        Map<String, String> chosen = new LinkedHashMap<>();
        Map<String, String> owner = new LinkedHashMap<>();
        List<String> conflicts = new ArrayList<>();
        List<String> alternative = new ArrayList<>();
        boolean unlock = false;
        for (Finding finding : findings) {
            if (finding.recommendation() == null) {
                continue;
            }
            String leftOut = finding.withheld();
            if (leftOut != null) {
                if (!finding.recommendation().options().isEmpty()) {
                    conflicts.add(f("%s (%s) left out: %s", String.join(" ", finding.recommendation().options()),
                            finding.ruleId(), leftOut));
                }
                continue;
            }
            if (finding.ruleId().equals("collector-for-goal")) {
                alternative.addAll(finding.recommendation().options());
                continue;
            }
            for (String option : finding.recommendation().options()) {
                if (option.equals(UNLOCK)) {
                    unlock = true;
                    continue;
                }
                String key = JvmOption.parse(option).key();
                String kept = chosen.get(key);
                if (kept == null) {
                    chosen.put(key, option);
                    owner.put(key, finding.ruleId());
                } else if (!kept.equals(option)) {
                    conflicts.add(f("%s (%s) left out: %s (%s) sets it", option, finding.ruleId(), kept, owner.get(key)));
                }
            }
        }
        xmsFollowsXmx(findings, chosen, owner, conflicts);
        xmsNotAboveXmx(chosen, conflicts);
        List<String> flags = new ArrayList<>();
        if (unlock) {
            flags.add(UNLOCK);
        }
        flags.addAll(chosen.values());
        return new Verdict(met, line, run.completeness().gaps(), findings.subList(0, Math.min(TOP, findings.size())),
                flags, conflicts, alternative);
    }

    /**
     * "; the application was held up by GC ..." where threads stalled: on the concurrent collectors the pauses
     * are short and the stalls are the time lost. Empty without stalls.
     */
    static String stalled(Analysis a) {
        if (a.stalls() == null || a.stalls().count() == 0) {
            return "";
        }
        HeldUp h = a.heldUp();
        return f("; the application was held up by GC %.1f%% of the time: %.2f s, of which %.2f s stalled outside "
                + "pauses (%,d stalls) and %.3f s paused", h.pct(), h.totalMs() / 1000, h.stallsMs() / 1000,
                a.stalls().count(), h.pausesMs() / 1000);
    }

    /**
     * A finding that pins the heap ({@code -Xms} equal to its {@code -Xmx}, against resizing) keeps it pinned when
     * another finding's {@code -Xmx} won: left below it, its {@code -Xms} would bring back the resizing it complains
     * about ({@code -Xmx423m -Xms200m}).
     */
    private static void xmsFollowsXmx(List<Finding> findings, Map<String, String> chosen, Map<String, String> owner,
                                      List<String> conflicts) {
        String xms = chosen.get("-Xms");
        String xmx = chosen.get("-Xmx");
        if (xms == null || xmx == null || owner.get("-Xms").equals(owner.get("-Xmx"))) {
            return;
        }
        for (Finding f : findings) {
            if (!f.ruleId().equals(owner.get("-Xms"))) {
                continue;
            }
            long pinnedXms = -1;
            long ownXmx = -1;
            for (String o : f.recommendation().options()) {
                JvmOption opt = JvmOption.parse(o);
                if (opt.key().equals("-Xms")) {
                    pinnedXms = opt.bytes();
                } else if (opt.key().equals("-Xmx")) {
                    ownXmx = opt.bytes();
                }
            }
            if (pinnedXms > 0 && pinnedXms == ownXmx && JvmOption.parse(xms).bytes() != JvmOption.parse(xmx).bytes()) {
                String raised = "-Xms" + xmx.substring(4);
                chosen.put("-Xms", raised);
                conflicts.add(f("%s (%s) set to %s: it pins -Xms to -Xmx, and %s (%s) sets -Xmx", xms, owner.get("-Xms"),
                        raised, xmx, owner.get("-Xmx")));
            }
            return;
        }
    }

    private static void xmsNotAboveXmx(Map<String, String> chosen, List<String> conflicts) {
        String xms = chosen.get("-Xms");
        String xmx = chosen.get("-Xmx");
        if (xms != null && xmx != null && JvmOption.parse(xms).bytes() > JvmOption.parse(xmx).bytes()) {
            chosen.put("-Xms", "-Xms" + xmx.substring(4));
            conflicts.add(xms + " lowered to -Xms" + xmx.substring(4) + ": -Xms may not exceed " + xmx);
        }
    }
}
