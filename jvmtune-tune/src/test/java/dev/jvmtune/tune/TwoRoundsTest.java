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
     * The schedule with round 2's interim looks ({@link Protocol}) on values uniform in 1-2 (+-33% noise): on pure
     * noise, and for candidates 10%, 20% and 50% faster, how many are accepted and how many trials an accepted one
     * took (A and B, both rounds). Prints the table docs/tuner.md gives; holds the noise rate at 0.5% or below and
     * a 50% effect to 10 trials (5 pairs).
     */
    @Test
    void interimLooksAcceptLargeEffectsSoonerAndNoiseNoMoreOften() {
        double noise = Double.NaN;
        StringBuilder table = new StringBuilder();
        for (double effect : new double[] {0, 0.1, 0.2, 0.5}) {
            int n = effect == 0 ? 4000 : 400; // a real effect takes both rounds: fewer candidates keep the test short
            SplittableRandom rnd = new SplittableRandom(42);
            int accepted = 0;
            long trials = 0;
            for (int i = 0; i < n; i++) {
                int used = schedule(rnd, 1 - effect, 3, 0.05, i);
                if (used > 0) {
                    accepted++;
                    trials += used;
                }
            }
            if (effect == 0) {
                noise = (double) accepted / n;
            }
            table.append(String.format(java.util.Locale.ROOT, "effect %.0f%%: accepted %d of %d (%.2f%%), trials per "
                    + "accepted candidate %.2f%n", effect * 100, accepted, n, 100.0 * accepted / n,
                    accepted == 0 ? Double.NaN : (double) trials / accepted));
        }
        System.out.print(table);
        assertTrue(noise <= 0.005, "pure noise accepted: " + table);
        assertTrue(table.toString().contains("effect 50%: accepted 400 of 400 (100.00%), trials per accepted candidate "
                + "10.00"), table.toString());
    }

    /** One candidate through the schedule: the trials it took when accepted, 0 when rejected. */
    static int schedule(SplittableRandom rnd, double ratio, int repeats, double alpha, long salt) {
        double[] a = noise(rnd, repeats);
        double[] b = scaled(noise(rnd, repeats), ratio);
        if (Compare.of("wall", a, b, Significance.oneSided(alpha), salt).verdict() != Verdict.BETTER) {
            return 0;
        }
        for (int k = repeats + 1; k <= 2 * repeats; k++) {
            a = concat(a, noise(rnd, 1));
            b = concat(b, scaled(noise(rnd, 1), ratio));
            if (Protocol.interimLook(k, repeats) && Compare.of("wall", a, b, Significance.oneSided(alpha
                    / Protocol.INTERIM_DIVISOR), salt).verdict() == Verdict.BETTER) {
                return 2 * k;
            }
        }
        return Compare.of("wall", a, b, Significance.oneSided(alpha / Protocol.FINAL_DIVISOR), salt).verdict()
                == Verdict.BETTER ? 4 * repeats : 0;
    }

    private static double[] scaled(double[] x, double f) {
        for (int i = 0; i < x.length; i++) {
            x[i] *= f;
        }
        return x;
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
