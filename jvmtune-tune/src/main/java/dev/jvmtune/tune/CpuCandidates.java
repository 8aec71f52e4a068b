package dev.jvmtune.tune;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.FlagSet;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

/**
 * Candidates from the CPU the JVM's own threads took from the program, for goals on its time, its throughput or
 * its requests' latency:
 * <ul>
 * <li>C1 only ({@code -XX:TieredStopAtLevel=1}) for a short run whose C2 compilations took a large share of the
 * machine: C2's code pays back its compile time only over a long run, and on few cores the compiler thread competes
 * with the program - with a job for its time, with a server's requests for theirs, which wait behind it; it removes
 * C2's compilations outright;</li>
 * <li>full tiers again for a long run held to C1;</li>
 * <li>for time and throughput goals only, a stop-the-world collector (Parallel) on few CPUs where a concurrent one's
 * threads took a share of them, or for a short batch job: it removes the concurrent threads and their barriers
 * outright - where the heap has room for it ({@link HeapCandidates#fits}); a latency goal gets no collector whose
 * pauses grow with the heap.</li>
 * </ul>
 * A goal on the collector's own figures (its pauses) gets none of these: the compilers are not in them.
 */
public final class CpuCandidates implements CandidateSource {

    /** A job shorter than this cannot earn back C2's compile time. */
    static final double SHORT_JOB_SEC = 120;
    /** A run this long profits from C2's code. */
    static final double LONG_RUN_SEC = 600;
    /** C2's share of the machine over the run from which C1 only is worth a trial. */
    static final double C2_SHARE = 0.03;
    /** A concurrent collector's share of the machine from which a stop-the-world one is worth a trial. */
    static final double CONCURRENT_SHARE = 0.03;
    /** At most this many CPUs count as few. */
    static final int FEW_CPUS = 4;
    /** The option that keeps the JIT to C1. */
    static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    private final String goalMetric;

    public CpuCandidates(String goalMetric) {
        this.goalMetric = goalMetric;
    }

    @Override
    public List<Candidate> propose(FlagSet best, Evidence e) {
        boolean bounded = GoalBound.bounds(goalMetric);
        return bounded || goalMetric.startsWith(Metrics.LATENCY) ? from(best, e, bounded) : List.of();
    }

    /** The JIT's candidates, and the collector's where {@code collector}. */
    static List<Candidate> from(FlagSet best, Evidence e, boolean collector) {
        List<Candidate> out = new ArrayList<>();
        int cpus = e.cpusOrOne();
        int tier = Integer.parseInt(best.value("-XX:TieredStopAtLevel").orElse("4"));
        // with a code cache held small the compilers' time is the cache's flushing and recompiling (S4): the cache
        // comes first, and C1 only would hide it
        if (!Double.isNaN(e.c2Sec()) && tier > 1 && !SearchSpace.smallCodeCache(best) && e.wallSec() < SHORT_JOB_SEC
                && e.c2Sec() / cpus / e.wallSec() >= C2_SHARE) {
            out.add(new Candidate("jit:c1-only", "C1 only for a short run: -XX:TieredStopAtLevel=1",
                    List.of(C1_ONLY), List.of(
                    f("the compilers took %.2f s in a %.2f s run, C2 %.2f s of it (-XX:+CITime, in the trial's "
                            + "vm.log)", e.compileSec(), e.wallSec(), e.c2Sec()),
                    f("C2 / CPUs / run: %.2f / %d / %.2f = %.1f%% of the machine, over %.0f%%", e.c2Sec(), cpus,
                            e.wallSec(), 100 * e.c2Sec() / cpus / e.wallSec(), 100 * C2_SHARE),
                    f("a run under %.0f s does not run C2's code long enough to earn back its compile time; C1's code "
                            + "is slower, so the A/B decides", SHORT_JOB_SEC)),
                    List.of(Claim.of(Cause.COMPILERS, e.c2Sec() / cpus, true))));
        }
        if (tier < 4 && e.wallSec() >= LONG_RUN_SEC) {
            out.add(new Candidate("jit:full-tiers", "all compiler tiers for a long run: -XX:TieredStopAtLevel=4",
                    List.of("-XX:TieredStopAtLevel=4"), List.of(f("TieredStopAtLevel=%d in a %.0f s run: C2's faster "
                    + "code pays back its compile time over a run of %.0f s or more", tier, e.wallSec(), LONG_RUN_SEC))));
        }
        if (!collector) {
            return out;
        }
        double concurrent = e.seconds(Cause.CONCURRENT_GC);
        double concShare = concurrent / e.wallSec();
        boolean shortJob = e.wallSec() < SHORT_JOB_SEC;
        if (e.concurrentCollector() && cpus <= FEW_CPUS && (concShare >= CONCURRENT_SHARE || shortJob)
                && !Double.isNaN(concurrent)) {
            double barriers = e.seconds(Cause.BARRIERS);
            out.add(new Candidate("gc:stop-the-world", "Parallel collector on " + cpus + " CPUs: -XX:+UseParallelGC",
                    List.of("-XX:+UseParallelGC"), List.of(
                    f("%s: %.2f s of the machine's time, %.1f%% of the %.2f s run", e.figure(Cause.CONCURRENT_GC),
                            concurrent, 100 * concShare, e.wallSec()),
                    f("its barriers, which no log times, allowed %.0f%% of the run: %.2f s",
                            100 * Evidence.BARRIER_SHARE, barriers),
                    shortJob && concShare < CONCURRENT_SHARE ? f("a batch job under %.0f s on %d CPUs: the throughput "
                            + "collector is the usual choice even where the concurrent phases are few (JDK 25 javac "
                            + "on 2 CPUs, no concurrent phase logged: C1 only 0.653x, with Parallel 0.612x)",
                            SHORT_JOB_SEC, cpus)
                            : "for a time or throughput goal on few cores, a stop-the-world collector spends no CPU "
                            + "beside the program and has no concurrent barriers",
                    "its pauses grow, so a pause guard decides"),
                    List.of(new Claim(EnumSet.of(Cause.CONCURRENT_GC, Cause.BARRIERS), concurrent + barriers, true))));
        }
        return out;
    }

    /** Whether {@code c} selects a stop-the-world collector. */
    static boolean stopTheWorld(Collector c) {
        return c == Collector.PARALLEL || c == Collector.SERIAL;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
