package dev.jvmtune.tune;

import java.util.List;

/**
 * One change to try against the current best: the options to merge in, where it came from (a rule's id, or
 * {@code search:DIMENSION}), and why these values.
 */
public record Candidate(String source, String title, List<String> change, List<String> arithmetic) {

    public Candidate {
        change = List.copyOf(change);
        arithmetic = List.copyOf(arithmetic);
    }
}
