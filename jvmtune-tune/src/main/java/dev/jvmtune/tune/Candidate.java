package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One change to try against the current best: the options to merge in, where it came from (a rule's id, {@code
 * heap:peak-live-set}, {@code search:DIMENSION}, {@code model:tpe}), why these values, and what it claims to give back
 * ({@link Claim}s, each naming its causes): an upper estimate from the evidence, by which candidates are ordered. A
 * candidate without claims comes from no evidence (the declared search space, the model).
 *
 * @param drop  settings ({@link FlagSet#key}) taken out of the best before {@code change} is merged: back to the
 *              JVM's default (a part of an accepted set tried out of it)
 * @param parts the candidates a set ({@link Compositions}) was made of; empty for one that is no set
 */
public record Candidate(String source, String title, List<String> change, List<String> arithmetic,
                        List<Claim> claims, List<String> drop, List<Candidate> parts) {

    public Candidate {
        change = List.copyOf(change);
        arithmetic = List.copyOf(arithmetic);
        claims = List.copyOf(claims);
        drop = List.copyOf(drop);
        parts = List.copyOf(parts);
    }

    public Candidate(String source, String title, List<String> change, List<String> arithmetic,
                     List<Claim> claims) {
        this(source, title, change, arithmetic, claims, List.of(), List.of());
    }

    /** A candidate from no evidence. */
    public Candidate(String source, String title, List<String> change, List<String> arithmetic) {
        this(source, title, change, arithmetic, List.of());
    }

    /** The flags this candidate makes of {@code best}. */
    public FlagSet on(FlagSet best) {
        return best.without(drop).with(change);
    }

    /** The change as one line: the options merged in, then the settings taken back to the JVM's defaults. */
    public String changeLine() {
        return String.join(" ", change) + (drop.isEmpty() ? "" : (change.isEmpty() ? "" : "; ")
                + "back to the JVM's default: " + String.join(", ", drop));
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
