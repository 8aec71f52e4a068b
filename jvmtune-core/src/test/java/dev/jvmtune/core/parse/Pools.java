package dev.jvmtune.core.parse;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.MemoryUsage;

/** For parser tests, which check the names a parser gives its pools (the analysis asks for roles). */
public final class Pools {

    private Pools() {
    }

    /** The pool of {@code e} the log names {@code name}, or null. */
    public static MemoryUsage named(GcEvent e, String name) {
        return e.pools().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }
}
