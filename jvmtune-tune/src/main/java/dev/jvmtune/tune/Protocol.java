package dev.jvmtune.tune;

/**
 * The A/B protocol's schedule, in one place for the tuner and its simulation ({@code TwoRoundsTest}): round 1 of
 * {@code repeats} pairs at alpha; round 2 adds pairs one at a time, and from {@link #INTERIM_FROM} trials a side the
 * pooled comparison is looked at after each pair at alpha / {@link #INTERIM_DIVISOR}: a large effect is accepted there
 * (5 against 5 all one way has an exact one-sided p of 1/252), the rest go on to the full round and the decision at
 * alpha / 5. The interim looks are stricter than the final one so that pure noise is accepted no more often than with
 * two full rounds (simulated in docs/tuner.md).
 */
final class Protocol {

    /** Trials a side from which round 2 is looked at after each pair. */
    static final int INTERIM_FROM = 5;
    /** The interim looks' alpha is the first round's divided by this. */
    static final double INTERIM_DIVISOR = 12.5;
    /** The pooled decision's alpha is the first round's divided by this. */
    static final double FINAL_DIVISOR = 5;

    private Protocol() {
    }

    /** Whether round 2 looks at the pooled comparison after a pair that brought it to {@code perArm} trials a side. */
    static boolean interimLook(int perArm, int repeats) {
        return perArm >= INTERIM_FROM && perArm < 2 * repeats;
    }
}
