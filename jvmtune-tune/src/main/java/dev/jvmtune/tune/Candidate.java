package dev.jvmtune.tune;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One change to try against the current best: the options to merge in, where it came from (a rule's id, {@code
 * heap:peak-live-set}, {@code search:DIMENSION}, {@code model:tpe}), why these values, and what it claims to give back
 * ({@link Claim}s, each naming its causes): an upper estimate from the evidence, by which candidates are ordered. A
 * candidate without claims comes from no evidence (the declared search space, the model).
 */
public record Candidate(String source, String title, List<String> change, List<String> arithmetic,
                        List<Claim> claims) {

    public Candidate {
        change = List.copyOf(change);
        arithmetic = List.copyOf(arithmetic);
        claims = List.copyOf(claims);
    }

    /** A candidate from no evidence. */
    public Candidate(String source, String title, List<String> change, List<String> arithmetic) {
        this(source, title, change, arithmetic, List.of());
    }

    /** The time it claims to give back, s: the sum of its claims; NaN without one. */
    public double gainSec() {
        return claims.isEmpty() ? Double.NaN : claims.stream().mapToDouble(Claim::seconds).sum();
    }

    /** The causes it claims. */
    public Set<Cause> causes() {
        Set<Cause> out = EnumSet.noneOf(Cause.class);
        claims.forEach(c -> out.addAll(c.causes()));
        return out;
    }

    /** The causes it removes outright ({@link Claim#whole}). */
    public Set<Cause> wholeCauses() {
        Set<Cause> out = EnumSet.noneOf(Cause.class);
        claims.stream().filter(Claim::whole).forEach(c -> out.addAll(c.causes()));
        return out;
    }
}
