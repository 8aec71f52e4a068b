package dev.jvmtune.tune;

import dev.jvmtune.core.options.JvmOption;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One of the JVM's own costs that flags change, as a share of a trial's time: the tuner measures each from a typical
 * trial ({@link Evidence#seconds}), every candidate names those it claims to give back ({@link Claim}), and the bound
 * is the sum over those not yet settled ({@link GoalBound}). The causes are disjoint time: a Full GC's pause is a Full
 * GC's, not a pause's; a pause while the heap still grew is heap resizing's.
 */
public enum Cause {
    /** Stop-the-world pauses other than Full GCs and those of a growing heap. */
    PAUSES("pauses"),
    /** Full GCs' pauses. */
    FULL_GCS("Full GCs"),
    /** Pauses while the heap was below the largest size it reached: what a heap fixed at its size avoids. */
    HEAP_RESIZING("heap resizing"),
    /** The concurrent GC threads' CPU, over the CPUs the program shares them with. */
    CONCURRENT_GC("concurrent GC"),
    /** A concurrent collector's read and write barriers, which no log times: an allowance of the run. */
    BARRIERS("barriers"),
    /** The JIT compilers' time, over the CPUs. */
    COMPILERS("compilers"),
    /** Threads held up waiting for the collector outside pauses (ZGC's allocation stalls, Shenandoah's pacing). */
    ALLOCATION_STALLS("allocation stalls");

    /** What the collector's settings act on: a heap's size and shape, a collector's thresholds. */
    static final Set<Cause> GC = EnumSet.of(PAUSES, FULL_GCS, HEAP_RESIZING, CONCURRENT_GC, ALLOCATION_STALLS);

    private final String label;

    Cause(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * The causes a change of these options acts on, by the setting each option holds: the JIT's settings on the
     * compilers, a collector switch on every GC cause and the barriers, thread counts on pauses and concurrent work,
     * a collector's own flags and the heap's sizes and shape on the GC's causes. Empty for options outside these (the
     * program's own properties, agents).
     */
    static Set<Cause> of(List<String> options) {
        Set<Cause> out = EnumSet.noneOf(Cause.class);
        for (String o : options) {
            JvmOption option = JvmOption.parse(o);
            String key = option.key().toLowerCase(Locale.ROOT);
            if (option.selects().isPresent()) {
                out.addAll(GC);
                out.add(BARRIERS);
            } else if (key.contains("tiered") || key.contains("codecache") || key.contains("compil")
                    || key.equals("-xint")) {
                out.add(COMPILERS);
            } else if (key.endsWith("gcthreads")) {
                out.addAll(EnumSet.of(PAUSES, FULL_GCS, CONCURRENT_GC));
            } else if (option.tunes().isPresent() || key.startsWith("-xm") || key.matches("-xx:\\w*(heap|new|tenur"
                    + "|survivor|occupancy|pretouch|gctimeratio|pausemillis)\\w*")) {
                out.addAll(GC);
            }
        }
        return out;
    }
}
