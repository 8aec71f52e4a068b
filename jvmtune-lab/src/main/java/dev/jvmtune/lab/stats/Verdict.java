package dev.jvmtune.lab.stats;

/** Of B against A, knowing which direction of the metric is better. */
public enum Verdict {
    BETTER, WORSE, WITHIN_NOISE
}
