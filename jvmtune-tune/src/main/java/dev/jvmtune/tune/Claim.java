package dev.jvmtune.tune;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a candidate claims to give back: at most {@code seconds} of a typical trial's time, out of {@code causes}.
 *
 * @param whole whether the change removes the causes outright (C1 only: C2's compilations; a stop-the-world
 *              collector: concurrent GC threads and barriers), so that measuring it tells what they were worth to
 *              the program ({@link GoalBound}); a larger heap reduces its causes, it does not remove them
 */
public record Claim(Set<Cause> causes, double seconds, boolean whole) {

    public Claim {
        causes = causes.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(causes));
    }

    public static Claim of(Cause cause, double seconds, boolean whole) {
        return new Claim(EnumSet.of(cause), seconds, whole);
    }
}
