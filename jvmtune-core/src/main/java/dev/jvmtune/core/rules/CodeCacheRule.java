package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.CodeCacheChurn;
import dev.jvmtune.core.analysis.PauseClass;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * S4: the code cache filled. Compilation stops (JDK 8-17: "CodeCache is full. Compiler has been disabled") or
 * the JVM flushes compiled code to make room (JDK 19+ collects for it: "CodeCache GC Threshold/Aggressive"),
 * and the JIT recompiles the same methods again and again: CPU up, latency up, GC graphs normal. A code
 * cache that filled needs more than it had: twice the observed peak, and no less than the default 240 MB.
 * Sources: JFR's {@code jdk.CodeCacheFull} and {@code jdk.CodeCacheStatistics}, and GC causes.
 *
 * <p>S4's loop need not fill the cache: when the hot code moves, the JVM frees the cold code in time (JDK 17's
 * sweeper, JDK 20+'s "CodeCache GC Threshold" collections) and the JIT refills it, again and again. The rule
 * fires on that too, from the run's second half ({@link CodeCacheChurn}): code-cache collections in both of its
 * quarters (GC logs of JDK 20+), or compilations going on in both quarters while the code they generate is freed
 * again, {@link #FREED_SHARE} of the cache or more (JFR). One size formula for both: the loop means the cache is
 * too small as surely as a full event.
 */
final class CodeCacheRule implements Rule {

    /** A code heap used to this share of its reservation counts as full. */
    static final double FULL_SHARE = 0.95;
    static final int HEADROOM = 2;
    /**
     * Code freed after warm-up, as a share of the reservation, that makes the JIT's work a loop rather than the
     * end of warm-up: the JIT compiled code and the cache did not grow by as much, so compiled code was thrown
     * away and compiled again. Measured in {@code CodeCacheLoopTest} (JDK 17, hot set moving every 500 ms, second
     * half of a 12 s run, quiet machine): 4 MB freed 4.4 MiB (109% of the cache) while its use stayed at 53% on
     * average, 64% at most; 240 MB freed 0.4 MiB (0.15%). Use alone does not tell: the same 4 MB loop peaked at
     * 73-92% on a loaded machine and at 59-64% on a quiet one.
     */
    static final double FREED_SHARE = 0.25;
    /** Code-cache collections per quarter of the run that make a steady rate rather than a one-off. */
    static final long MIN_GCS_PER_QUARTER = 2;
    /** Compilations per quarter that mean the JIT is still at work (JFR records only those above its threshold). */
    static final long MIN_COMPILATIONS_PER_QUARTER = 20;

    @Override
    public String id() {
        return "code-cache-full";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.CODE_HEAPS);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        long codeCacheGcs = a.pausesByCause().getOrDefault("CodeCache GC Threshold", 0L)
                + a.pausesByCause().getOrDefault("CodeCache GC Aggressive", 0L);
        long reserved = 0;
        long peak = 0;
        long fullEvents = 0;
        boolean nearlyFull = false;
        Analysis.CodeHeap fullest = null;
        if (a.codeCache() != null) {
            fullEvents = a.codeCache().fullEvents();
            for (Analysis.CodeHeap h : a.codeCache().heaps()) {
                reserved += h.reservedBytes();
                peak += h.peakUsedBytes();
                nearlyFull |= h.reservedBytes() > 0 && h.peakUsedBytes() >= FULL_SHARE * h.reservedBytes();
                if (h.reservedBytes() > 0 && (fullest == null || (double) h.peakUsedBytes() / h.reservedBytes()
                        > (double) fullest.peakUsedBytes() / fullest.reservedBytes())) {
                    fullest = h;
                }
            }
        }
        long aggressive = a.pausesByCause().getOrDefault("CodeCache GC Aggressive", 0L);
        CodeCacheChurn churn = a.codeCacheChurn();
        boolean gcLoop = churn != null && churn.gcsThirdQuarter() >= MIN_GCS_PER_QUARTER
                && churn.gcsLastQuarter() >= MIN_GCS_PER_QUARTER;
        boolean jitLoop = churn != null && churn.reservedBytes() > 0
                && churn.freedBytes() >= FREED_SHARE * churn.reservedBytes()
                && churn.compilationsThirdQuarter() >= MIN_COMPILATIONS_PER_QUARTER
                && churn.compilationsLastQuarter() >= MIN_COMPILATIONS_PER_QUARTER;
        boolean filled = fullEvents > 0 || nearlyFull || aggressive > 0;
        if (!filled && !gcLoop && !jitLoop) {
            return Optional.empty();
        }
        long configured = configured(run);
        List<String> evidence = new ArrayList<>();
        if (fullEvents > 0) {
            evidence.add(fullEvents + " code-cache-full events (jdk.CodeCacheFull): compilation stopped or code was flushed");
        }
        if (peak > 0) {
            evidence.add(f("code heaps used up to %d MiB of %d MiB reserved", mib(peak), mib(reserved)));
        }
        if (codeCacheGcs > 0) {
            evidence.add(f("%d collections run to free code cache (%d of them CodeCache GC Aggressive)", codeCacheGcs,
                    aggressive));
        }
        if (gcLoop || jitLoop) {
            evidence.addAll(loopEvidence(churn, gcLoop, jitLoop));
        }
        long base = Math.max(peak, configured);
        List<String> arithmetic = new ArrayList<>();
        String size;
        // the JVM's default reservation (240 MB with tiered compilation) is the least worth proposing, in whole MiB
        // (JDK 25 rounds its code heaps up to pages: a few KiB more)
        long defaultBytes = (long) JdkDefaults.number("ReservedCodeCacheSize", run.collector(), run.jdkOr(8))
                >> 20 << 20;
        if (base > 0) {
            long proposed = Math.max(defaultBytes, HEADROOM * base);
            size = Text.size(proposed);
            arithmetic.add(f("the cache %s at %d MiB%s: the code needs more than that; %d x %d MiB = %d MiB, "
                            + "no less than the default %d MiB", filled ? "filled" : "kept being freed and refilled",
                    mib(base), configured > 0 ? " (its configured size)" : " (observed peak)", HEADROOM, mib(base),
                    mib(HEADROOM * base), mib(defaultBytes)));
        } else {
            size = Text.size(defaultBytes * HEADROOM);
            arithmetic.add(f("the log does not say how large the cache was: %d x the default %d MiB = %d MiB", HEADROOM,
                    mib(defaultBytes), mib(defaultBytes * HEADROOM)));
        }
        arithmetic.add("then watch code cache use under load (JFR jdk.CodeCacheStatistics, or jcmd PID "
                + "Compiler.codecache): S4 needed 256 MB where 128 MB still oscillated");
        String title = filled ? "The code cache filled: the JIT stops or recompiles flushed code"
                : "The code cache is too small for the hot code: the JVM keeps freeing it and the JIT keeps recompiling";
        return Optional.of(Finding.of(id(), title, evidence, new Recommendation(JdkFlags.option("ReservedCodeCacheSize",
                size, run.jdkOr(8)).stream().toList(), arithmetic), cost(run, fullEvents, reserved, fullest, jitLoop)));
    }

    /**
     * The collections run for the cache, and the code at stake against the cache: all of it where the cache was
     * found full, the fullest code heap's use, or the code freed and compiled again in the run's second half. What the
     * compiler threads' CPU cost is not in a GC log or a default recording (the evidence says so).
     */
    private static Cost cost(RuleContext run, long fullEvents, long reserved, Analysis.CodeHeap fullest,
                             boolean jitLoop) {
        Cost cost = Cost.pauses(run, "collections run to free the code cache", true,
                c -> c.trigger() == PauseClass.Trigger.CODE_CACHE);
        CodeCacheChurn churn = run.analysis().codeCacheChurn();
        if (fullEvents > 0 && reserved > 0) {
            return cost.withBytes(reserved, reserved, f("%d code-cache-full events: all %d MiB of the cache in use",
                    fullEvents, mib(reserved)));
        }
        if (jitLoop) {
            return cost.withBytes((long) churn.freedBytes(), churn.reservedBytes(), f("compiled code freed and compiled "
                    + "again after warm-up: %d of the %d KiB cache", (long) churn.freedBytes() >> 10,
                    churn.reservedBytes() >> 10));
        }
        if (fullest != null) {
            return cost.withBytes(fullest.peakUsedBytes(), fullest.reservedBytes(), f("%s used up to %d of %d MiB",
                    fullest.name(), mib(fullest.peakUsedBytes()), mib(fullest.reservedBytes())));
        }
        return cost;
    }

    /** What the loop looks like in the run's second half, and what it does not show. */
    private static List<String> loopEvidence(CodeCacheChurn c, boolean gcLoop, boolean jitLoop) {
        List<String> out = new ArrayList<>();
        double minutes = (c.toSec() - c.fromSec()) / 60;
        long gcs = c.gcsThirdQuarter() + c.gcsLastQuarter();
        long compiled = c.compilationsThirdQuarter() + c.compilationsLastQuarter();
        if (gcLoop) {
            out.add(f("%d code-cache collections after warm-up (second half of the run, %.0f-%.0f s: %d then %d per "
                            + "quarter, %.0f a minute): compiled code is unloaded at a steady rate, not once",
                    gcs, c.fromSec(), c.toSec(), c.gcsThirdQuarter(), c.gcsLastQuarter(), gcs / minutes));
        }
        if (jitLoop) {
            out.add(f("after warm-up (%.0f-%.0f s) %d then %d compilations per quarter went on (%.0f a minute) and "
                            + "generated %d KiB of code, yet the cache's use changed by only %d KiB (%.0f%% used on "
                            + "average, %.0f%% at most): at least %d KiB of compiled code (%.0f%% of the %d KiB "
                            + "cache) was freed and compiled again", c.fromSec(), c.toSec(),
                    c.compilationsThirdQuarter(), c.compilationsLastQuarter(), compiled / minutes,
                    c.compiledBytes() >> 10, (long) (c.compiledBytes() - c.freedBytes()) >> 10,
                    100 * c.meanUsedShare(), 100 * c.peakUsedShare(), (long) c.freedBytes() >> 10,
                    100 * c.freedBytes() / c.reservedBytes(), c.reservedBytes() >> 10));
        }
        out.add("not shown here: how much CPU the compiler threads take (S4: CompileBroker in 39% of the stacks); "
                + "measure it with jvmtune profile or run --profile");
        return out;
    }

    /** ReservedCodeCacheSize as the log or recording states it, in bytes; 0 when unknown. */
    private static long configured(RuleContext run) {
        for (String key : List.of("ReservedCodeCacheSize", "Code Cache Reserved Size")) {
            String v = run.jvm().raw().get(key);
            if (v != null) {
                try {
                    return Long.parseLong(v.trim());
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }
}
