package dev.jvmtune.report.html;

import dev.jvmtune.core.analysis.RunTap;
import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.SafepointEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Gathers the chart series of a timeline while {@code LogAnalysis.read} reads it: one {@link RunCharts} per
 * run, in the order of the analyses it returns.
 */
public final class ChartCollector implements RunTap {

    private final List<RunCharts> runs = new ArrayList<>(List.of(new RunCharts()));

    @Override
    public void event(GcEvent e) {
        current().event(e);
    }

    @Override
    public void safepoint(SafepointEvent s) {
        current().safepoint(s);
    }

    @Override
    public void codeCache(CodeCacheSample s) {
        current().codeCache(s);
    }

    @Override
    public void restart() {
        runs.add(new RunCharts());
    }

    private RunCharts current() {
        return runs.get(runs.size() - 1);
    }

    /** The series of each run read so far. */
    public List<RunCharts> runs() {
        return List.copyOf(runs);
    }
}
