package dev.jvmtune.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Logs of the labelled set (docs/advice.md), made by {@code bench/labels.sh} from JVMs provoked into one condition each
 * or run healthy, whose findings are known by construction: the rules that must fire, those that may, and for a
 * healthy control nothing above INFO. Any other outcome is a regression, except the label failures the file records
 * as known (measured on the set, each with its cause in docs/advice.md); a known failure that no longer occurs is
 * printed, so its entry can go.
 */
class LabelledRunsTest {

    private static final String DIR = "/labelled/";

    /**
     * One line of {@code expected.tsv}. An allowed rule without a cap on a healthy control is one whose condition the
     * host made real (the GC threads measurably waited for a CPU): true of the run, not of the program.
     */
    record Label(String log, boolean control, double goalMs, List<String> expect, List<String> allow,
                 Set<String> known) {

        static Label parse(String line) {
            String[] c = line.split("\t", -1);
            assertEquals(6, c.length, "expected.tsv: six columns in " + line);
            return new Label(c[0], c[1].equals("control"), Double.parseDouble(c[2]), list(c[3]), list(c[4]),
                    new LinkedHashSet<>(list(c[5])));
        }

        private static List<String> list(String cell) {
            return cell.equals("-") ? List.of() : Arrays.asList(cell.split(","));
        }

        /** Whether a finding of {@code rule} at {@code severity} may appear though not expected. */
        boolean allows(String rule, Severity severity) {
            for (String entry : allow) {
                String[] parts = entry.split("<=");
                if (parts[0].equals(rule)) {
                    return parts.length == 1 || severity.compareTo(Severity.valueOf(parts[1])) <= 0;
                }
            }
            return false;
        }

        /** What the findings break of this label: {@code missed:RULE}, {@code unasked:RULE SEVERITY}, {@code above-info:...}. */
        Set<String> violations(List<Finding> findings) {
            Set<String> out = new LinkedHashSet<>();
            for (String rule : expect) {
                if (findings.stream().noneMatch(f -> f.ruleId().equals(rule))) {
                    out.add("missed:" + rule);
                }
            }
            for (Finding f : findings) {
                if (expect.contains(f.ruleId()) || allows(f.ruleId(), f.severity())) {
                    continue;
                }
                out.add("unasked:" + f.ruleId() + " " + f.severity());
                if (control && f.severity() != Severity.INFO) {
                    out.add("above-info:" + f.ruleId() + " " + f.severity());
                }
            }
            return out;
        }
    }

    @Test
    void everyLabelledLogGivesItsLabelsFindings() throws Exception {
        List<Label> labels = labels();
        assertTrue(labels.size() >= 20, "only " + labels.size() + " labelled logs");
        List<String> regressions = new ArrayList<>();
        List<String> fixed = new ArrayList<>();
        for (Label label : labels) {
            Path log = Path.of(LabelledRunsTest.class.getResource(DIR + label.log()).toURI());
            List<Run> runs = RunReader.read(LogInputs.resolve(List.of(log)).get(0),
                    RunReader.Options.DEFAULT.pauseGoal(label.goalMs()));
            assertEquals(1, runs.size(), label.log());
            Set<String> violations = label.violations(runs.get(0).findings());
            for (String v : violations) {
                if (!label.known().contains(v)) {
                    regressions.add(label.log() + ": " + v);
                }
            }
            for (String k : label.known()) {
                if (!violations.contains(k)) {
                    fixed.add(label.log() + ": " + k);
                }
            }
        }
        if (!fixed.isEmpty()) {
            System.out.println("known label failures that no longer occur (their entries in expected.tsv can go): "
                    + fixed);
        }
        if (!regressions.isEmpty()) {
            fail(regressions.size() + " findings break their labels (bench/labels.sh, docs/advice.md):\n  "
                    + String.join("\n  ", regressions));
        }
    }

    private static List<Label> labels() throws IOException, URISyntaxException {
        Path file = Path.of(LabelledRunsTest.class.getResource(DIR + "expected.tsv").toURI());
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).map(Label::parse).toList();
    }
}
