package dev.jvmtune.report;

import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.KeyFigure;
import dev.jvmtune.core.run.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * One row per run, for spreadsheets and scripts: the run, collector and JDK, the {@link KeyFigure}s under their
 * stable names, whether the goal was met, the number of findings, the top finding with its cost (and why it is unsure,
 * where it is) and the verdict's flag line.
 * Written by {@link CsvTable} (RFC 4180, no terminal controls, no formulas, figures rounded as in JSON); unknown
 * figures are empty.
 */
final class CsvFormat implements RunFormat {

    @Override
    public void write(List<Run> runs, OutputStream out) throws IOException {
        CsvTable w = new CsvTable(out);
        List<String> header = new ArrayList<>(List.of("run", "collector", "jdk"));
        for (KeyFigure f : KeyFigure.values()) {
            header.add(f.metric());
        }
        header.addAll(List.of("goalMet", "findings", "topFinding", "topFindingCost", "topFindingUnsure", "flags"));
        w.row(header);
        for (Run run : runs) {
            List<String> row = new ArrayList<>(List.of(run.name(), run.jvm().collector().label(),
                    run.jvm().version() == null ? "" : run.jvm().version()));
            for (KeyFigure f : KeyFigure.values()) {
                row.add(CsvTable.figure(f.of(run.summary())));
            }
            row.add(run.verdict().goalMet() == null ? "" : run.verdict().goalMet().toString());
            row.add(Integer.toString(run.findings().size()));
            Finding top = run.findings().isEmpty() ? null : run.findings().get(0);
            row.add(top == null ? "" : top.ruleId());
            row.add(top == null ? "" : top.cost().describe());
            row.add(top == null || top.unsure() == null ? "" : top.unsure());
            row.add(String.join(" ", run.verdict().flags()));
            w.row(row);
        }
        w.flush();
    }
}
