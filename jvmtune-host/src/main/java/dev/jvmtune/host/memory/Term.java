package dev.jvmtune.host.memory;

/**
 * One term of a memory model: a part of the JVM's memory, its size, where the size comes from and the arithmetic
 * that gives it, so that every number can be checked.
 *
 * @param name       the part ("Java heap (resident)", "thread stacks")
 * @param bytes      its size
 * @param basis      measured, the JDK's default, or assumed
 * @param arithmetic how the size follows from the measurements and the configuration, and why
 */
public record Term(String name, long bytes, Basis basis, String arithmetic) {

    /** Where a term's size comes from. */
    public enum Basis {
        /** From the measured runs (their footprint, their GC log). */
        MEASURED("measured"),
        /** A default or a layout of the JDK (the card table's byte per 512, the 1 MiB thread stack). */
        JDK_DEFAULT("JDK default"),
        /** A choice of the model, said and explained in the arithmetic. */
        ASSUMED("assumed");

        private final String label;

        Basis(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
