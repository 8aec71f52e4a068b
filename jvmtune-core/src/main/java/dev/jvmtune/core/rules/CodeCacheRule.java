package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Analysis;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * S4: the code cache filled. Compilation stops (JDK 8-17: "CodeCache is full. Compiler has been disabled") or
 * the JVM flushes compiled code to make room (JDK 19+ collects for it: "CodeCache GC Threshold/Aggressive"),
 * and the JIT recompiles the same methods again and again: CPU up, latency up, GC graphs normal. A code
 * cache that filled needs more than it had: twice the observed peak, and no less than the default 240 MB.
 * Sources: JFR's {@code jdk.CodeCacheFull} and {@code jdk.CodeCacheStatistics}, and GC causes.
 */
final class CodeCacheRule implements Rule {

    /** A code heap used to this share of its reservation counts as full. */
    static final double FULL_SHARE = 0.95;
    static final long DEFAULT_BYTES = 240L << 20;
    static final int HEADROOM = 2;

    @Override
    public String id() {
        return "code-cache-full";
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
        if (a.codeCache() != null) {
            fullEvents = a.codeCache().fullEvents();
            for (Analysis.CodeHeap h : a.codeCache().heaps()) {
                reserved += h.reservedBytes();
                peak += h.peakUsedBytes();
                nearlyFull |= h.reservedBytes() > 0 && h.peakUsedBytes() >= FULL_SHARE * h.reservedBytes();
            }
        }
        long aggressive = a.pausesByCause().getOrDefault("CodeCache GC Aggressive", 0L);
        if (fullEvents == 0 && !nearlyFull && aggressive == 0) {
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
        long base = Math.max(peak, configured);
        List<String> arithmetic = new ArrayList<>();
        String size;
        if (base > 0) {
            long proposed = Math.max(DEFAULT_BYTES, HEADROOM * base);
            size = Text.size(proposed);
            arithmetic.add(f("the cache filled at %d MiB%s: the code needs more than that; %d x %d MiB = %d MiB, "
                            + "no less than the default 240 MiB", mib(base), configured > 0 ? " (its configured size)"
                            : " (observed peak)", HEADROOM, mib(base), mib(HEADROOM * base)));
        } else {
            size = Text.size(DEFAULT_BYTES * HEADROOM);
            arithmetic.add("the log does not say how large the cache was: 2 x the default 240 MiB = 480 MiB");
        }
        arithmetic.add("then watch code cache use under load (JFR jdk.CodeCacheStatistics, or jcmd PID "
                + "Compiler.codecache): S4 needed 256 MB where 128 MB still oscillated");
        return Optional.of(new Finding(id(), Severity.CRITICAL, 85, "The code cache filled: the JIT stops or "
                + "recompiles flushed code", evidence, new Recommendation(JdkFlags.option("ReservedCodeCacheSize",
                size, run.jdkOr(8)).stream().toList(), arithmetic)));
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
