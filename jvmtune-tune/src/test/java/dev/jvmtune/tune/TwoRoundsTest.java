package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.lab.stats.Compare;
import dev.jvmtune.lab.stats.Significance;
import dev.jvmtune.lab.stats.Verdict;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The tuner's A/B protocol on the lab's one-sided comparison ({@link Significance#oneSided}). */
class TwoRoundsTest {

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
            if (Compare.of("wall", a1, b1, Significance.oneSided(0.05), i).verdict() != Verdict.BETTER) {
                continue;
            }
            firstPassed++;
            double[] a = concat(a1, noise(rnd, 3));
            double[] b = concat(b1, noise(rnd, 3));
            if (Compare.of("wall", a, b, Significance.oneSided(0.01), i).verdict() == Verdict.BETTER) {
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
