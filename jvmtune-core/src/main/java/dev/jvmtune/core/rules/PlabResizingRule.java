package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.PlabSizing;
import dev.jvmtune.core.options.JdkFlags;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * S1: PLAB resizing noise. With {@code -XX:+ResizePLAB} (the default) G1 sizes each collection's PLABs from what
 * the collections before it copied; where the survivor volume changes from one collection to the next, the
 * desired size swings and each collection works with buffers sized for another: too small, and workers refill
 * them often; too large, and space is left unused at the end. S1 turned it off ({@code -XX:-ResizePLAB}) with a
 * fixed size. A second-order effect: it changes buffer refills and the space left unused, not what is copied;
 * and JDK 25 (not 17) also enlarges a worker's PLABs within a collection when it refills too often ("PLAB boost"
 * at trace level), which softens it further.
 *
 * <p>PLAB waste is evidence, not a trigger: resizing is what holds waste to G1's target, so turning it off
 * cannot lower waste. Needs {@code -Xlog:gc+plab=debug}; silent without sizing lines, which is also how a log
 * with {@code -XX:-ResizePLAB} looks.
 */
final class PlabResizingRule implements Rule {

    /** Share of consecutive collections whose desired size swings that counts as noise. */
    static final double SWING_PCT = 25;
    /** Fewer swings than this are too few to call noise. */
    static final int MIN_SWINGS = 4;
    /** A fixed size is worth giving when the median is this many times the default. */
    static final double FIX_FACTOR = 2;
    private static final int WORD_BYTES = 8;

    @Override
    public String id() {
        return "plab-resizing";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        PlabSizing p = run.analysis().plab();
        if (p == null || !noisy(p.young()) && !noisy(p.old())) {
            return Optional.empty();
        }
        int workers = run.jvm().parallelWorkers();
        List<String> evidence = new ArrayList<>();
        double wasteTarget = run.flagNumber("TargetPLABWastePct");
        describe(evidence, "young (survivor)", p.young(), workers, wasteTarget);
        describe(evidence, "old (promotion)", p.old(), workers, wasteTarget);
        evidence.add("what it means: each collection's PLABs were sized for the collections before it; what it does "
                + "not: PLAB size changes buffer refills and the space left unused at the end of a collection, not "
                + "the amount copied, so expect a small effect on pauses (second-order; S1 applied it alongside "
                + "larger fixes)");

        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("ResizePLAB", "false");
        List<String> arithmetic = new ArrayList<>();
        arithmetic.add("-XX:-ResizePLAB: every collection gets PLABs of a fixed size per worker instead of one sized "
                + "from the collections before it");
        fixedSize(settings, arithmetic, "YoungPLABSize", p.young(), workers, run);
        fixedSize(settings, arithmetic, "OldPLABSize", p.old(), workers, run);

        double swingPct = Math.max(pct(p.young()), pct(p.old()));
        Cost cost = Cost.unmeasured(run, "not measurable from the log: buffer refills and the space left unused at "
                + "the end of a collection, a second-order part of the young pauses (measured: within noise)",
                new Cost.Basis(Math.max(p.young() == null ? 0 : p.young().resized(), p.old() == null ? 0
                        : p.old().resized()), 0, Double.NaN, "collections with PLAB sizing"));
        return Optional.of(Finding.of(id(),
                f("%s's desired PLAB size swings between collections (by 2x or more in %.0f%% of them)",
                        run.collector().label(), swingPct),
                evidence, new Recommendation(JdkFlags.line(settings, run.jdkOr(8)), arithmetic), cost));
    }

    private static boolean noisy(PlabSizing.Destination d) {
        return d != null && d.swings() >= MIN_SWINGS && d.swingPct() >= SWING_PCT;
    }

    private static double pct(PlabSizing.Destination d) {
        return d == null || Double.isNaN(d.swingPct()) ? 0 : d.swingPct();
    }

    private static void describe(List<String> evidence, String what, PlabSizing.Destination d, int workers,
                                 double wasteTarget) {
        if (d == null || d.resized() == 0) {
            return;
        }
        evidence.add(f("%s PLABs: desired size %s to %s (median %s, for %s together) over %d resized collections; "
                        + "it changed by 2x or more from one collection to the next %d times (%.0f%%)", what,
                kib(d.minDesiredBytes()), kib(d.maxDesiredBytes()), kib(d.p50DesiredBytes()),
                workers > 0 ? "the " + workers + " workers" : "all workers", d.resized(), d.swings(), d.swingPct()));
        if (d.allocatedBytes() > 0) {
            evidence.add(f("%s PLAB waste: %s of %s handed out (%.1f%%; G1 sizes PLABs to keep it under "
                            + "TargetPLABWastePct = %.0f%%)", what, kib(d.wasteBytes()), kib(d.allocatedBytes()),
                    d.wastePct(), wasteTarget));
        }
    }

    /**
     * With resizing off every worker gets {@code flag} words. Where G1 wanted far more than the default, the
     * median it wanted keeps the usual collection's refills as they were; otherwise the default stays.
     */
    private static void fixedSize(Map<String, String> settings, List<String> arithmetic, String flag,
                                  PlabSizing.Destination d, int workers, RuleContext run) {
        long defaultWords = (long) run.flagNumber(flag);
        if (d == null || d.resized() == 0) {
            return;
        }
        if (workers <= 0) {
            arithmetic.add(f("%s stays at its default %d words: the log does not say how many GC workers share the "
                    + "median desired size (-Xlog:gc+init prints \"Parallel Workers\")", flag, defaultWords));
            return;
        }
        long words = d.p50DesiredBytes() / WORD_BYTES / workers;
        long region = run.jvm().regionSizeBytes();
        String cap = "";
        if (region > 0 && words > region / 2 / WORD_BYTES) {
            words = region / 2 / WORD_BYTES;
            cap = f(", capped at half a %d MiB region (G1 makes no larger PLAB: it would be humongous)", region >> 20);
        }
        String derivation = f("median desired %s / %d workers / %d bytes per word = %d words%s", kib(d.p50DesiredBytes()),
                workers, WORD_BYTES, words, cap);
        if (words >= FIX_FACTOR * defaultWords) {
            settings.put(flag, Long.toString(words));
            arithmetic.add(f("%s: %s; at the default %d words workers would refill %.0fx as often", flag, derivation,
                    defaultWords, (double) words / defaultWords));
        } else {
            arithmetic.add(f("%s stays at its default %d words (%s per worker): %s, not %.0fx above it; at most %s "
                            + "x %d workers is left unused per collection", flag, defaultWords,
                    kib(defaultWords * WORD_BYTES), derivation, FIX_FACTOR, kib(defaultWords * WORD_BYTES), workers));
        }
    }

    private static String kib(long bytes) {
        return bytes >= 10L << 20 ? f("%d MiB", Math.round(bytes / Text.MIB)) : f("%d KiB", Math.round(bytes / 1024.0));
    }
}
