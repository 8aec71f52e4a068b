package dev.jvmtune.lab.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MannWhitneyTest {

    @Test
    void exactOneSidedForSmallSamples() {
        // complete separation of 3 and 3: 1 arrangement of C(6,3) = 20
        assertEquals(1 / 20.0, MannWhitney.pBelow(new double[] {10, 11, 12}, new double[] {7, 8, 9}), 1e-12);
        // one inversion: U = 1, P(U <= 1) = 2/20
        assertEquals(2 / 20.0, MannWhitney.pBelow(new double[] {8.5, 11, 12}, new double[] {7, 8, 9}), 1e-12);
        // the other way round: nearly certain to be this high by chance
        assertEquals(1.0, MannWhitney.pBelow(new double[] {7, 8, 9}, new double[] {10, 11, 12}), 1e-12);
        // 6 and 6 separated: 1 / C(12,6) = 1/924
        assertEquals(1 / 924.0, MannWhitney.pBelow(new double[] {7, 8, 9, 10, 11, 12},
                new double[] {1, 2, 3, 4, 5, 6}), 1e-12);
        // 40 and 40 separated: 1 / C(80,40), beyond a long's range
        double[] high = new double[40];
        double[] low = new double[40];
        for (int i = 0; i < 40; i++) {
            high[i] = 100 + i;
            low[i] = i;
        }
        assertEquals(1 / 1.0750720873334363E23, MannWhitney.pBelow(high, low) , 1e-30);
    }
}
