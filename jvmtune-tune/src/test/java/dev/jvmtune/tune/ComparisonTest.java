package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    @Test
    void exactMannWhitneyForSmallSamples() {
        // complete separation of 3 and 3: 1 arrangement of C(6,3) = 20
        assertEquals(1 / 20.0, Comparison.mannWhitneyP(new double[] {10, 11, 12}, new double[] {7, 8, 9}), 1e-12);
        // one inversion: U = 1, P(U <= 1) = 2/20
        assertEquals(2 / 20.0, Comparison.mannWhitneyP(new double[] {8.5, 11, 12}, new double[] {7, 8, 9}), 1e-12);
        // the other way round: nearly certain to be this high by chance
        assertEquals(1.0, Comparison.mannWhitneyP(new double[] {7, 8, 9}, new double[] {10, 11, 12}), 1e-12);
        // 6 and 6 separated: 1 / C(12,6) = 1/924
        assertEquals(1 / 924.0, Comparison.mannWhitneyP(new double[] {7, 8, 9, 10, 11, 12},
                new double[] {1, 2, 3, 4, 5, 6}), 1e-12);
    }

    @Test
    void directionFollowsTheMetric() {
        double[] a = {10, 10.5, 11};
        double[] b = {6, 6.2, 6.4};
        Comparison wall = Comparison.of("wall", a, b, 0.05, 1);
        assertEquals(Comparison.Verdict.BETTER, wall.verdict());
        assertTrue(wall.ciHigh() < 1);
        assertEquals(Comparison.Verdict.WORSE, Comparison.of("throughput", a, b, 0.05, 1).verdict());
        assertEquals(Comparison.Verdict.BETTER, Comparison.of("throughput", b, a, 0.05, 1).verdict());
        assertEquals(Comparison.Verdict.WITHIN_NOISE, Comparison.of("wall", a, new double[] {9, 12, 10.2}, 0.05, 1)
                .verdict());
    }

    /**
     * The tuner's two rounds (first at alpha, pooled at alpha / 5) on pure noise: how often would a
     * candidate that changes nothing be accepted? Measured here over 4000 simulated candidates.
     */
    @Test
    void twoRoundsAcceptNoiseRarely() {
        SplittableRandom rnd = new SplittableRandom(42);
        int accepted = 0;
        int firstPassed = 0;
        int n = 4000;
        for (int i = 0; i < n; i++) {
            double[] a1 = noise(rnd, 3);
            double[] b1 = noise(rnd, 3);
            if (Comparison.of("wall", a1, b1, 0.05, i).verdict() != Comparison.Verdict.BETTER) {
                continue;
            }
            firstPassed++;
            double[] a = concat(a1, noise(rnd, 3));
            double[] b = concat(b1, noise(rnd, 3));
            if (Comparison.of("wall", a, b, 0.01, i).verdict() == Comparison.Verdict.BETTER) {
                accepted++;
            }
        }
        assertTrue(firstPassed < 0.07 * n, "first round at alpha 0.05: " + firstPassed);
        assertTrue(accepted < 0.01 * n, "accepted noise " + accepted + " of " + n);
    }

    private static double[] noise(SplittableRandom rnd, int k) {
        double[] x = new double[k];
        for (int i = 0; i < k; i++) {
            x[i] = 1 + rnd.nextDouble();
        }
        return x;
    }

    private static double[] concat(double[] x, double[] y) {
        double[] out = new double[x.length + y.length];
        System.arraycopy(x, 0, out, 0, x.length);
        System.arraycopy(y, 0, out, x.length, y.length);
        return out;
    }
}
