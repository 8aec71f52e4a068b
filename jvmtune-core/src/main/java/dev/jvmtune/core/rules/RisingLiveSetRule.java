package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.LiveSet;
import java.util.List;
import java.util.Optional;

/**
 * Leak suspicion: what the heap keeps after the collections that clean its old generation (Full, mixed, degenerated) rises steadily over the run. A heap
 * that grows with the data may be fine; one that grows with time ends in back-to-back Full GCs and an
 * OutOfMemoryError. No flag fixes it: the evidence says where to look and when the heap will be full.
 */
final class RisingLiveSetRule implements Rule {

    static final int MIN_COLLECTIONS = 4;
    static final double MIN_CORRELATION = 0.8;
    static final double MIN_RISE_PCT = 20;

    @Override
    public String id() {
        return "rising-live-set";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        LiveSet live = run.analysis().liveSet();
        if (live == null || live.collections() < MIN_COLLECTIONS || !(live.correlation() >= MIN_CORRELATION)
                || !(live.risePct() >= MIN_RISE_PCT)) {
            return Optional.empty();
        }
        long heap = Math.max(run.jvm().heapMaxBytes(), run.analysis().heap().maxCapacityBytes());
        List<String> evidence = List.of(
                f("heap after %d old-generation collections rose from %d to %d MiB over %.1f min (trend %+.1f MiB/h, "
                                + "r = %.2f, %+.0f%%)", live.collections(), mib(live.firstBytes()), mib(live.lastBytes()),
                        live.spanSec() / 60, live.slopeMBPerHour(), live.correlation(), live.risePct()));
        List<String> arithmetic = heap > 0 && live.slopeMBPerHour() > 0 ? List.of(f("at %.1f MiB/h the %d MiB heap "
                        + "is full of live data in %.1f h from the last collection: (%d - %d) / %.1f", live.slopeMBPerHour(),
                mib(heap), (heap - live.lastBytes()) / Text.MIB / live.slopeMBPerHour(), mib(heap),
                mib(live.lastBytes()), live.slopeMBPerHour()), "take two heap dumps some time apart (jcmd PID "
                + "GC.heap_dump) or a JFR recording with OldObjectSample and compare what grew")
                : List.of("take two heap dumps some time apart (jcmd PID GC.heap_dump) and compare what grew");
        return Optional.of(new Finding(id(), Severity.WARNING, (int) Math.min(100, 40 + live.risePct() / 2),
                f("The live set keeps rising: %d -> %d MiB after old collections (leak suspected)",
                        mib(live.firstBytes()), mib(live.lastBytes())), evidence,
                new Recommendation(List.of(), arithmetic)));
    }
}
