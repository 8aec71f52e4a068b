package dev.jvmtune.core.run;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.chart.RunSeries;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.RuleContext;
import dev.jvmtune.core.rules.Rules;
import dev.jvmtune.core.rules.Verdict;
import java.util.List;

/**
 * Everything jvmtune knows about one run of one JVM, computed once: the files read, the facts the log tells, the
 * analysis of its events (with the chart series when asked for), and the advice - the rules' findings and the
 * verdict, evaluated once when the run is made. Every output (text, JSON, events, HTML, CSV), the lab's metrics
 * and the tuner's candidates render or read a {@code Run}; none evaluates rules again.
 *
 * @param name     the timeline's name, with {@code (run N from line L)} when a log holds several runs
 * @param inputs   what was read from each file, with skipped lines and warnings
 * @param jvm      what the log tells about the JVM
 * @param summary  the analysis of the run's events
 * @param verdict  what a person acts on first
 * @param findings every rule's finding, most severe and best supported first
 * @param series   the chart series; {@code null} unless the read asked for them
 */
public record Run(String name, List<InputStats> inputs, JvmFacts jvm, Analysis summary, Verdict verdict,
                  List<Finding> findings, RunSeries series) {

    public Run {
        inputs = List.copyOf(inputs);
        findings = List.copyOf(findings);
    }

    /** The run of {@code summary}, with the rules evaluated on it once. */
    public static Run of(String name, List<InputStats> inputs, JvmFacts jvm, Analysis summary, RunSeries series) {
        RuleContext context = RuleContext.of(summary, jvm, inputs);
        List<Finding> findings = Rules.evaluate(context);
        return new Run(name, inputs, jvm, summary, Verdict.of(context, findings), findings, series);
    }
}
