package dev.jvmtune.report;

import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.KeyFigure;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.text.SafeText;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One row per run, for spreadsheets and scripts: the run, collector and JDK, the {@link KeyFigure}s under their
 * stable names, whether the goal was met, the number of findings, the top finding with its cost (and why it is unsure,
 * where it is) and the verdict's flag line.
 * Cells are written by {@link SafeText#csvCell} (RFC 4180 quoting, no terminal controls, no formulas); unknown
 * figures are empty.
 */
final class CsvFormat implements RunFormat {

    @Override
    public void write(List<Run> runs, OutputStream out) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        List<String> header = new ArrayList<>(List.of("run", "collector", "jdk"));
        for (KeyFigure f : KeyFigure.values()) {
            header.add(f.metric());
        }
        header.addAll(List.of("goalMet", "findings", "topFinding", "topFindingCost", "topFindingUnsure", "flags"));
        row(w, header);
        for (Run run : runs) {
            List<String> row = new ArrayList<>(List.of(run.name(), run.jvm().collector().label(),
                    run.jvm().version() == null ? "" : run.jvm().version()));
            for (KeyFigure f : KeyFigure.values()) {
                double v = f.of(run.summary());
                row.add(Double.isNaN(v) ? "" : number(v));
            }
            row.add(run.verdict().goalMet() == null ? "" : run.verdict().goalMet().toString());
            row.add(Integer.toString(run.findings().size()));
            Finding top = run.findings().isEmpty() ? null : run.findings().get(0);
            row.add(top == null ? "" : top.ruleId());
            row.add(top == null ? "" : top.cost().describe());
            row.add(top == null || top.unsure() == null ? "" : top.unsure());
            row.add(String.join(" ", run.verdict().flags()));
            row(w, row);
        }
        w.flush();
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                : Rounding.text("%.3f", v);
    }

    private static void row(Writer w, List<String> fields) throws IOException {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                w.write(',');
            }
            w.write(SafeText.csvCell(fields.get(i)));
        }
        w.write("\r\n");
    }
}
