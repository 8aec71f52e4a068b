package dev.jvmtune.report;

import dev.jvmtune.lab.experiment.ExperimentSpec;
import dev.jvmtune.lab.stats.ExperimentSummary;
import dev.jvmtune.lab.store.ExperimentRow;
import dev.jvmtune.lab.store.StoredTrial;
import dev.jvmtune.report.html.ExperimentHtml;
import java.util.List;

/**
 * An experiment as {@code results summary} shows it ({@link #FORMATS}): its summary (text, JSON, a CSV row per cell),
 * and for its page what the store keeps of it.
 *
 * @param row    the experiment as stored: its spec's text, seed and creation
 * @param trials its stored trials (the page draws each; warm-ups are left out as the summary leaves them out)
 */
public record Experiment(ExperimentSummary summary, ExperimentRow row, ExperimentSpec spec, List<StoredTrial> trials) {

    /** The formats of {@code results summary}: the summary of the trials; its page draws every trial. */
    public static final Formats<Experiment> FORMATS = Formats.<Experiment>of("the experiment's summary")
            .with(FormatType.TEXT, v -> (e, out) -> ExperimentReport.text(e.summary(), out))
            .with(FormatType.JSON, v -> (e, out) -> ExperimentReport.json(e.summary(), out))
            .with(FormatType.CSV, v -> (e, out) -> ExperimentReport.csv(e.summary(), out))
            .with(FormatType.HTML, v -> (e, out) -> ExperimentHtml.write(e, v, out));
}
