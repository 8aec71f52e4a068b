package dev.jvmtune.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.report.html.HtmlFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Run B against run A, computed once and rendered by every format of {@link #FORMATS}
 * ({@code analyze A --compare B}: text, JSON, CSV, HTML; the tuning page's before and after): the headline, the pause goal both sides are judged by, and the
 * differences of their key figures. A comparison judges both sides by one goal: the user's, else one a side's log states (the
 * stricter where both state one); a side that had another or none is read again with it ({@link #judged}).
 *
 * @param labelA what A is called ("A", "baseline")
 * @param labelB what B is called ("B", "final")
 * @param goal   the goal both sides are judged by; null when none is known
 */
public record RunComparison(String labelA, Run a, String labelB, Run b, Goal goal, Headline headline,
                            List<Differences.Row> differences) {

    /** The formats of {@code analyze A --compare B}: the headline, the goal, the differences, then both runs. */
    public static final Formats<RunComparison> FORMATS = Formats.<RunComparison>of("the comparison")
            .with(FormatType.TEXT, v -> (c, out) -> c.text(out))
            .with(FormatType.JSON, v -> (c, out) -> c.json(v, out))
            .with(FormatType.CSV, v -> (c, out) -> c.csv(out))
            .with(FormatType.HTML, v -> new HtmlFormat(v)::compare);

    /**
     * The pause goal of a comparison.
     *
     * @param ms     the goal
     * @param source where it came from, as {@link PauseGoal#source()} names it ({@code option} for {@code --pause-goal})
     * @param side   whose log states it: a side's label, both ("A and B"), or empty for {@code --pause-goal}
     */
    public record Goal(double ms, String source, String side) {

        /** "G1 target pause time of A", "--pause-goal". */
        public String describe() {
            return source.equals("option") ? "--pause-goal" : source + (side.isEmpty() ? "" : " of " + side);
        }

        /** Whether {@code run} was judged by this goal. */
        public boolean judges(Run run) {
            PauseGoal g = run.summary().pauseGoal();
            return g != null && g.goalMs() == ms;
        }
    }

    /** How a side is read (again): with the options given, its one run. */
    @FunctionalInterface
    public interface Reader {
        Run read(RunReader.Options options) throws IOException;
    }

    /** The goal {@code a} and {@code b} are to be judged by: see the class comment. */
    public static Goal goal(String labelA, Run a, String labelB, Run b) {
        PauseGoal ga = a.summary().pauseGoal();
        PauseGoal gb = b.summary().pauseGoal();
        if (ga == null && gb == null) {
            return null;
        }
        if (ga != null && gb != null && ga.goalMs() == gb.goalMs()) {
            boolean option = ga.source().equals("option");
            return new Goal(ga.goalMs(), ga.source().equals(gb.source()) ? ga.source()
                    : ga.source() + ", " + gb.source(), option ? "" : labelA + " and " + labelB);
        }
        boolean fromA = gb == null || (ga != null && ga.goalMs() < gb.goalMs());
        PauseGoal g = fromA ? ga : gb;
        return new Goal(g.goalMs(), g.source(), fromA ? labelA : labelB);
    }

    /** {@code run} judged by {@code goal}: itself where it was, else read again by {@code reader} with the goal. */
    public static Run judged(Run run, Goal goal, Reader reader, RunReader.Options options) throws IOException {
        return goal == null || goal.judges(run) ? run : reader.read(options.pauseGoal(goal.ms(), goal.describe()));
    }

    /** The comparison of two runs judged by {@code goal} (each already judged by it: {@link #judged}). */
    public static RunComparison of(String labelA, Run a, String labelB, Run b, Goal goal) {
        return new RunComparison(labelA, a, labelB, b, goal, Headline.of(labelA, a.summary(), labelB, b.summary(), goal),
                Differences.of(a.summary(), b.summary()));
    }

    /**
     * The headline, then the table as text, then each run's report ({@link TextFormat}): a person reads it, and pastes
     * it into a bug report.
     */
    void text(OutputStream out) throws IOException {
        PrintWriter w = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        w.println(headline.text());
        w.println();
        w.println("Differences, " + labelB + " against " + labelA + " (better or worse for a latency goal)");
        w.println("  " + labelA + "  " + a.name());
        w.println("  " + labelB + "  " + b.name());
        w.printf(Locale.ROOT, "  %-22s %14s %14s %10s%n", "", labelA, labelB, labelB + " vs " + labelA);
        for (Differences.Row r : differences) {
            w.println(Rounding.text("  %-22s %14s %14s %10s  %s", r.label(), r.aText(), r.bText(),
                    r.change(), r.verdict()).stripTrailing());
        }
        w.println();
        w.flush();
        new TextFormat().write(List.of(a, b), out);
    }

    /**
     * The CSV, for spreadsheets and scripts: one row per part of the comparison, {@code section, key, label, a, b,
     * ratio, verdict, text}: the runs ({@code run}: key its label, label its name), the goal both are judged by
     * ({@code goal}: {@code pauseGoalMs}, labelled with where it comes from), the headline's claims ({@code headline},
     * as the JSON's {@code headline.claims}) and the differences ({@code difference}, text as the table reads:
     * {@code 19 -> 38 (+100.0 %)}, which the formula guard leaves as it is). Written by
     * {@link CsvTable}, as {@code analyze --format csv} is (RFC 4180, figures rounded as in JSON, no formulas).
     */
    void csv(OutputStream out) throws IOException {
        CsvTable w = new CsvTable(out);
        w.row(List.of("section", "key", "label", "a", "b", "ratio", "verdict", "text"));
        w.row(List.of("run", labelA, a.name(), "", "", "", "", ""));
        w.row(List.of("run", labelB, b.name(), "", "", "", "", ""));
        if (goal != null) {
            String ms = CsvTable.figure(goal.ms());
            w.row(List.of("goal", "pauseGoalMs", "pause goal (" + goal.describe() + ")", ms, ms, "", "", ""));
        }
        for (Headline.Claim c : headline.claims()) {
            w.row(List.of("headline", c.key(), c.label(), CsvTable.figure(c.a()), CsvTable.figure(c.b()),
                    CsvTable.figure(c.ratio()), c.verdict(), c.text()));
        }
        for (Differences.Row r : differences) {
            w.row(List.of("difference", r.key(), r.label(), CsvTable.figure(r.a()), CsvTable.figure(r.b()), "",
                    r.verdict(),
                    r.aText() + " -> " + r.bText() + (r.change().isEmpty() ? "" : " (" + r.change() + ")")));
        }
        w.flush();
    }

    /** The JSON document: the headline and goal, both runs as {@code analyze --json} maps them, and the rows. */
    record Document(int schemaVersion, JsonFormat.Tool tool, Headline headline, Goal goal, List<Run> runs,
                    List<Differences.Row> differences) {
    }

    void json(String toolVersion, OutputStream out) throws IOException {
        try (JsonGenerator g = RecordJson.FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            RecordJson.write(g, new Document(JsonFormat.SCHEMA_VERSION, new JsonFormat.Tool("jvmtune", toolVersion),
                    headline, goal, List.of(a, b), differences));
            g.writeRaw('\n');
        }
        out.flush();
    }
}
