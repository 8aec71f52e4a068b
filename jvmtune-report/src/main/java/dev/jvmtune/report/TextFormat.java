package dev.jvmtune.report;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.Verdict;
import dev.jvmtune.core.run.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The human-readable summary of {@code analyze}: plain text that can be pasted into a bug report. The head, the
 * verdict, the findings, the pause table, the {@link Summary} figures, notes and the inputs' problems; runs are
 * separated by a blank line.
 */
final class TextFormat implements RunFormat {

    @Override
    public void write(List<Run> runs, OutputStream out) throws IOException {
        PrintWriter w = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        for (int i = 0; i < runs.size(); i++) {
            if (i > 0) {
                w.println();
            }
            write(runs.get(i), w);
        }
        w.flush();
    }

    private static void write(Run run, PrintWriter out) {
        out.println("== " + run.name());
        for (Summary.Line l : Summary.head(run)) {
            out.printf(Locale.ROOT, "%-10s%s%n", l.label(), l.text());
        }
        out.println();
        verdict(out, run.verdict());
        findings(out, run.findings());
        Analysis a = run.summary();
        out.printf(Locale.ROOT, "%-18s %7s %11s %9s %9s %9s %9s %9s %9s%n", "Pauses (ms)", "count", "total",
                "mean", "p50", "p90", "p99", "p99.9", "max");
        row(out, "all", a.pauses());
        for (Map.Entry<GcKind, PauseStats> e : a.pausesByKind().entrySet()) {
            row(out, "  " + e.getKey().name().toLowerCase(Locale.ROOT).replace('_', ' '), e.getValue());
        }
        if (!Double.isNaN(a.steadyState().warmupEndSec())) {
            row(out, "steady state", a.steadyState().pauses());
        }
        out.println();
        for (Summary.Line l : Summary.figures(a)) {
            out.printf(Locale.ROOT, "%-16s%s%n", l.label(), l.text());
        }
        List<String> notes = Summary.notes(run);
        if (!notes.isEmpty()) {
            out.println();
            for (String n : notes) {
                out.println("note: " + n);
            }
        }
        for (String p : Summary.inputProblems(run)) {
            out.println(p);
        }
    }

    /** The lines the report starts with: goal met or not, the top findings, the flag line to paste. */
    private static void verdict(PrintWriter out, Verdict v) {
        out.println("Verdict   " + v.goal());
        for (String gap : v.incomplete()) {
            out.println("Incomplete " + gap);
        }
        for (int i = 0; i < v.top().size(); i++) {
            Finding f = v.top().get(i);
            out.println("  " + (i + 1) + ". " + f.title() + "  [" + f.severity() + ", " + f.ruleId()
                    + (f.unsure() == null ? "" : ", unsure") + "]");
            out.println("     costs " + f.cost().describe());
        }
        if (!v.flags().isEmpty()) {
            out.println("Flags     " + String.join(" ", v.flags()));
        }
        for (String c : v.conflicts()) {
            out.println("          (" + c + ")");
        }
        if (!v.alternative().isEmpty()) {
            out.println("Or        " + String.join(" ", v.alternative()) + "  (another collector: see collector-for-goal)");
        }
        out.println();
    }

    /** The findings first: what a person reads before the figures that back them. */
    private static void findings(PrintWriter out, List<Finding> findings) {
        if (findings.isEmpty()) {
            out.println("Findings  none of the rules fired");
            out.println();
            return;
        }
        out.println("Findings");
        for (Finding f : findings) {
            out.printf(Locale.ROOT, "  %-8s %s  [%s, score %d]%n", f.severity(), f.title(), f.ruleId(), f.score());
            if (f.unsure() != null) {
                out.println("             unsure: " + f.unsure());
            }
            for (String e : f.evidence()) {
                out.println("             " + e);
            }
            out.println("           costs " + f.cost().describe());
            out.println("             = " + String.join("; ", f.cost().figures()));
            out.println("             from " + f.cost().basis().describe());
            if (f.recommendation() != null && (!f.recommendation().options().isEmpty()
                    || !f.recommendation().arithmetic().isEmpty())) {
                out.println(f.recommendation().options().isEmpty() ? "           no flag:"
                        : "           try: " + String.join(" ", f.recommendation().options()));
                for (String step : f.recommendation().arithmetic()) {
                    out.println("             - " + step);
                }
            }
        }
        out.println();
    }

    private static void row(PrintWriter out, String label, PauseStats p) {
        out.printf(Locale.ROOT, "%-18s %7d %11s %9s %9s %9s %9s %9s %9s%n", label, p.count(), Summary.ms(p.totalMs()),
                Summary.ms(p.meanMs()), Summary.ms(p.p50Ms()), Summary.ms(p.p90Ms()), Summary.ms(p.p99Ms()),
                Summary.ms(p.p999Ms()), Summary.ms(p.maxMs()));
    }
}
