package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Goals no trial can meet, or that mean nothing on the baseline, and budgets without room for one A/B. */
class TuneGoalsTest {

    @TempDir
    Path tmp;

    private CliRun tune(String goal, String... options) {
        List<String> args = new ArrayList<>(List.of("tune", "--out", tmp.resolve("out").toString(), "--db",
                tmp.resolve("jvmtune.db").toString(), "--goal", goal));
        args.addAll(List.of(options));
        args.addAll(List.of("--", "sh", "-c", "echo '{\"wallSec\":0.1,\"zero\":0}' > $JVMTUNE_METRICS"));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void impossibleGoalsAndBudgetsAreRefusedBeforeTheFirstTrial() {
        for (String[] c : new String[][] {{"gc.throughput >= 150%"}, {"wall <= -120%"}, {"throughput >= 0"},
                {"metrics.wallSec <= -20%", "--max-trials", "5"}, {"metrics.wallSec <= -20%", "--repeats", "2"}}) {
            String[] options = java.util.Arrays.copyOfRange(c, 1, c.length);
            CliRun r = tune(c[0], options);
            assertEquals(Main.USAGE, r.exit(), String.join(" ", c) + ": " + r.err());
            assertTrue(r.err().startsWith("jvmtune: "), r.err());
            assertFalse(r.err().strip().contains("\n"), r.err());
            assertFalse(Files.exists(tmp.resolve("out/trials")), "no trial ran for " + String.join(" ", c));
        }
    }

    @Test
    void aRelativeGoalOnABaselineOfZeroIsNotMet() {
        CliRun r = tune("metrics.zero >= +50%");
        assertEquals(Main.PROGRAM_FAILED, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("cannot be judged on this baseline: the baseline's median metrics.zero is 0"),
                r.out());
        assertFalse(r.out().contains("goal met"), r.out());
    }
}
