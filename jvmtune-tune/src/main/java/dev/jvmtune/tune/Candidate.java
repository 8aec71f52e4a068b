package dev.jvmtune.tune;

import java.util.List;

/**
 * One change to try against the current best: the options to merge in, where it came from (a rule's id, or
 * {@code search:DIMENSION}), why these values, and the time it could give back (an upper estimate from the
 * evidence, in seconds of a trial; NaN without one), by which the tuner orders its candidates.
 */
public record Candidate(String source, String title, List<String> change, List<String> arithmetic, double gainSec) {

    public Candidate {
        change = List.copyOf(change);
        arithmetic = List.copyOf(arithmetic);
    }

    public Candidate(String source, String title, List<String> change, List<String> arithmetic) {
        this(source, title, change, arithmetic, Double.NaN);
    }
}
