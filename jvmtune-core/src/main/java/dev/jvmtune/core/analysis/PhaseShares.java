package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.Phase;
import java.util.HashMap;
import java.util.Map;

/**
 * Where pause time goes, by the groups experts read a G1 or CMS pause in: evacuation (object copy),
 * root scanning (external roots, remembered sets), reference processing, remark pauses, termination, and
 * the rest. Each pause contributes only the finest phases its log gives (JDK 17 at info level names only
 * "Evacuate Collection Set"; with {@code gc+phases=debug} also its "Object Copy" and "Ext Root Scanning").
 * Reference processing is also followed over the run as a least-squares line, S1's "growing reference
 * processing".
 *
 * @param pauses              pauses with phase figures (and remark pauses, counted whole)
 * @param pauseMs             their summed pause time
 * @param evacuation          object copy ({@code Object Copy}), or the evacuation phase where it is not split
 * @param roots               root and remembered-set scanning ({@code Ext Root Scanning}, {@code Update RS},
 *                            {@code Scan RS}, {@code Merge Heap Roots}, {@code Scan Heap Roots},
 *                            {@code Code Root Scanning})
 * @param referenceProcessing reference processing ({@code Ref Proc}, {@code Reference Processing}, or the sum
 *                            of the {@code SoftReference}... lines of {@code PrintReferenceGC})
 * @param remark              remark pauses, whole
 * @param termination         work-stealing termination
 * @param other               the rest: {@code pauseMs} minus the groups above
 * @param referenceTrend      reference processing per pause over the run
 */
public record PhaseShares(long pauses, double pauseMs, Share evacuation, Share roots, Share referenceProcessing,
                          Share remark, Share termination, Share other, ReferenceTrend referenceTrend) {

    /** A group's time and its share of {@link #pauseMs()} in percent (NaN without pause time). */
    public record Share(double ms, double pct) {

        static Share of(double ms, double pauseMs) {
            return new Share(ms, pauseMs > 0 ? 100.0 * ms / pauseMs : Double.NaN);
        }
    }

    /**
     * Reference processing followed over the run as a least-squares line (S1's "growing reference processing").
     *
     * @param pauses         pauses that logged reference processing
     * @param slopeMsPerHour trend per pause over the run, ms per hour; NaN with fewer than 3 pauses, and where they
     *                       span under 6 minutes: a rate is not stated beyond 10 times the span it was measured on
     * @param firstMs        the trend line's value at the first such pause
     * @param lastMs         its value at the last
     * @param spanSec        time from the first such pause to the last
     */
    public record ReferenceTrend(long pauses, double slopeMsPerHour, double firstMs, double lastMs, double spanSec) {
    }

    /** Distinct phase paths remembered; a log cannot grow the map without bound. */
    static final int MAX_PATHS = 4096;

    private enum Group {
        COPY, EVACUATE_SET, ROOTS, REFERENCE, REFERENCE_PART, TERMINATION, NONE;

        static Group of(String name) {
            return switch (name) {
                case "Object Copy" -> COPY;
                case "Evacuate Collection Set", "Evacuate Optional Collection Set" -> EVACUATE_SET;
                case "Ext Root Scanning", "Update RS", "Scan RS", "Merge Heap Roots", "Scan Heap Roots",
                     "Code Root Scanning" -> ROOTS;
                case "Ref Proc", "Reference Processing" -> REFERENCE;
                case "SoftReference", "WeakReference", "FinalReference", "PhantomReference",
                     "JNI Weak Reference" -> REFERENCE_PART;
                case "Termination" -> TERMINATION;
                default -> NONE;
            };
        }
    }

    /** Per-event folding in O(phases) time and constant memory. */
    static final class Accumulator implements Aggregation.OfGc {
        private long pauses;
        private double pauseMs;
        private double evacuation;
        private double roots;
        private double reference;
        private double remark;
        private double termination;
        private final Trend refTrend = new Trend();
        /**
         * Group per phase path: parsers hand out the same path strings event after event, so a lookup costs a
         * cached hash and an identity compare instead of cutting out the name of every phase of every event.
         */
        private final Map<String, Group> groups = new HashMap<>();

        private Group group(String path) {
            Group g = groups.get(path);
            if (g == null) {
                g = Group.of(path.substring(path.lastIndexOf('/') + 1));
                if (groups.size() < MAX_PATHS) {
                    groups.put(path, g);
                }
            }
            return g;
        }

        @Override
        public void add(GcEvent e) {
            if (!e.isPause() || Double.isNaN(e.pauseMs())) {
                return;
            }
            if (e.kind() == GcKind.REMARK) {
                pauses++;
                pauseMs += e.pauseMs();
                remark += e.pauseMs();
                return;
            }
            if (e.phases().isEmpty()) {
                return;
            }
            double copy = 0;
            double evacuateSet = 0;
            double rootMs = 0;
            double refWhole = 0;
            double refParts = 0;
            double term = 0;
            boolean hasCopy = false;
            boolean hasRefWhole = false;
            for (Phase p : e.phases()) {
                switch (group(p.path())) {
                    case COPY -> {
                        copy += p.ms();
                        hasCopy = true;
                    }
                    case EVACUATE_SET -> evacuateSet += p.ms();
                    case ROOTS -> rootMs += p.ms();
                    case REFERENCE -> {
                        refWhole += p.ms();
                        hasRefWhole = true;
                    }
                    case REFERENCE_PART -> refParts += p.ms();
                    case TERMINATION -> term += p.ms();
                    case NONE -> {
                    }
                }
            }
            pauses++;
            pauseMs += e.pauseMs();
            evacuation += hasCopy ? copy : evacuateSet;
            roots += rootMs;
            double ref = hasRefWhole ? refWhole : refParts;
            reference += ref;
            termination += term;
            if ((hasRefWhole || refParts > 0) && !Double.isNaN(e.uptimeSec())) {
                refTrend.add(e.uptimeSec() / 3600.0, ref);
            }
        }

        PhaseShares build() {
            double known = evacuation + roots + reference + remark + termination;
            return new PhaseShares(pauses, pauseMs, Share.of(evacuation, pauseMs), Share.of(roots, pauseMs),
                    Share.of(reference, pauseMs), Share.of(remark, pauseMs), Share.of(termination, pauseMs),
                    Share.of(Math.max(0, pauseMs - known), pauseMs), new ReferenceTrend(refTrend.n, refTrend.rate(),
                    refTrend.at(refTrend.firstX), refTrend.at(refTrend.lastX), (refTrend.lastX - refTrend.firstX) * 3600));
        }
    }
}
