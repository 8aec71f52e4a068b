package dev.jvmtune.report.html;

import static dev.jvmtune.report.ExperimentReport.num;
import static dev.jvmtune.report.html.HtmlText.escape;

import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.lab.experiment.ExperimentSpec;
import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.stats.Comparison;
import dev.jvmtune.lab.stats.ExperimentSummary;
import dev.jvmtune.lab.stats.SweepLine;
import dev.jvmtune.lab.stats.Verdict;
import dev.jvmtune.lab.store.ExperimentRow;
import dev.jvmtune.lab.store.StoredTrial;
import dev.jvmtune.report.Experiment;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * An experiment as a single-file HTML page in the style of the GC report (same template, escaping and inlined
 * chart library): its facts, the metric against the numeric parameter with every trial as a point and one
 * fitted line per configuration (failed trials, Full-GC knee and capacity marked), and the comparisons.
 */
public final class ExperimentHtml {

    private ExperimentHtml() {
    }

    /** What the page's script reads: per configuration its line and trials (see {@link #data}). */
    record Data(String mode, String metric, String param, String unit, String slopeUnit, List<Config> configs) {
    }

    /**
     * @param points   {@code [x, y, seq]} of each OK trial
     * @param failures {@code [x, y, seq, outcome]} of each other trial
     */
    record Config(String name, double slope, double intercept, Double capacity, Double knee, List<double[]> points,
                  List<List<Object>> failures) {
    }

    /** The page of {@code e}, naming {@code version} as the jvmtune that wrote it. */
    public static void write(Experiment e, String version, OutputStream out) throws IOException {
        ExperimentSummary s = e.summary();
        ExperimentRow row = e.row();
        ExperimentSpec spec = e.spec();
        List<StoredTrial> trials = e.trials();
        StringBuilder b = new StringBuilder(1 << 14);
        HtmlFormat.head(b, "Experiment", s.experimentId(), version);
        facts(b, s, row, spec, trials);
        if (!s.sweeps().isEmpty()) { // without a numeric parameter the tables say it all
            b.append("<div class=\"charts\" data-experiment=\"1\"></div>\n");
        }
        sweeps(b, s);
        comparisons(b, s);
        footprints(b, s);
        limits(b, s);
        HtmlFormat.tail(b, HtmlFormat.json(data(s, trials)), out);
    }

    private static void facts(StringBuilder b, ExperimentSummary s, ExperimentRow row, ExperimentSpec spec,
                              List<StoredTrial> trials) {
        Map<String, String> jdks = new TreeMap<>();
        trials.forEach(t -> jdks.putIfAbsent(t.jdk(), t.jdkVersion()));
        String what = spec.workload() != null ? "workload " + spec.workload()
                : "command " + String.join(" ", spec.command());
        b.append("<section class=\"run\"><div class=\"run-head\"><h2>").append(escape(spec.name()))
                .append("</h2><p class=\"jvm\">").append(escape(what)).append(" &middot; created ")
                .append(escape(created(row.created()))).append("</p></div>\n<div class=\"figures\">");
        int measured = s.outcomes().values().stream().mapToInt(Integer::intValue).sum();
        figure(b, "trials measured", Integer.toString(measured), s.outcomes().entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", ")),
                !s.outcomes().keySet().stream().allMatch("OK"::equals));
        figure(b, "JDKs", String.join(", ", spec.jdks()), jdks.entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", ")), false);
        figure(b, "configurations", Integer.toString(spec.jdks().size() * spec.flagSets().size()),
                spec.flagSets().size() + " flag sets x " + spec.jdks().size() + " JDKs", false);
        figure(b, "metric", s.metric(), s.param() == null ? "no numeric parameter" : "against " + s.param(), false);
        figure(b, "seed", Long.toString(row.seed()), "of the trial order; also the bootstrap's", false);
        b.append("</div>\n<h3>Flag sets</h3><table><tbody>");
        spec.flagSets().forEach((name, flags) -> b.append("<tr><td>").append(escape(name)).append("</td><td><code>")
                .append(escape(flags)).append("</code></td></tr>"));
        b.append("</tbody></table>\n<details class=\"warnings\"><summary>Spec as stored</summary><pre>")
                .append(escape(row.spec())).append("</pre></details></section>\n");
    }

    /** "2026-11-23T09:14:29.735309097Z" -> "2026-11-23 09:14:29 UTC"; anything else as stored. */
    private static String created(String iso) {
        return iso.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d.*Z")
                ? iso.substring(0, 10) + " " + iso.substring(11, 19) + " UTC" : iso;
    }

    private static void figure(StringBuilder b, String label, String value, String note, boolean bad) {
        b.append("<div class=\"card").append(bad ? " bad" : "").append(value.length() > 10 ? " long" : "")
                .append("\"><div class=\"label\">").append(escape(label)).append("</div><div class=\"value\">")
                .append(escape(value)).append("</div><div class=\"note\">").append(escape(note)).append("</div></div>");
    }

    /** A table's head: the first column left, the others right-aligned figures. */
    private static void tableHead(StringBuilder b, String title, String... columns) {
        b.append("<section class=\"compare\"><h3>").append(escape(title))
                .append("</h3><table class=\"num\"><thead><tr>");
        for (String c : columns) {
            b.append("<th>").append(escape(c)).append("</th>");
        }
        b.append("</tr></thead><tbody>");
    }

    /** A row of escaped cells, the last one with class {@code lastClass} (better, worse or none). */
    private static void row(StringBuilder b, String lastClass, String... cells) {
        b.append("<tr>");
        for (int i = 0; i < cells.length; i++) {
            b.append(i == cells.length - 1 && !lastClass.isEmpty() ? "<td class=\"" + lastClass + "\">" : "<td>")
                    .append(escape(cells[i])).append("</td>");
        }
        b.append("</tr>");
    }

    private static void tableEnd(StringBuilder b, String note) {
        b.append("</tbody></table><p class=\"sides\">").append(escape(note)).append("</p></section>\n");
    }

    private static void sweeps(StringBuilder b, ExperimentSummary s) {
        if (s.sweeps().isEmpty()) {
            return;
        }
        tableHead(b, "Lines over " + s.param(), "configuration", "slope (" + slopeUnit(s) + ")", "intercept", "R\u00b2",
                "points", "capacity", "Full-GC knee", "first failure");
        for (SweepLine l : s.sweeps()) {
            row(b, l.firstFailure() == null ? "" : "worse", l.config(), num(l.slope()), num(l.intercept()),
                    Double.isNaN(l.rSquare()) ? "-" : Rounding.text("%.3f", l.rSquare()),
                    Integer.toString(l.points()), l.capacity() == null ? "none" : num(l.capacity()),
                    l.fullGcKnee() == null ? "none" : num(l.fullGcKnee()),
                    l.firstFailure() == null ? "none" : l.firstFailure());
        }
        tableEnd(b, "Least squares over the trials that finished OK. Capacity: the largest " + s.param()
                + " at which every trial finished OK; knee: the first at which most trials had a Full GC.");
    }

    private static void comparisons(StringBuilder b, ExperimentSummary s) {
        if (s.comparisons().isEmpty()) {
            return;
        }
        tableHead(b, "Comparisons of " + s.metric(), "candidate vs baseline", "at", "n", "median baseline",
                "median candidate", "effect [95% CI]", "p", "verdict");
        for (ExperimentSummary.CellComparison cc : s.comparisons()) {
            Comparison c = cc.comparison();
            String effect = Double.isNaN(c.value()) ? "too few OK trials"
                    : (c.effect().equals("ratio") ? "x" : "+") + num(c.value())
                    + " [" + num(c.ciLow()) + ", " + num(c.ciHigh()) + "]";
            row(b, c.verdict() == Verdict.WITHIN_NOISE ? "" : c.verdict().name().toLowerCase(Locale.ROOT),
                    cc.candidate() + " vs " + cc.baseline(),
                    cc.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.joining(" ")),
                    c.nB() + " / " + c.nA(), num(c.medianA()), num(c.medianB()), effect,
                    Double.isNaN(c.pValue()) ? "-" : Rounding.text("%.3f", c.pValue()),
                    c.verdict() == Verdict.WITHIN_NOISE ? "within noise" : c.verdict().name().toLowerCase(Locale.ROOT));
        }
        tableEnd(b, "Effect: median candidate / median baseline (or their difference where a median can be 0), "
                + "seeded bootstrap interval; p: two-sided Mann-Whitney U.");
    }

    /** Per cell the footprint at the JVM's resident peak, medians in MiB. */
    private static void footprints(StringBuilder b, ExperimentSummary s) {
        if (s.footprints().isEmpty()) {
            return;
        }
        List<String> parts = new java.util.ArrayList<>();
        s.footprints().forEach(f -> f.partsBytes().keySet().forEach(k -> {
            if (!parts.contains(k)) {
                parts.add(k);
            }
        }));
        List<String> columns = new java.util.ArrayList<>(List.of("configuration", "at", "trials", "RSS MiB",
                "heap resident MiB"));
        parts.forEach(k -> columns.add(dev.jvmtune.core.memory.MemoryPart.ofKey(k).map(p -> p.label()).orElse(k)
                + " MiB"));
        columns.add("threads");
        tableHead(b, "Footprint at the JVM's resident peak", columns.toArray(String[]::new));
        for (dev.jvmtune.lab.stats.FootprintMedians f : s.footprints()) {
            List<String> cells = new java.util.ArrayList<>(List.of(f.config(), params(f.params()),
                    Integer.toString(f.trials()), mib(f.rssPeakBytes()), mib(f.heapResidentBytes())));
            parts.forEach(k -> cells.add(mib(f.partsBytes().getOrDefault(k, Double.NaN))));
            cells.add(num(f.threads()));
            row(b, "", cells.toArray(String[]::new));
        }
        tableEnd(b, "Medians over every trial of the cell. RSS: the JVM's own high-water mark (VmHWM); heap "
                + "resident: the heap's pages in memory (smaps); the parts: committed memory from Native Memory "
                + "Tracking at the sample nearest the peak (docs/memory.md).");
    }

    /** Per configuration over the memory limits: the smallest that held, where GC overhead climbs. */
    private static void limits(StringBuilder b, ExperimentSummary s) {
        if (s.limits().isEmpty()) {
            return;
        }
        tableHead(b, "Memory limits", "configuration", "at", "limit", "OK", "OOM killed", "GC overhead %",
                "RSS MiB", "verdict");
        for (dev.jvmtune.lab.stats.LimitSweep l : s.limits()) {
            for (dev.jvmtune.lab.stats.LimitSweep.Point p : l.points()) {
                boolean held = l.smallestHeldBytes() != null && p.limitBytes() >= l.smallestHeldBytes();
                boolean climbed = l.climbsBelowBytes() != null && p.limitBytes() < l.climbsBelowBytes();
                row(b, held ? (climbed ? "" : "better") : "worse", l.config(), params(l.params()), p.limit(),
                        p.ok() + " / " + p.trials(), Integer.toString(p.oomKilled()), num(p.gcOverheadPct()),
                        mib(p.rssPeakBytes()), !held ? "does not hold" : climbed ? "holds, GC overhead climbs"
                                : p.limitBytes() == l.smallestHeldBytes() ? "smallest that holds" : "holds");
            }
        }
        tableEnd(b, "A limit holds when every trial at it and at every larger limit ended OK (none killed by the "
                + "OOM killer); GC overhead is the median share of time held up by GC, and it climbs below the "
                + "smallest limit whose overhead stays within 1.5 x that at the largest limit + 1 point.");
    }

    private static String params(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static String mib(double bytes) {
        return Double.isNaN(bytes) ? "-" : Rounding.text("%.1f", bytes / (1 << 20));
    }

    /**
     * Per configuration its OK trials as points, its line, knee and capacity; every other trial as a failure at its
     * parameter value (at its metric where it has one, else at 0).
     */
    private static Data data(ExperimentSummary s, List<StoredTrial> trials) {
        List<Config> configs = new ArrayList<>();
        for (SweepLine l : s.sweeps()) {
            List<double[]> points = new ArrayList<>();
            List<List<Object>> failures = new ArrayList<>();
            for (StoredTrial t : measured(trials, l.config())) {
                double x = x(t, s.param());
                double y = t.metric(s.metric());
                if (t.outcome().equals("OK") && Double.isFinite(x) && Double.isFinite(y)) {
                    points.add(new double[] {x, y, t.seq()});
                } else if (!t.outcome().equals("OK") && Double.isFinite(x)) {
                    failures.add(List.of(x, Double.isFinite(y) ? y : 0.0, t.seq(), t.outcome()));
                }
            }
            configs.add(new Config(l.config(), l.slope(), l.intercept(), l.capacity(), l.fullGcKnee(), points,
                    failures));
        }
        return new Data("experiment", s.metric(), s.param(), unit(s.metric()),
                s.param() == null ? null : slopeUnit(s), configs);
    }

    private static List<StoredTrial> measured(List<StoredTrial> trials, String config) {
        return trials.stream().filter(t -> !t.warmup() && t.config().equals(config)).toList();
    }

    private static double x(StoredTrial t, String param) {
        try {
            return Double.parseDouble(t.params().get(param));
        } catch (NullPointerException | NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The metric's unit as docs/lab.md gives it: times of the trial in s, pauses in ms, memory in bytes. */
    static String unit(String metric) {
        String unit = Metrics.unit(metric);
        return unit.equals("B") ? "bytes" : unit;
    }

    /** "s/day" for wall over days ("days" -> "day"); "per day" for a metric without a unit. */
    static String slopeUnit(ExperimentSummary s) {
        String p = s.param();
        String per = p.length() > 3 && p.endsWith("s") && !p.endsWith("ss") ? p.substring(0, p.length() - 1) : p;
        String unit = unit(s.metric());
        return unit.isEmpty() ? "per " + per : unit + "/" + per;
    }
}
