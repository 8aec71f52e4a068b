package dev.jvmtune.tune;

import dev.jvmtune.lab.stats.Compare;
import dev.jvmtune.lab.stats.MannWhitney;
import dev.jvmtune.lab.stats.Significance;
import dev.jvmtune.lab.stats.Verdict;
import java.util.Arrays;

/**
 * The race's schedule, in one place for the tuner and its simulation ({@code TwoRoundsTest}): round 1 of
 * {@code repeats} trials a side at alpha, a filter, whose candidate trials run one at a time and stop as soon as
 * round 1 can no longer pass ({@link #futile}: a loser costs one trial, seldom two, instead of {@code repeats}, and
 * no decision changes); round 2 of {@code repeats} pairs, and the decision on both rounds pooled at alpha / {@link
 * #FINAL_DIVISOR}. Round 1's A side is the current best's last {@code repeats} trials where
 * they ran just before the A/B ({@link #recent}): the baseline's for the first candidate, the last A/B's afterwards.
 * They are trials of the same flags, so on an unchanging machine the statistics are those of two full rounds
 * (simulated in docs/tuner.md), at {@code repeats} trials fewer per candidate: 3 + 3 + 6 = 12 trials from the start
 * to an accepted change at the default 3. ABBA order within the A/B puts a shared machine's slow drift on both arms
 * alike; the reused trials are outside it, so they are taken only from the last 2 x repeats trials, minutes apart,
 * and checked against the best's trials of round 2 ({@link #moved}): a machine that got faster between them would
 * pass its change off as the candidate's, one that got slower would hide the candidate's. Where it moved, round 2's
 * pairs stand as round 1 at alpha, and one more round of pairs is pooled with them: 18 trials from the start.
 */
final class Protocol {

    /** The pooled decision's alpha is the first round's divided by this. */
    static final double FINAL_DIVISOR = 5;

    /** The machine moved where the best's trials of round 2 differ from the reused ones by more than this share. */
    static final double MOVED_SHARE = 0.10;

    private Protocol() {
    }

    /**
     * Whether the machine moved between the best's {@code reused} trials and its {@code later} ones (round 2's) by
     * enough to make or unmake round 1's result: the later ones lie all above or all below the reused ones, and their
     * medians differ by more than {@link #MOVED_SHARE} and by more than half of the effect round 2's pairs show
     * ({@code pairsRatio}, the candidate's median over the best's in round 2: side by side, so the move is not in it,
     * where round 1's ratio holds it and would raise the bar a move is measured against by the move itself).
     */
    static boolean moved(double[] reused, double[] later, double pairsRatio) {
        double lo = Arrays.stream(reused).min().orElse(Double.NaN);
        double hi = Arrays.stream(reused).max().orElse(Double.NaN);
        boolean apart = Arrays.stream(later).allMatch(v -> v > hi) || Arrays.stream(later).allMatch(v -> v < lo);
        double before = Compare.median(reused);
        double shift = Compare.median(later) / before;
        return before > 0 && apart && Math.abs(shift - 1) > Math.max(MOVED_SHARE, Math.abs(pairsRatio - 1) / 2);
    }

    /**
     * Whether a trial of the current best that ran {@code since} trials before the next one (1: the last trial) is
     * recent enough to stand on round 1's A side.
     */
    static boolean recent(int since, int repeats) {
        return since <= 2 * repeats;
    }

    /**
     * Whether round 1 can no longer be "better" at {@code alpha}, whatever the candidate's remaining trials show: its
     * trials {@code b} so far, completed to {@code repeats} with values better than any measured, against the best's
     * reference {@code a}, are still not better. The rank test and the bootstrap interval only move toward "better" as
     * values do, so this is exactly the trials round 1 would reject anyway.
     */
    static boolean futile(String metric, double[] a, double[] b, int repeats, double alpha, boolean higherIsBetter,
                          long seed) {
        if (b.length >= repeats) {
            return false;
        }
        boolean lower = !higherIsBetter;
        double[] best = Arrays.copyOf(b, repeats);
        double lo = Math.min(Arrays.stream(a).min().orElse(1), Arrays.stream(b).min().orElse(1));
        double hi = Math.max(Arrays.stream(a).max().orElse(1), Arrays.stream(b).max().orElse(1));
        for (int i = b.length; i < repeats; i++) {
            best[i] = higherIsBetter ? 2 * Math.abs(hi) + 1 : lo > 0 ? lo / 2 : lo - 1;
        }
        // the rank test alone first: it is exact and cheap, the bootstrap is neither
        if ((lower ? MannWhitney.pBelow(a, best) : MannWhitney.pBelow(best, a)) > alpha) {
            return true;
        }
        return Compare.of(metric, a, best, higherIsBetter, Significance.oneSided(alpha), seed).verdict()
                != Verdict.BETTER;
    }
}
