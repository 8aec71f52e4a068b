package dev.jvmtune.lab.stats;

/**
 * The exact one-sided Mann-Whitney U test for the small samples of A/B trials (fresh JVMs cost seconds each,
 * so 2-10 a side), where the normal approximation is poor: U's distribution under "no difference" is
 * enumerated. For 3 against 3 its smallest p is 1/C(6,3) = 0.05, for 6 against 6 1/924.
 */
public final class MannWhitney {

    private MannWhitney() {
    }

    /**
     * The probability that {@code lower} lies this far below {@code reference} by chance: P(U' <= U), U counting
     * the pairs (x from {@code reference}, y from {@code lower}) with y above x, ties half. Ties make it slightly
     * conservative.
     */
    public static double pBelow(double[] reference, double[] lower) {
        double u = 0;
        for (double y : lower) {
            for (double x : reference) {
                u += y < x ? 0 : y == x ? 0.5 : 1;
            }
        }
        int n = lower.length;
        int m = reference.length;
        double[] counts = distribution(n, m, new double[n + 1][m + 1][]);
        double total = 0;
        double atMost = 0;
        for (int k = 0; k < counts.length; k++) {
            total += counts[k];
            if (k <= u + 1e-9) {
                atMost += counts[k];
            }
        }
        return atMost / total;
    }

    /**
     * counts[k]: the orderings of n and m items that give U = k, by where the largest item comes from (one of
     * the n: above all m, U grows by m; one of the m: U unchanged). Doubles, as the counts outgrow a long
     * beyond about 33 a side.
     */
    private static double[] distribution(int n, int m, double[][][] memo) {
        if (memo[n][m] != null) {
            return memo[n][m];
        }
        double[] out = new double[n * m + 1];
        if (n == 0 || m == 0) {
            out[0] = 1;
        } else {
            double[] top = distribution(n - 1, m, memo);
            for (int k = 0; k < top.length; k++) {
                out[k + m] += top[k];
            }
            double[] rest = distribution(n, m - 1, memo);
            for (int k = 0; k < rest.length; k++) {
                out[k] += rest[k];
            }
        }
        memo[n][m] = out;
        return out;
    }
}
