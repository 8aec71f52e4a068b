package dev.jvmtune.tune;

import java.util.Locale;

/**
 * What became of a candidate, as a kind a program can branch on, with the one-line reason a person reads.
 *
 * @param kind   the decision
 * @param reason its figures: the comparison, the guard broken, the trial that failed
 */
public record Decision(Kind kind, String reason) {

    public enum Kind {
        /** Better than the best beyond noise over both rounds, every guard holding: the new best. */
        ACCEPTED,
        /** Not better beyond noise: within noise or worse, in round 1 or over both rounds. */
        REJECTED_NOISE,
        /** Better beyond noise, but a guard broke. */
        REJECTED_GUARD,
        /**
         * Dropped by the race before round 1 was complete: the trials it had could no longer pass round 1 whatever
         * the rest would show.
         */
        SCREENED_OUT,
        /**
         * Better in round 1, but not worth confirming: even accepted at the effect round 1 saw, the goal would stay
         * beyond what flags can give.
         */
        OUT_OF_REACH,
        /** A trial failed (an error, a timeout, out of memory) or did not report the goal's metric. */
        FAILED,
        /**
         * Undecided, the best's own trials having moved between the rounds: read from the documents of versions whose
         * race tried such a candidate once more. The race decides such a step on round 2's pairs and one more round.
         */
        MACHINE_MOVED;

        /** The kind as a person reads it: "screened out". */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /** "screened out: after 1 trial: ...": the kind, then the reason, which never names its kind itself. */
    public String describe() {
        return kind.label() + ": " + reason;
    }

    public boolean accepted() {
        return kind == Kind.ACCEPTED;
    }

    /** Whether the candidate was measured and showed no gain, as opposed to a failure. */
    public boolean measuredWithoutGain() {
        return kind == Kind.REJECTED_NOISE || kind == Kind.SCREENED_OUT;
    }
}
