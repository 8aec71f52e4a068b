package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.CollectorCycles;
import dev.jvmtune.core.analysis.PauseStats;
import dev.jvmtune.core.analysis.Stalls;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.model.GcStall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * ZGC's threads waited for memory: a cycle did not free the heap before the application allocated the rest.
 * ZGC pauses stay under a millisecond, so the stall time is the time lost. Each cycle's allocation survives it
 * (floating garbage), so the heap must hold the live set, what one cycle allocates, and as much again free for
 * the next cycle to allocate into: live + 2 x allocated per cycle. Where the heap already has that room, the
 * cycles are too slow for the allocation: more concurrent GC threads. Its cost is no pause time ({@code pauseSeconds}
 * null): a stall holds up the allocating thread while the others run, outside any pause.
 */
final class AllocationStallRule implements Rule {

    /** Stall time outside pauses, as a share of the run, below which the rule stays silent. */
    static final double MIN_STALL_PCT = 1.0;
    /** ... and below this much stall time outside pauses over the whole run (a few stalls while ZGC warms up). */
    static final double MIN_STALL_MS = 100;
    /**
     * Floating garbage of the last cycle plus room for the next (ZGC's own ZAllocationSpikeTolerance is another
     * thing: its default is 1 on JDK 17 and 2 on 25, see JdkDefaults).
     */
    static final double CYCLES_OF_HEADROOM = 2;

    @Override
    public String id() {
        return "allocation-stall";
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        Stalls st = a.stalls();
        if (run.collector() != Collector.ZGC || st == null || st.count() == 0 || !(a.durationSec() > 0)) {
            return Optional.empty();
        }
        double stalledPct = 100.0 * a.heldUp().stallsMs() / 1000.0 / a.durationSec();
        if (stalledPct < MIN_STALL_PCT || a.heldUp().stallsMs() < MIN_STALL_MS) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>();
        PauseStats alloc = st.byKind().get(GcStall.Kind.ALLOCATION);
        evidence.add(f("%,d stalls in %d thread(s), %.0f ms of thread time, longest %.1f ms; %.2f s of the %.1f s run "
                        + "(%.1f%%) with a thread stalled and no pause running; pauses took %.1f ms", st.count(),
                st.threadCount(), st.totalMs(), st.maxMs(), a.heldUp().stallsMs() / 1000, a.durationSec(), stalledPct,
                a.pauses().totalMs()));
        CollectorCycles c = a.cycles();
        if (alloc != null && c != null && c.count() > 0) {
            evidence.add(f("%,d allocation stalls over %,d cycles (%.2f per cycle)", alloc.count(), c.count(),
                    alloc.count() / (double) c.count()));
        }
        Recommendation rec = recommendation(run, evidence);
        Cost cost = Cost.time(run, a.heldUp().stallsMs() / 1000, List.of(f("time with a thread stalled and no pause "
                + "running: %.2f s", a.heldUp().stallsMs() / 1000)), new Cost.Basis(st.count(), 0, a.durationSec(),
                "stalls"));
        return Optional.of(Finding.of(id(), f("Threads stalled waiting for ZGC to "
                + "free memory: %.2f s of %.1f s held up (%.1f%%), while pauses took %.1f ms",
                a.heldUp().stallsMs() / 1000, a.durationSec(), stalledPct, a.pauses().totalMs()), evidence, rec, cost));
    }

    private static Recommendation recommendation(RuleContext run, List<String> evidence) {
        CollectorCycles c = run.analysis().cycles();
        long heap = run.jvm().heapMaxBytes();
        if (c == null || c.maxLiveBytes() < 0 || c.maxAllocatedBytes() < 0 || heap <= 0) {
            return new Recommendation(List.of(), List.of("the log lacks ZGC's cycle statistics (live, allocated) or the "
                    + "heap size: log with -Xlog:gc*:file=gc.log to size the heap from them"));
        }
        long needed = c.maxLiveBytes() + Math.round(CYCLES_OF_HEADROOM * c.maxAllocatedBytes());
        PauseStats cycles = c.durationMs();
        evidence.add(f("%,d cycles, p90 %.0f ms, longest %.0f ms; live at mark end up to %d MiB; up to %d MiB "
                        + "allocated during one cycle; heap %d MiB", c.count(), cycles.p90Ms(), cycles.maxMs(),
                mib(c.maxLiveBytes()), mib(c.maxAllocatedBytes()), mib(heap)));
        List<String> arithmetic = new ArrayList<>();
        List<String> options = new ArrayList<>();
        String generational = JdkDefaults.value("ZGenerational", Collector.ZGC, run.jdk()).isPresent()
                && !"true".equals(run.flag("ZGenerational"))
                ? "; on this JDK -XX:+ZGenerational (default from 23) collects young objects in shorter minor cycles"
                : run.jdk() > 0 && run.jdk() < 21 ? "; JDK 21+ has generational ZGC, whose minor cycles free short-lived"
                + " objects sooner" : "";
        if (needed > heap) {
            long xmx = Headroom.roundUp(needed);
            options.add("-Xmx" + Text.size(xmx));
            arithmetic.add(f("heap >= live + %.0f x allocated per cycle = %d + %.0f x %d = %d MiB (the last cycle's "
                            + "allocation survives it as floating garbage, and the next cycle needs as much free), rounded "
                            + "up to %d MiB: %d MiB more than now%s", CYCLES_OF_HEADROOM, mib(c.maxLiveBytes()),
                    CYCLES_OF_HEADROOM, mib(c.maxAllocatedBytes()), mib(needed), mib(Headroom.ROUND_BYTES), mib(xmx - heap),
                    generational));
            if (c.softMaxBytes() > 0 && c.softMaxBytes() < heap) {
                options.add("-XX:SoftMaxHeapSize=" + Text.size(xmx));
                arithmetic.add(f("SoftMaxHeapSize %d MiB makes ZGC start its cycles as if the heap ended there: raise "
                        + "it with the heap", mib(c.softMaxBytes())));
            }
        } else if (c.softMaxBytes() > 0 && c.softMaxBytes() < needed) {
            options.add("-XX:SoftMaxHeapSize=" + Text.size(heap));
            arithmetic.add(f("live + %.0f x allocated per cycle = %d MiB fits the %d MiB heap but not the soft maximum "
                    + "of %d MiB ZGC aims at: let it use the heap", CYCLES_OF_HEADROOM, mib(needed), mib(heap),
                    mib(c.softMaxBytes())));
        } else {
            return Headroom.moreThreads(run, f("live + %.0f x allocated per cycle = %d MiB fits the %d MiB heap: the "
                    + "cycles (p90 %.0f ms) are too slow for the allocation%s", CYCLES_OF_HEADROOM, mib(needed),
                    mib(heap), cycles.p90Ms(), generational));
        }
        return new Recommendation(options, arithmetic);
    }
}
