package dev.jvmtune.profile;

/** Who used the CPU (or allocated): the four parts a profile is split into, which add up to its total. */
public enum ThreadCategory {
    APPLICATION("application"),
    GC("GC"),
    JIT("JIT compiler"),
    VM("other JVM");

    private final String label;

    ThreadCategory(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
