package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The run's pauses of one class - a kind, what triggered it, what went wrong in it - and how they fared against
 * the pause goal. A rule says which pauses it is about by class (Full GCs nobody asked for, young pauses, pauses
 * that failed evacuation, collections metaspace started ...), and its cost is the sum over those classes: the
 * goal may be known only at the end, so the figures are computed then, from the {@link PauseSeries}, which keeps
 * each pause's class as a small code.
 *
 * @param kind          the pauses' kind
 * @param trigger       what started them, from the logged cause
 * @param incidents     what went wrong in them (empty for most)
 * @param pauses        how many
 * @param totalMs       their summed duration
 * @param startUpPauses how many came before warm-up ended ({@link Analysis.SteadyState})
 * @param overGoal      steady-state pauses longer than the pause goal; -1 without a goal
 * @param overGoalMs    their summed excess over the goal: the sum of (pause - goal) over them; NaN without a goal
 * @param firstSec      the first pause's start
 * @param lastSec       the last one's
 */
public record PauseClass(GcKind kind, Trigger trigger, Set<GcIncident> incidents, long pauses, double totalMs,
                         long startUpPauses, long overGoal, double overGoalMs, double firstSec, double lastSec) {

    public PauseClass {
        incidents = incidents.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(incidents));
    }

    /** What started a collection, as the rules tell causes apart. */
    public enum Trigger {
        /** The collector's own reasons: allocation, occupancy, ergonomics, a cause the rules do not single out. */
        OTHER,
        /** The application's {@code System.gc()} (JDK 6's "System"). */
        SYSTEM_GC,
        /** A tool asked for it: jcmd, a heap dump or inspection, a JVMTI agent. */
        TOOL,
        /** Class metadata reached its high-water mark, or could not grow. */
        METADATA,
        /** A G1 humongous allocation. */
        HUMONGOUS,
        /** The JIT's code cache needed room (JDK 19+). */
        CODE_CACHE;

        /** Causes of collections somebody asked for: the application, or a tool. */
        public static final Set<String> REQUESTED = Set.of("System.gc()", "System", "Diagnostic Command",
                "Heap Inspection Initiated GC", "Heap Dump Initiated GC", "JvmtiEnv ForceGarbageCollection");

        public static Trigger of(String cause) {
            return switch (cause) {
                case "System.gc()", "System" -> SYSTEM_GC;
                case "Metadata GC Threshold", "Last ditch collection" -> METADATA;
                default -> REQUESTED.contains(cause) ? TOOL : cause.contains("Humongous") ? HUMONGOUS
                        : cause.startsWith("CodeCache GC") ? CODE_CACHE : OTHER;
            };
        }

        /** Whether somebody asked for the collection: it says nothing of what the heap needed. */
        public boolean requested() {
            return this == SYSTEM_GC || this == TOOL;
        }
    }

    // ---------------------------------------------------------------- the code a PauseSeries keeps per pause

    private static final int KIND_BITS = 4;
    private static final int TRIGGER_BITS = 3;
    private static final GcKind[] KINDS = GcKind.values();
    private static final Trigger[] TRIGGERS = Trigger.values();
    private static final GcIncident[] INCIDENTS = GcIncident.values();

    /** A pause's class in one int: kind, trigger, incidents as bits. */
    static int code(GcEvent e) {
        int incidents = 0;
        for (GcIncident i : e.incidents()) {
            incidents |= 1 << i.ordinal();
        }
        return e.kind().ordinal() | Trigger.of(e.cause()).ordinal() << KIND_BITS
                | incidents << (KIND_BITS + TRIGGER_BITS);
    }

    static GcKind kindOf(int code) {
        return KINDS[code & (1 << KIND_BITS) - 1];
    }

    static Trigger triggerOf(int code) {
        return TRIGGERS[code >>> KIND_BITS & (1 << TRIGGER_BITS) - 1];
    }

    static Set<GcIncident> incidentsOf(int code) {
        int bits = code >>> (KIND_BITS + TRIGGER_BITS);
        Set<GcIncident> out = EnumSet.noneOf(GcIncident.class);
        for (GcIncident i : INCIDENTS) {
            if ((bits & 1 << i.ordinal()) != 0) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * The classes of the kept pauses, in the order of kind, trigger and incidents; counts and times scaled back by
     * the series' sampling stride.
     *
     * @param steadyFrom index of the first steady-state pause
     * @param goalMs     the pause goal, NaN without one
     */
    static List<PauseClass> of(PauseSeries series, int steadyFrom, double goalMs) {
        Map<Integer, double[]> sums = new TreeMap<>();
        boolean goal = !Double.isNaN(goalMs);
        for (int i = 0; i < series.size(); i++) {
            double ms = series.ms(i);
            double t = series.time(i);
            // pauses, totalMs, startUpPauses, overGoal, overGoalMs, firstSec, lastSec
            double[] s = sums.computeIfAbsent(series.code(i), c -> new double[] {0, 0, 0, 0, 0, t, t});
            s[0]++;
            s[1] += ms;
            if (i < steadyFrom) {
                s[2]++;
            } else if (goal && ms > goalMs) {
                s[3]++;
                s[4] += ms - goalMs;
            }
            s[5] = Double.isNaN(s[5]) ? t : s[5];
            s[6] = Double.isNaN(t) ? s[6] : t;
        }
        long stride = series.stride();
        List<PauseClass> out = new ArrayList<>();
        sums.forEach((code, s) -> out.add(new PauseClass(kindOf(code), triggerOf(code), incidentsOf(code),
                (long) s[0] * stride, s[1] * stride, (long) s[2] * stride, goal ? (long) s[3] * stride : -1,
                goal ? s[4] * stride : Double.NaN, s[5], s[6])));
        out.sort(Comparator.comparing(PauseClass::kind).thenComparing(PauseClass::trigger)
                .thenComparing((PauseClass c) -> c.incidents().toString()));
        return List.copyOf(out);
    }
}
