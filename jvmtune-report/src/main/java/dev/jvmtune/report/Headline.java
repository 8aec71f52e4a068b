package dev.jvmtune.report;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.report.html.Figures;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The sentence a comparison opens with: which side is better on the p99 pause and on the time spent in pauses, and
 * how their allocation rates differ (a different load explains the rest), each with the ratio, and said to be no clear
 * difference where the two differ within noise, or unsure where a side's basis is too thin to tell a twofold difference.
 * Noise is judged from each side's own figures at 95 %:
 * <ul>
 *   <li>the p99: the distribution-free interval of a quantile, between the order statistics of rank
 *   {@code np -/+ 1.96 sqrt(np(1-p))}, their values read from the percentiles the analysis keeps (linear in the number of
 *   nines between them: an exponential tail); its upper end is unbounded when that rank passes the longest pause (fewer
 *   than 381 pauses), so a thin side can be found worse, never better;</li>
 *   <li>the share of time in pauses: a sum of n pauses of random lengths, relative standard error
 *   {@code sqrt(1 + cv^2) / sqrt(n)} (compound Poisson);</li>
 *   <li>the allocation rate: each collection measures the allocation since the previous one, {@code 1 / sqrt(n)}.</li>
 * </ul>
 *
 * @param text   the sentence
 * @param claims its parts, B against A
 */
public record Headline(String text, List<Claim> claims) {

    /** The two-sided 95 % normal quantile. */
    private static final double Z = 1.959964;
    private static final double P99 = 0.99;
    /** The fewest pauses whose p99 has a bounded interval: 381. */
    static final long P99_BASIS = java.util.stream.LongStream.iterate(1, n -> n + 1)
            .filter(n -> !Double.isInfinite(p99Interval(n))).findFirst().orElseThrow();

    /**
     * One figure of both sides.
     *
     * @param verdict B against A: {@code better}, {@code worse} (or {@code higher}, {@code lower} for the allocation
     *                rate, neither better nor worse), {@code no clear difference} (within noise), {@code unsure} (a side's
     *                basis is too thin)
     * @param ratio   b / a
     * @param text    the claim as the sentence says it
     */
    public record Claim(String key, String label, double a, double b, double ratio, String verdict, String text) {
    }

    /** The headline of B ({@code labelB}) against A, judged by {@code goal} (null: none known). */
    static Headline of(String labelA, Analysis a, String labelB, Analysis b, RunComparison.Goal goal) {
        List<Claim> claims = new ArrayList<>();
        PauseStats pa = a.pauses();
        PauseStats pb = b.pauses();
        if (pa.count() > 0 && pb.count() > 0) {
            double[] ia = p99Interval(pa);
            double[] ib = p99Interval(pb);
            String verdict = ib[1] < ia[0] ? "better" : ia[1] < ib[0] ? "worse"
                    : Double.isInfinite(ia[1]) || Double.isInfinite(ib[1]) ? "unsure" : "no clear difference";
            claims.add(claim("pauseP99Ms", "p99 pause", pa.p99Ms(), pb.p99Ms(), verdict, Figures::ms, labelA, labelB,
                    "fewer than " + P99_BASIS + " pauses in " + sides(Double.isInfinite(ia[1]),
                            Double.isInfinite(ib[1]), labelA, labelB)));
        }
        double shareA = pauseShare(a);
        double shareB = pauseShare(b);
        if (!Double.isNaN(shareA) && !Double.isNaN(shareB) && shareA > 0 && shareB > 0) {
            double ea = shareError(pa);
            double eb = shareError(pb);
            claims.add(claim("pauseSharePct", "time in pauses", shareA, shareB,
                    judge(shareA, shareB, ea, eb, "better", "worse"), Figures::pct, labelA, labelB,
                    "few pauses in " + sides(thin(ea), thin(eb), labelA, labelB)));
        }
        double allocA = a.allocationRateMBps();
        double allocB = b.allocationRateMBps();
        if (allocA > 0 && allocB > 0) {
            double ea = 1 / Math.sqrt(pa.count());
            double eb = 1 / Math.sqrt(pb.count());
            claims.add(claim("allocationRateMBps", "allocation rate", allocA, allocB,
                    judge(allocA, allocB, ea, eb, "lower", "higher"), Figures::rate, labelA, labelB,
                    "few collections in " + sides(thin(ea), thin(eb), labelA, labelB)));
        }
        StringBuilder text = new StringBuilder(labelB).append(" against ").append(labelA).append(": ");
        if (claims.isEmpty()) {
            text.append("no pauses to compare");
        }
        for (int i = 0; i < claims.size(); i++) {
            text.append(i == 0 ? "" : "; ").append(claims.get(i).text());
        }
        text.append(". ").append(goal == null ? "No pause goal known (set one with --pause-goal)."
                : "Both judged by the pause goal " + Figures.ms(goal.ms()) + " (" + goal.describe() + ").");
        return new Headline(text.toString(), List.copyOf(claims));
    }

    /**
     * A claim and its words: "B better on p99 pause: 4.20 ms against 9.80 ms (0.43x)", the better side first;
     * "p99 pause: no clear difference (B 9.90 ms, A 9.80 ms, 1.01x)".
     */
    private static Claim claim(String key, String label, double a, double b, String verdict,
                               DoubleFunction<String> format, String labelA, String labelB, String thin) {
        double ratio = b / a;
        String text = switch (verdict) {
            case "better", "worse" -> {
                boolean bBetter = verdict.equals("better");
                yield (bBetter ? labelB : labelA) + " better on " + label + ": " + format.apply(bBetter ? b : a)
                        + " against " + format.apply(bBetter ? a : b) + " (" + times(bBetter ? ratio : 1 / ratio) + ")";
            }
            case "higher", "lower" -> labelB + "'s " + label + " " + verdict + ": " + format.apply(b) + " against "
                    + format.apply(a) + " (" + times(ratio) + ")";
            default -> label + ": " + verdict + (verdict.equals("unsure") ? ", " + thin : "") + " (" + labelB + " "
                    + format.apply(b) + ", " + labelA + " " + format.apply(a) + ", " + times(ratio) + ")";
        };
        return new Claim(key, label, a, b, ratio, verdict, text);
    }

    /** A ratio to two decimals, or two significant digits below 0.1: "1.23x", "0.0076x", "132x". */
    private static String times(double ratio) {
        return ratio >= 0.1 || ratio == 0 ? Rounding.text(ratio < 10 ? "%.2fx" : "%,.0fx", ratio)
                : new java.math.BigDecimal(ratio).round(new java.math.MathContext(2)).toPlainString() + "x";
    }

    /**
     * B against A on a figure whose two estimates have relative standard errors {@code errorA}, {@code errorB}: clear
     * where the log of the ratio is beyond 1.96 of its standard error; else unsure where a side cannot tell a twofold
     * difference, else no clear difference.
     */
    private static String judge(double a, double b, double errorA, double errorB, String lower, String higher) {
        double logRatio = Math.log(b / a);
        if (Math.abs(logRatio) > Z * Math.sqrt(errorA * errorA + errorB * errorB)) {
            return logRatio < 0 ? lower : higher;
        }
        return thin(errorA) || thin(errorB) ? "unsure" : "no clear difference";
    }

    /** Whether an estimate of this relative standard error cannot tell a twofold difference. */
    private static boolean thin(double error) {
        return Z * error > Math.log(2);
    }

    /** "A", "B", "A and B": the sides that are thin. */
    private static String sides(boolean a, boolean b, String labelA, String labelB) {
        return a && b ? labelA + " and " + labelB : a ? labelA : labelB;
    }

    /** Percent of the log's time in pauses; NaN without a duration. */
    static double pauseShare(Analysis a) {
        return a.durationSec() > 0 ? 100 * a.pauses().totalMs() / 1000 / a.durationSec() : Double.NaN;
    }

    /** Relative standard error of the pauses' sum: compound Poisson, {@code sqrt(1 + cv^2) / sqrt(n)}. */
    private static double shareError(PauseStats s) {
        double cv = s.meanMs() > 0 ? s.stdMs() / s.meanMs() : 0;
        return Math.sqrt(1 + cv * cv) / Math.sqrt(s.count());
    }

    /** The 95 % interval of the p99 {@code [low, high]}; high is infinite where its rank passes the longest pause. */
    static double[] p99Interval(PauseStats s) {
        long n = s.count();
        double half = Z * Math.sqrt(n * P99 * (1 - P99));
        double low = Math.max(0, Math.floor(n * P99 - half));
        double high = p99Interval(n);
        return new double[] {quantile(s, low / n), Double.isInfinite(high) ? high : quantile(s, high)};
    }

    /** The quantile of the upper end of the p99's interval of {@code n} pauses; infinite past the longest pause. */
    private static double p99Interval(long n) {
        double high = Math.ceil(n * P99 + Z * Math.sqrt(n * P99 * (1 - P99)));
        return high > n ? Double.POSITIVE_INFINITY : high / n;
    }

    /**
     * The pause at quantile {@code q}, linear in the number of nines {@code -log10(1 - q)} between the percentiles
     * kept (min, p50, p90, p99, p99.9) and the longest pause, placed at {@code 1 - 1/n}.
     */
    static double quantile(PauseStats s, double q) {
        double top = Math.log10(Math.max(2, s.count()));
        double[][] known = {{0, s.minMs()}, {Math.log10(2), s.p50Ms()}, {1, s.p90Ms()}, {2, s.p99Ms()},
                {3, s.p999Ms()}};
        List<double[]> points = new ArrayList<>();
        for (double[] k : known) {
            if (k[0] < top) {
                points.add(k);
            }
        }
        points.add(new double[] {top, s.maxMs()});
        double x = q >= 1 ? top : Math.min(top, -Math.log10(1 - q));
        for (int i = 1; i < points.size(); i++) {
            double[] lo = points.get(i - 1);
            double[] hi = points.get(i);
            if (x <= hi[0]) {
                return lo[1] + (hi[1] - lo[1]) * (x - lo[0]) / (hi[0] - lo[0]);
            }
        }
        return s.maxMs();
    }
}
