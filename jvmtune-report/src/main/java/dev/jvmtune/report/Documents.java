package dev.jvmtune.report;

import static dev.jvmtune.report.FormatType.CSV;
import static dev.jvmtune.report.FormatType.EVENTS;
import static dev.jvmtune.report.FormatType.HTML;
import static dev.jvmtune.report.FormatType.JSON;
import static dev.jvmtune.report.FormatType.TEXT;

import dev.jvmtune.core.run.Run;
import dev.jvmtune.report.html.ExperimentHtml;
import dev.jvmtune.report.html.FleetHtml;
import dev.jvmtune.report.html.HtmlFormat;
import dev.jvmtune.report.html.TuningHtml;
import dev.jvmtune.tune.TuneReport;
import java.util.List;

/**
 * Every kind of document jvmtune writes from its results, each with the formats it has (the live window's are
 * {@code dev.jvmtune.live.Watch}'s): the one family a command picks a writer from, and a golden file per format of
 * each keeps its output in review.
 */
public final class Documents {

    /** {@code analyze}: the runs read, in order. */
    public static final Formats<List<Run>> ANALYSIS = Formats.<List<Run>>of("the analysis")
            .with(TEXT, v -> new TextFormat())
            .with(JSON, JsonFormat::new)
            .with(CSV, v -> new CsvFormat())
            .with(HTML, HtmlFormat::new)
            .with(EVENTS, v -> new EventsFormat());

    /** {@code analyze A --compare B}: the headline, the goal, the differences, then both runs. */
    public static final Formats<RunComparison> COMPARISON = Formats.<RunComparison>of("the comparison")
            .with(TEXT, v -> (c, out) -> c.text(out))
            .with(JSON, v -> (c, out) -> c.json(v, out))
            .with(CSV, v -> (c, out) -> c.csv(out))
            .with(HTML, v -> new HtmlFormat(v)::compare);

    /** {@code results summary}: the summary of an experiment's trials; its page draws every trial. */
    public static final Formats<Experiment> EXPERIMENT = Formats.<Experiment>of("the experiment's summary")
            .with(TEXT, v -> (e, out) -> ExperimentReport.text(e.summary(), out))
            .with(JSON, v -> (e, out) -> ExperimentReport.json(e.summary(), out))
            .with(HTML, v -> (e, out) -> ExperimentHtml.write(e, v, out));

    /** {@code results trials}: an experiment's stored trials, one row each. */
    public static final Formats<TrialRows> TRIALS = Formats.<TrialRows>of("the trial list")
            .with(TEXT, v -> (t, out) -> TrialRows.table(t.trials(), t.metrics(), out))
            .with(JSON, v -> (t, out) -> TrialRows.json(t.trials(), t.metrics(), out))
            .with(CSV, v -> (t, out) -> TrialRows.csv(t.trials(), t.metrics(), out));

    /** {@code tune}: the session's result ({@code tune.json}), its trials and the logs of its baseline and final. */
    public static final Formats<TuningSession> TUNING = Formats.<TuningSession>of("the tuning session")
            .with(TEXT, v -> (t, out) -> TuneReport.text(t.result(), out))
            .with(JSON, v -> (t, out) -> TuneReport.json(t.result(), out))
            .with(HTML, v -> (t, out) -> TuningHtml.write(t, v, out));

    /** {@code fleet}: the tables of the fleet's views, with headline figures ({@code report.html}). */
    public static final Formats<FleetHtml.Page> FLEET = Formats.<FleetHtml.Page>of("the fleet report")
            .with(HTML, v -> (p, out) -> FleetHtml.write(p, v, out));

    private Documents() {
    }
}
