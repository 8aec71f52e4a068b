package dev.jvmtune.core.rules;

import java.util.Optional;
import java.util.Set;

/**
 * One diagnosis, in the manner of JDK Mission Control's rules: an id, and an evaluation of a run's
 * analysis that either finds something, with its evidence, or stays silent.
 */
public interface Rule {

    String id();

    Optional<Finding> evaluate(RuleContext run);

    /** The data it rests on that an input may lack ({@link Evidence}); none where every input carries it. */
    default Set<Evidence> needs() {
        return Set.of();
    }
}
