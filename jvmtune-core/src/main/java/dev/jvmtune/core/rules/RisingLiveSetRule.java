package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.LiveSet;
import java.util.List;
import java.util.Optional;

/**
 * Leak suspicion: what the heap keeps after the collections that clean its old generation (Full, mixed, degenerated)
 * rises steadily over the run. A heap that grows with the data may be fine; one that grows with time ends in
 * back-to-back Full GCs and an OutOfMemoryError. No flag fixes it: the evidence says where to look. A cache filling
 * up in the first minutes rises as steeply as a leak, so the rise must hold over a span and a number of collections,
 * the finding says how confident it is, and the time until the heap is full is given only within the span the data
 * covers: a trend is not extrapolated past it.
 */
final class RisingLiveSetRule implements Rule {

    static final int MIN_COLLECTIONS = 6;
    static final double MIN_SPAN_SEC = 600;
    static final double MIN_CORRELATION = 0.8;
    static final double MIN_RISE_PCT = 20;
    /** High confidence from this many collections, this correlation and this span on. */
    static final int CONFIDENT_COLLECTIONS = 10;
    static final double CONFIDENT_CORRELATION = 0.9;
    static final double CONFIDENT_SPAN_SEC = 3600;
    /** How far past the data's own span a projection may reach. */
    static final double MAX_PROJECTION_SPANS = 2;

    @Override
    public String id() {
        return "rising-live-set";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        LiveSet live = run.analysis().liveSet();
        if (live == null || live.trendCollections() < MIN_COLLECTIONS || !(live.spanSec() >= MIN_SPAN_SEC)
                || !(live.correlation() >= MIN_CORRELATION) || !(live.risePct() >= MIN_RISE_PCT)) {
            return Optional.empty();
        }
        long points = live.trendCollections();
        boolean confident = points >= CONFIDENT_COLLECTIONS && live.correlation() >= CONFIDENT_CORRELATION
                && live.spanSec() >= CONFIDENT_SPAN_SEC;
        String confidence = f("%s confidence: %d collections over %.0f min, r = %.2f", confident ? "high" : "medium",
                points, live.spanSec() / 60, live.correlation());
        long heap = Math.max(run.jvm().heapMaxBytes(), run.analysis().heap().maxCapacityBytes());
        List<String> evidence = List.of(
                f("heap after %d old-generation collections rose from %d to %d MiB over %.1f min (trend %+.1f MiB/h, "
                                + "r = %.2f, %+.0f%%)", points, mib(live.firstBytes()), mib(live.lastBytes()),
                        live.spanSec() / 60, live.slopeMBPerHour(), live.correlation(), live.risePct()));
        String look = "take two heap dumps some time apart (jcmd PID GC.heap_dump) or a JFR recording with "
                + "OldObjectSample and compare what grew";
        double hoursToFull = heap > 0 && live.slopeMBPerHour() > 0
                ? (heap - live.lastBytes()) / Text.MIB / live.slopeMBPerHour() : Double.NaN;
        List<String> arithmetic;
        if (!(hoursToFull >= 0)) {
            arithmetic = List.of(look);
        } else if (hoursToFull * 3600 <= MAX_PROJECTION_SPANS * live.spanSec()) {
            arithmetic = List.of(f("at %.1f MiB/h the %d MiB heap is full of live data in %.1f h from the last "
                            + "collection: (%d - %d) / %.1f", live.slopeMBPerHour(), mib(heap), hoursToFull, mib(heap),
                    mib(live.lastBytes()), live.slopeMBPerHour()), look);
        } else {
            arithmetic = List.of(f("the %d MiB heap would fill at this rate only after %.1f h, more than %.0f times the "
                            + "%.0f min the data covers: no projection that far; watch a longer run", mib(heap), hoursToFull,
                    MAX_PROJECTION_SPANS, live.spanSec() / 60), look);
        }
        // what the rise took of the heap over the span measured: no rate beyond it
        Cost cost = Cost.memory(run, Math.round(live.riseBytes()), heap, List.of(f("the trend line rose %d MiB over "
                        + "%.1f min, of a %d MiB heap", mib(live.riseBytes()), live.spanSec() / 60, mib(heap))),
                new Cost.Basis(points, 0, live.spanSec(), "old-generation collections nobody asked for"));
        return Optional.of(Finding.of(id(),
                f("The live set keeps rising: %d -> %d MiB after old collections (leak suspected, %s)",
                        mib(live.firstBytes()), mib(live.lastBytes()), confidence), evidence,
                new Recommendation(List.of(), arithmetic), cost, confident ? null : f("medium confidence: a leak is "
                        + "stated from %d collections, r >= %.1f and %.0f min on", CONFIDENT_COLLECTIONS,
                        CONFIDENT_CORRELATION, CONFIDENT_SPAN_SEC / 60)));
    }
}
