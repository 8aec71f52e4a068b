package dev.jvmtune.lab.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CompareTest {

    private static final double[] A = {10.0, 10.4, 9.8, 10.1, 10.2};
    private static final double[] FASTER = {8.0, 8.3, 7.9, 8.1, 8.2};

    @Test
    void clearlyLowerTimeIsBetterWithRatioIntervalAndRankTest() {
        Comparison c = Compare.of("wall", A, FASTER, 1);
        assertEquals(Verdict.BETTER, c.verdict());
        assertEquals("ratio", c.effect());
        assertEquals(8.1 / 10.1, c.value(), 1e-12);
        assertTrue(c.ciLow() <= c.value() && c.value() <= c.ciHigh() && c.ciHigh() < 1, c.toString());
        // 5 against 5, no overlap: the exact two-sided p is 2 / C(10,5) = 0.0079
        assertEquals(2.0 / 252, c.pValue(), 1e-9);
    }

    @Test
    void directionComesFromTheMetric() {
        assertEquals(Verdict.WORSE, Compare.of("throughput", A, FASTER, 1).verdict());
        assertEquals(Verdict.WORSE, Compare.of("gc.pause.p99", FASTER, A, 1).verdict());
    }

    @Test
    void overlappingSamplesAreWithinNoise() {
        Comparison c = Compare.of("wall", A, new double[] {10.3, 9.9, 10.0, 10.5, 9.7}, 1);
        assertEquals(Verdict.WITHIN_NOISE, c.verdict());
        assertTrue(c.ciLow() < 1 && c.ciHigh() > 1);
        assertTrue(c.pValue() > 0.3);
    }

    @Test
    void threeRepeatsRestOnTheIntervalSinceTheRankTestCannotReachFivePercent() {
        assertEquals(0.1, Compare.minimumP(3, 3), 1e-12);
        assertEquals(2.0 / 70, Compare.minimumP(4, 4), 1e-12);
        Comparison c = Compare.of("wall", new double[] {10, 10.2, 10.1}, new double[] {8, 8.1, 8.2}, 7);
        assertEquals(0.1, c.pValue(), 1e-9);
        assertEquals(Verdict.BETTER, c.verdict());
    }

    @Test
    void oneSampleASideIsNoEvidence() {
        Comparison c = Compare.of("wall", new double[] {10}, new double[] {5}, 1);
        assertEquals(Verdict.WITHIN_NOISE, c.verdict());
        assertTrue(Double.isNaN(c.value()));
    }

    @Test
    void countsThatCanBeZeroAreComparedByDifference() {
        Comparison c = Compare.of("gc.fullCount", new double[] {0, 0, 0, 0}, new double[] {2, 3, 2, 2}, 1);
        assertEquals("difference", c.effect());
        assertEquals(2, c.value());
        assertEquals(Verdict.WORSE, c.verdict());
    }

    @Test
    void oneSidedLooksTheWayTheIntervalLiesAtItsOwnAlpha() {
        double[] a = {10, 10.5, 11};
        double[] b = {6, 6.2, 6.4};
        Comparison wall = Compare.of("wall", a, b, Significance.oneSided(0.05), 1);
        assertEquals(Verdict.BETTER, wall.verdict());
        assertTrue(wall.ciHigh() < 1);
        // 3 against 3 separated: 1 / C(6,3), which 0.05 admits and 0.04 does not
        assertEquals(0.05, wall.pValue(), 1e-12);
        assertEquals(Verdict.WITHIN_NOISE, Compare.of("wall", a, b, Significance.oneSided(0.04), 1).verdict());
        assertEquals(Verdict.WORSE, Compare.of("throughput", a, b, Significance.oneSided(0.05), 1).verdict());
        assertEquals(Verdict.BETTER, Compare.of("throughput", b, a, Significance.oneSided(0.05), 1).verdict());
        assertEquals(Verdict.WITHIN_NOISE, Compare.of("wall", a, new double[] {9, 12, 10.2},
                Significance.oneSided(0.05), 1).verdict());
        // two samples a side cannot reach 0.05 one-sided (1/6): never better, unlike two-sided on the interval
        assertEquals(Verdict.WITHIN_NOISE, Compare.of("wall", new double[] {10, 10.2}, new double[] {5, 5.1},
                Significance.oneSided(0.05), 1).verdict());
    }

    @Test
    void sameSeedSameInterval() {
        double[] b = {9.0, 10.6, 8.7, 9.9, 9.4};
        assertEquals(Compare.of("wall", A, b, 42), Compare.of("wall", A, b, 42));
    }
}
