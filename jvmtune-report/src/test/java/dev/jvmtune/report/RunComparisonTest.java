package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The comparison model on real G1 logs of the corpus: one goal judges both sides, and the headline says better only
 * beyond noise (a log against itself differs in nothing; a side of few pauses is unsure, never better).
 */
class RunComparisonTest {

    /** About 3 minutes, 3,435 pauses up to 135 ms, no goal stated. */
    private static final Path MINUTES = GoldenFilesTest.corpus("unified/g1gc/minimal.log");
    /** 2.5 h, 1,395 pauses, G1's target pause time 100 ms in its ergonomics lines. */
    private static final Path GOAL = GoldenFilesTest.corpus(
            "preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log");
    /** 3 minutes, 165 pauses: too few for a bounded p99. */
    private static final Path FEW = GoldenFilesTest.corpus("preunified/g1gc/details/g1.details.cause.log");

    @Test
    void theGoalOfOneSideJudgesTheOther() throws IOException {
        Run a = read(MINUTES, RunReader.Options.DEFAULT);
        Run b = read(GOAL, RunReader.Options.DEFAULT);
        assertNull(a.summary().pauseGoal(), "A states no goal");
        RunComparison.Goal goal = RunComparison.goal("A", a, "B", b);
        assertEquals(new RunComparison.Goal(100, "G1 target pause time", "B"), goal);
        Run judgedA = RunComparison.judged(a, goal, o -> read(MINUTES, o), RunReader.Options.DEFAULT);
        assertEquals(100, judgedA.summary().pauseGoal().goalMs());
        assertEquals("G1 target pause time of B", judgedA.summary().pauseGoal().source());
        assertTrue(judgedA.summary().pauseGoal().overall().over() >= 1, "A's 135 ms pause is over 100 ms");
        assertTrue(b == RunComparison.judged(b, goal, o -> { throw new AssertionError("B read again"); },
                RunReader.Options.DEFAULT), "B, judged by its own goal, is not read again");
        RunComparison c = RunComparison.of("A", judgedA, "B", b, goal);
        Differences.Row over = c.differences().stream().filter(r -> r.key().equals("pausesOverGoal")).findFirst()
                .orElseThrow();
        assertEquals(judgedA.summary().pauseGoal().overall().over(), (long) over.a(), "the row counts A's: " + over);
        assertTrue(c.headline().text().endsWith("Both judged by the pause goal 100 ms (G1 target pause time of B)."),
                c.headline().text());
        // B's p99 (443 ms) against A's (3.4 ms), both on more than 381 pauses: clearly worse
        assertEquals("worse", claim(c, "pauseP99Ms").verdict(), c.headline().text());
    }

    @Test
    void aLogAgainstItselfShowsNoClearDifference() throws IOException {
        Run a = read(MINUTES, RunReader.Options.DEFAULT);
        RunComparison c = RunComparison.of("A", a, "B", a, RunComparison.goal("A", a, "B", a));
        assertEquals(3, c.headline().claims().size(), c.headline().text());
        for (Headline.Claim claim : c.headline().claims()) {
            assertEquals("no clear difference", claim.verdict(), claim.text());
            assertEquals(1.0, claim.ratio(), claim.text());
        }
        assertTrue(c.headline().text().startsWith("B against A: p99 pause: no clear difference (B 3.35 ms, A 3.35 ms, "
                + "1.00x)"), c.headline().text());
        assertTrue(c.headline().text().endsWith("No pause goal known (set one with --pause-goal)."), c.headline().text());
    }

    /**
     * 165 pauses have no upper bound on their p99: such a log against itself is unsure (not "no clear difference"),
     * and against the 3,435 pauses of the 3-minute log it can be found worse but never better, the same either way
     * round.
     */
    @Test
    void aSideOfFewPausesIsUnsureOnItsP99() throws IOException {
        assertEquals(381, Headline.P99_BASIS, "the fewest pauses with a bounded p99");
        Run many = read(MINUTES, RunReader.Options.DEFAULT);
        Run few = read(FEW, RunReader.Options.DEFAULT);
        assertTrue(few.summary().pauses().count() < Headline.P99_BASIS, "few: " + few.summary().pauses().count());
        assertTrue(Double.isInfinite(Headline.p99Interval(few.summary().pauses())[1]));
        double[] bounded = Headline.p99Interval(many.summary().pauses());
        PauseStats s = many.summary().pauses();
        assertTrue(bounded[0] <= s.p99Ms() && s.p99Ms() <= bounded[1] && bounded[1] <= s.maxMs(),
                "the interval holds the p99: " + List.of(bounded[0], s.p99Ms(), bounded[1]));
        Headline.Claim itself = claim(RunComparison.of("A", few, "B", few, null), "pauseP99Ms");
        assertEquals("unsure", itself.verdict(), itself.text());
        assertTrue(itself.text().startsWith("p99 pause: unsure, fewer than 381 pauses in A and B (B "), itself.text());
        String one = claim(RunComparison.of("A", many, "B", few, null), "pauseP99Ms").verdict();
        String other = claim(RunComparison.of("A", few, "B", many, null), "pauseP99Ms").verdict();
        assertTrue(one.equals("worse") || one.equals("unsure"), "the thin side is never better: " + one);
        assertEquals(one.equals("worse") ? "better" : "unsure", other, "the same judgement either way round");
    }

    private static Headline.Claim claim(RunComparison c, String key) {
        return c.headline().claims().stream().filter(x -> x.key().equals(key)).findFirst()
                .orElseThrow(() -> new AssertionError("no claim " + key + ": " + c.headline().text()));
    }

    private static Run read(Path log, RunReader.Options options) throws IOException {
        assumeTrue(Files.exists(log), "no log " + log + " (the corpus lives in ../shared/corpus)");
        List<Run> runs = RunReader.read(log, options);
        assertEquals(1, runs.size(), log + " holds one run");
        return runs.get(0);
    }
}
