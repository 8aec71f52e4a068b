package dev.jvmtune.report.html;

import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.report.RunComparison;
import dev.jvmtune.report.TuningSession;
import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.stats.Comparison;
import dev.jvmtune.lab.stats.Verdict;
import dev.jvmtune.tune.Candidate;
import dev.jvmtune.tune.Step;
import dev.jvmtune.tune.Target;
import dev.jvmtune.tune.TrialResult;
import dev.jvmtune.tune.TuneResult;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A tuning session as a single-file HTML page in the style of the GC report: the answer first (the goal met or not,
 * the flags to paste, baseline against final on the goal's and the guards' metrics), then the path (every candidate
 * with its source, arithmetic, both rounds as a forest plot of its trials and its decision), the goal's metric over
 * every trial in time order, and the GC report's before/after comparison of a typical baseline and final trial.
 */
public final class TuningHtml {

    private TuningHtml() {
    }

    /** What the page's script reads: the goal's metric, every trial, every step's rounds, the two runs to compare. */
    record Data(String mode, String metric, String unit, String effect, List<TrialPoint> trials, List<StepData> steps,
                List<HtmlFormat.ChartRun> runs, List<String> labels) {
    }

    /** A trial in time order: its role (baseline, A the current best, B the candidate), step, flags and value. */
    record TrialPoint(int seq, String role, int step, String flags, String outcome, double value, double seconds) {
    }

    /** A round of a step for the forest plot: its effect with the interval, and each arm's values. */
    record RoundData(String name, double value, double ciLow, double ciHigh, double pValue, String verdict,
                     double medianA, List<Double> a, List<Double> b) {
    }

    record StepData(int index, String label, boolean accepted, List<RoundData> rounds, int firstSeq, int lastSeq) {
    }

    /** The page of {@code session}, naming {@code version} as the jvmtune that wrote it. */
    public static void write(TuningSession session, String version, OutputStream out) throws IOException {
        TuneResult r = session.result();
        List<TrialResult> trials = session.trials();
        Run baseline = session.baseline();
        RunComparison beforeAfter = session.beforeAfter();
        String metric = Target.parse(r.goal()).metric();
        StringBuilder b = new StringBuilder(1 << 16);
        HtmlFormat.head(b, "Tuning", session.subject(), version);
        answer(b, r, metric);
        footprint(b, r, trials);
        path(b, r);
        b.append("<section class=\"run\" data-section=\"Trials\"><h3>").append(escape(metric))
                .append(" over every trial, in the order they ran</h3><div class=\"charts\" data-trials=\"1\"></div>"
                        + "</section>\n");
        List<HtmlFormat.ChartRun> runs = List.of();
        List<String> labels = List.of();
        b.append("<section class=\"before-after\" data-section=\"Before and after\"><h2>Before and after</h2>");
        if (beforeAfter != null) {
            labels = List.of(beforeAfter.labelA(), beforeAfter.labelB());
            runs = HtmlFormat.compared(b, beforeAfter, orDefaults(r.baselineFlags()), orDefaults(r.finalFlags()));
        } else if (baseline != null) {
            b.append("<p class=\"note\">Nothing was accepted: the final flags are the starting ones. "
                    + "A typical baseline trial's GC log:</p><section class=\"run side-a\"><p class=\"side\">baseline</p>"
                    + "<p class=\"sides\">").append(escape(orDefaults(r.baselineFlags()))).append("</p>\n");
            new RunSection(b).write(baseline);
            b.append("<div class=\"charts\" data-run=\"0\"></div></section>\n");
            labels = List.of("baseline");
            runs = List.of(new HtmlFormat.ChartRun(baseline.name(), baseline.series()));
        } else {
            b.append("<p class=\"note\">No trial left a GC log to draw.</p>");
        }
        b.append("</section>\n");
        HtmlFormat.tail(b, HtmlFormat.json(data(r, metric, trials, runs, labels)), out);
    }

    private static String orDefaults(String flags) {
        return flags.isEmpty() ? "(JVM defaults)" : flags;
    }

    /** The goal met or not, the flags to paste, baseline against final on every target's metric. */
    private static void answer(StringBuilder b, TuneResult r, String metric) {
        boolean met = r.outcome() == TuneResult.Outcome.GOAL_MET;
        b.append("<section class=\"run\" data-section=\"Answer\"><div class=\"verdict ")
                .append(met ? "ok" : "critical").append("\" data-goal-met=\"").append(met)
                .append("\"><span class=\"badge\">").append(met ? "GOAL MET" : "GOAL NOT MET")
                .append("</span><span class=\"headline\">Goal ").append(escape(r.goal())).append(": ")
                .append(escape(r.message())).append("</span>");
        if (r.accepted().isEmpty()) {
            b.append("<p class=\"note\">No change was accepted").append(r.steps().isEmpty() ? ": no candidate was tried"
                    : ": " + r.steps().size() + (r.steps().size() == 1 ? " candidate" : " candidates")
                    + " tried, each rejected below with its reason").append(".</p>");
        }
        b.append("<div class=\"flags\" data-section=\"Flags\"><code>").append(escape(orDefaults(r.finalFlags())))
                .append("</code><button class=\"copy\" type=\"button\">Copy</button></div></div>\n<div class=\"figures\">");
        List<String> metrics = new ArrayList<>(List.of(metric));
        r.guards().forEach(g -> metrics.add(Target.parse(g).metric()));
        for (String m : metrics) {
            double before = r.baseline().getOrDefault(m, Double.NaN);
            double after = r.best().getOrDefault(m, Double.NaN);
            double chained = r.vsBaseline().getOrDefault(m, Double.NaN);
            boolean worse = !Double.isNaN(chained) && chained != 1
                    && (chained > 1) != Metrics.higherIsBetter(m);
            b.append("<div class=\"card long").append(worse ? " bad" : "").append("\" data-metric=\"")
                    .append(escape(m)).append("\"><div class=\"label\">").append(escape(m))
                    .append(m.equals(metric) ? " (goal)" : " (guard)").append("</div><div class=\"value\">")
                    .append(escape(num(before, m))).append(" &rarr; ").append(escape(num(after, m)))
                    .append("</div><div class=\"note\">baseline &rarr; final, medians")
                    .append(Double.isNaN(chained) || r.accepted().isEmpty() ? ""
                            : Rounding.text("; %.3gx by the accepted A/Bs", chained))
                    .append("</div></div>");
        }
        b.append("<div class=\"card\"><div class=\"label\">trials</div><div class=\"value\">").append(r.trialsRun())
                .append("</div><div class=\"note\">").append(Rounding.text("%.0f s of trials; %d of %d "
                        + "candidates accepted", r.trialSeconds(), r.accepted().size(), r.steps().size()))
                .append("</div></div></div>\n<table class=\"summary\"><tbody><tr><th>start</th><td><code>")
                .append(escape(orDefaults(r.startFlags()))).append("</code></td></tr>");
        if (r.repairedStart() != null) {
            b.append("<tr><th>repaired start</th><td><code>").append(escape(orDefaults(r.repairedStart())))
                    .append("</code> ").append(escape(r.repair())).append("</td></tr>");
        }
        b.append("<tr><th>final</th><td><code>").append(escape(orDefaults(r.finalFlags())))
                .append("</code></td></tr></tbody></table></section>\n");
    }

    /**
     * The JVM's footprint at its resident peak, baseline against final (medians of the OK trials of the starting and
     * the final flags): the resident peak, the heap's resident pages, each part committed, the threads. Absent when
     * no trial measured one.
     */
    private static void footprint(StringBuilder b, TuneResult r, List<TrialResult> trials) {
        List<String> names = new ArrayList<>(List.of(Metrics.FOOTPRINT_RSS, Metrics.FOOTPRINT + "heapResidentBytes"));
        for (dev.jvmtune.core.memory.MemoryPart p : dev.jvmtune.core.memory.MemoryPart.values()) {
            names.add(Metrics.footprintPart(p));
        }
        names.add(Metrics.FOOTPRINT + "threads");
        List<TrialResult> before = ok(trials, r.baselineFlags());
        List<TrialResult> after = ok(trials, r.finalFlags());
        if (before.stream().allMatch(t -> Double.isNaN(t.metric(Metrics.FOOTPRINT_RSS)))) {
            return;
        }
        b.append("<section class=\"run\" data-section=\"Footprint\"><h3>Footprint at the JVM's resident peak: "
                + "baseline &rarr; final, medians</h3><table class=\"num footprint\"><thead><tr><th>figure</th>"
                + "<th>baseline</th><th>final</th></tr></thead><tbody>");
        for (String n : names) {
            double x = median(before, n);
            double y = median(after, n);
            if (Double.isNaN(x) && Double.isNaN(y)) {
                continue;
            }
            b.append("<tr data-metric=\"").append(escape(n)).append("\"><td>").append(escape(n)).append("</td><td>")
                    .append(escape(Metrics.format(n, x))).append("</td><td>").append(escape(Metrics.format(n, y)))
                    .append("</td></tr>");
        }
        b.append("</tbody></table><p class=\"note\">RSS is the JVM's own high-water mark (VmHWM); the parts are "
                + "committed memory from Native Memory Tracking at the sample nearest that peak, the heap's resident "
                + "pages from smaps (docs/memory.md).</p></section>\n");
    }

    private static List<TrialResult> ok(List<TrialResult> trials, String flags) {
        return trials.stream().filter(t -> t.flags().equals(flags) && t.outcome().startsWith("OK")).toList();
    }

    private static double median(List<TrialResult> trials, String metric) {
        return dev.jvmtune.lab.stats.Compare.median(trials.stream().mapToDouble(t -> t.metric(metric))
                .filter(Double::isFinite).toArray());
    }

    /** Every candidate in order: source, change, arithmetic, the rounds' statistics, guards, the decision. */
    private static void path(StringBuilder b, TuneResult r) {
        b.append("<section class=\"run findings\" data-section=\"Path\"><h2>The path</h2>");
        if (r.steps().isEmpty()) {
            b.append("<p class=\"none\">No candidate was tried: ").append(escape(r.message())).append("</p></section>\n");
            return;
        }
        b.append("<div class=\"charts\" data-forest=\"1\"></div>");
        for (Step s : r.steps()) {
            Candidate c = s.candidate();
            b.append("<div class=\"finding step ").append(s.accepted() ? "accepted" : "rejected")
                    .append("\" data-step=\"").append(s.index()).append("\"><span class=\"badge\">")
                    .append(s.accepted() ? "ACCEPTED" : "rejected").append("</span> <span class=\"title\">")
                    .append(s.index() + 1).append(". ").append(escape(c.title())).append("</span> <span class=\"rule\">")
                    .append(escape(c.source())).append("</span><div class=\"flags\"><code>")
                    .append(escape(c.changeLine())).append("</code></div>");
            if (!c.arithmetic().isEmpty()) {
                b.append("<ol class=\"why\">");
                c.arithmetic().forEach(a -> b.append("<li>").append(escape(a)).append("</li>"));
                b.append("</ol>");
            }
            if (s.first() != null) {
                b.append("<table class=\"num rounds\"><thead><tr><th>round</th><th>n A / B</th><th>median A</th>"
                        + "<th>median B</th><th>B vs A [95% CI]</th><th>p</th><th>verdict</th></tr></thead><tbody>");
                round(b, "round 1", s.first());
                if (s.pooled() != null) {
                    round(b, "both rounds", s.pooled());
                }
                b.append("</tbody></table>");
            }
            if (!s.guards().isEmpty()) {
                b.append("<ul class=\"guards\">");
                s.guards().forEach(g -> b.append("<li>guard: ").append(escape(g)).append("</li>"));
                b.append("</ul>");
            }
            b.append("<p class=\"reason\">").append(s.accepted() ? "Accepted: " : "Rejected ("
                    + s.decision().kind().label() + "): ")
                    .append(escape(s.reason()))
                    .append("</p></div>\n");
        }
        b.append("</section>\n");
    }

    private static void round(StringBuilder b, String name, Comparison c) {
        String verdict = c.verdict() == Verdict.WITHIN_NOISE ? "within noise" : c.verdict().name().toLowerCase(Locale.ROOT);
        b.append("<tr><td>").append(name).append("</td><td>").append(c.nA()).append(" / ").append(c.nB())
                .append("</td><td>").append(escape(num(c.medianA(), c.metric()))).append("</td><td>")
                .append(escape(num(c.medianB(), c.metric()))).append("</td><td>").append(escape(effect(c)))
                .append("</td><td>").append(Double.isNaN(c.pValue()) ? "-" : Rounding.text("%.3g", c.pValue()))
                .append("</td><td class=\"").append(c.verdict() == Verdict.WITHIN_NOISE ? "" : c.verdict() == Verdict.BETTER
                        ? "better" : "worse").append("\">").append(verdict).append("</td></tr>");
    }

    private static String effect(Comparison c) {
        if (Double.isNaN(c.value())) {
            return "-";
        }
        boolean ratio = c.effect().equals("ratio");
        return Rounding.text(ratio ? "%.3gx [%.3g, %.3g]" : "%+.3g [%+.3g, %+.3g]", c.value(), c.ciLow(),
                c.ciHigh());
    }

    /** A figure with three significant digits and the metric's unit. */
    static String num(double v, String metric) {
        if (Double.isNaN(v)) {
            return Figures.UNKNOWN;
        }
        String unit = Metrics.unit(metric);
        double a = Math.abs(v);
        String n = a >= 1e6 ? Rounding.text("%,.0f", v) : a >= 100 || v == Math.rint(v)
                ? Rounding.text("%,.0f", v) : Rounding.text(a >= 10 ? "%.1f" : a >= 1
                ? "%.2f" : "%.3g", v);
        return unit.isEmpty() ? n : n + " " + unit;
    }

    private static Data data(TuneResult r, String metric, List<TrialResult> trials, List<HtmlFormat.ChartRun> runs,
                             List<String> labels) {
        Map<Integer, Step> stepOf = new HashMap<>();
        r.steps().forEach(s -> s.trials().forEach(seq -> stepOf.put(seq, s)));
        Map<Integer, TrialResult> bySeq = new HashMap<>();
        List<TrialPoint> points = new ArrayList<>();
        for (TrialResult t : trials) {
            bySeq.put(t.seq(), t);
            Step s = stepOf.get(t.seq());
            points.add(new TrialPoint(t.seq(), s == null ? "baseline" : t.arm(), s == null ? -1 : s.index(), t.flags(),
                    t.outcome(), t.metric(metric), t.seconds()));
        }
        String effect = "ratio";
        List<StepData> steps = new ArrayList<>();
        for (Step s : r.steps()) {
            List<RoundData> rounds = new ArrayList<>();
            if (s.first() != null) {
                effect = s.first().effect();
                rounds.add(round("round 1", s.first(), s.reference(), s.firstRound(), bySeq, metric));
            }
            if (s.pooled() != null) {
                List<Integer> both = new ArrayList<>(s.firstRound());
                both.addAll(s.confirmRound());
                rounds.add(round("both rounds", s.pooled(), s.reference(), both, bySeq, metric));
            }
            steps.add(new StepData(s.index(), (s.index() + 1) + ". " + s.candidate().changeLine(),
                    s.accepted(), rounds, s.trials().isEmpty() ? -1 : s.trials().get(0),
                    s.trials().isEmpty() ? -1 : s.trials().get(s.trials().size() - 1)));
        }
        return new Data("tune", metric, Metrics.unit(metric), effect, points, steps, runs, labels);
    }

    /** A round's dots: the best's reference trials and the step's arm A on the A side, arm B on the other. */
    private static RoundData round(String name, Comparison c, List<Integer> reused, List<Integer> seqs,
                                   Map<Integer, TrialResult> bySeq, String metric) {
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        for (int seq : reused) {
            TrialResult t = bySeq.get(seq);
            if (t != null && !Double.isNaN(t.metric(metric))) {
                a.add(t.metric(metric));
            }
        }
        for (int seq : seqs) {
            TrialResult t = bySeq.get(seq);
            if (t != null && !Double.isNaN(t.metric(metric))) {
                (t.arm().equals("A") ? a : b).add(t.metric(metric));
            }
        }
        return new RoundData(name, c.value(), c.ciLow(), c.ciHigh(), c.pValue(),
                c.verdict().name().toLowerCase(Locale.ROOT), c.medianA(), a, b);
    }
}
