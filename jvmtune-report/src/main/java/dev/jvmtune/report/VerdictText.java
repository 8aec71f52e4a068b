package dev.jvmtune.report;

import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.Verdict;
import java.io.PrintStream;

/** The lines the text report starts with: goal met or not, the top findings, the flag line to paste. */
final class VerdictText {

    private VerdictText() {
    }

    static void write(PrintStream out, Verdict v) {
        out.println("Verdict   " + v.goal());
        for (String gap : v.incomplete()) {
            out.println("Incomplete " + gap);
        }
        for (int i = 0; i < v.top().size(); i++) {
            Finding f = v.top().get(i);
            out.println("  " + (i + 1) + ". " + f.title() + "  [" + f.severity() + ", " + f.ruleId() + "]");
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
}
