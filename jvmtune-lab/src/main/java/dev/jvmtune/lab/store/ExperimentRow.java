package dev.jvmtune.lab.store;

/**
 * An experiment in the store.
 *
 * @param spec     the YAML it was started from, so a resume rebuilds the same plan
 * @param seed     the seed of its trial order
 * @param planned  trials in its plan (warm-ups included)
 * @param finished trials stored so far
 */
public record ExperimentRow(String id, String name, String spec, long seed, int planned, String created,
                            String outRoot, int finished) {

    public boolean complete() {
        return finished >= planned;
    }
}
