package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.Compilation;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * S4's loop after warm-up: the JVM keeps freeing code cache and the JIT keeps refilling it. A full event need
 * not come (JDK 17's sweeper and JDK 20+'s "CodeCache GC Threshold" collections keep some room), so the loop
 * shows as activity that does not stop: code-cache collections and compilations in both quarters of the run's
 * second half, with the cache well used. The second half stands for "after warm-up": the pauses' change point
 * says nothing about when the JIT settles.
 *
 * @param fromSec          start of the window judged (the middle of the run)
 * @param toSec            its end
 * @param gcsThirdQuarter  collections caused by "CodeCache GC ..." in the run's third quarter
 * @param gcsLastQuarter   the same in its last quarter
 * @param compilationsThirdQuarter compilations recorded in the third quarter; 0 without JFR
 * @param compilationsLastQuarter  the same in the last quarter
 * @param peakUsedShare    the most of the whole code cache used at one sample in the window (0-1); NaN without
 *                         code cache samples there
 * @param meanUsedShare    its mean over the window's samples; NaN without samples
 * @param compiledBytes    code the recorded compilations in the window generated ({@code jdk.Compilation}
 *                         {@code codeSize}); 0 without JFR
 * @param freedBytes       code freed in the window: compiled there minus the growth of the cache's use from the
 *                         window's first sample to its last; NaN without samples. {@code codeSize} leaves out an
 *                         nmethod's metadata, so this errs low
 * @param reservedBytes    the whole code cache's reservation; 0 when unknown
 */
public record CodeCacheChurn(double fromSec, double toSec, long gcsThirdQuarter, long gcsLastQuarter,
                             long compilationsThirdQuarter, long compilationsLastQuarter, double peakUsedShare,
                             double meanUsedShare, long compiledBytes, double freedBytes, long reservedBytes) {

    /**
     * Counts per whole second of uptime, so memory grows with the run's length in seconds, not with its events
     * (a busy JIT records thousands of compilations a minute).
     */
    static final class Accumulator implements Aggregation {
        private final Map<Long, Long> gcsPerSecond = new TreeMap<>();
        private final Map<Long, Long> compilationsPerSecond = new TreeMap<>();
        private final Map<Long, Long> compiledBytesPerSecond = new TreeMap<>();
        /** Per second: the whole cache's use at its last sample, for the growth over the window. */
        private final TreeMap<Long, Long> usedPerSecond = new TreeMap<>();
        private long reserved;
        /** Per second: the highest share of the whole cache in use, from each heap's latest sample. */
        private final Map<Long, Double> sharePerSecond = new TreeMap<>();
        private final Map<String, long[]> latest = new HashMap<>();

        @Override
        public void accept(JvmEvent e) {
            if (e instanceof GcEvent g) {
                if (g.isPause() && g.cause().startsWith("CodeCache GC") && !Double.isNaN(g.uptimeSec())) {
                    codeCacheGc(g.uptimeSec());
                }
            } else if (e instanceof CodeCacheSample s) {
                sample(s);
            } else if (e instanceof Compilation c && !Double.isNaN(c.uptimeSec())) {
                compilation(c.uptimeSec(), c.codeSizeBytes());
            }
        }

        private void codeCacheGc(double uptimeSec) {
            gcsPerSecond.merge(second(uptimeSec), 1L, Long::sum);
        }

        private void compilation(double uptimeSec, long codeSizeBytes) {
            compilationsPerSecond.merge(second(uptimeSec), 1L, Long::sum);
            compiledBytesPerSecond.merge(second(uptimeSec), Math.max(0, codeSizeBytes), Long::sum);
        }

        private void sample(CodeCacheSample s) {
            if (Double.isNaN(s.uptimeSec()) || s.reservedBytes() <= 0) {
                return;
            }
            latest.put(s.codeHeap(), new long[] {s.usedBytes(), s.reservedBytes()});
            long used = 0;
            long reserved = 0;
            for (long[] h : latest.values()) {
                used += h[0];
                reserved += h[1];
            }
            sharePerSecond.merge(second(s.uptimeSec()), (double) used / reserved, Math::max);
            usedPerSecond.put(second(s.uptimeSec()), used);
            this.reserved = reserved;
        }

        /** The second half of {@code [startSec, endSec]}; null when the run has no time span. */
        CodeCacheChurn build(double startSec, double endSec) {
            if (Double.isNaN(startSec) || Double.isNaN(endSec) || endSec <= startSec
                    || gcsPerSecond.isEmpty() && compilationsPerSecond.isEmpty() && sharePerSecond.isEmpty()) {
                return null;
            }
            double from = (startSec + endSec) / 2;
            double quarter = (startSec + 3 * endSec) / 4;
            double peak = Double.NaN;
            double sum = 0;
            int n = 0;
            for (Map.Entry<Long, Double> e : sharePerSecond.entrySet()) {
                if (e.getKey() >= from) {
                    peak = Double.isNaN(peak) ? e.getValue() : Math.max(peak, e.getValue());
                    sum += e.getValue();
                    n++;
                }
            }
            long[] gcs = quarters(gcsPerSecond, from, quarter);
            long[] compiled = quarters(compilationsPerSecond, from, quarter);
            long[] bytes = quarters(compiledBytesPerSecond, from, quarter);
            long compiledBytes = bytes[0] + bytes[1];
            Map.Entry<Long, Long> first = usedPerSecond.ceilingEntry((long) Math.ceil(from));
            Map.Entry<Long, Long> last = usedPerSecond.lastEntry();
            double freed = first == null ? Double.NaN : compiledBytes - (last.getValue() - first.getValue());
            return new CodeCacheChurn(from, endSec, gcs[0], gcs[1], compiled[0], compiled[1], peak,
                    n == 0 ? Double.NaN : sum / n, compiledBytes, freed, reserved);
        }

        private static long[] quarters(Map<Long, Long> perSecond, double from, double quarter) {
            long[] q = new long[2];
            perSecond.forEach((sec, count) -> {
                if (sec >= from) {
                    q[sec < quarter ? 0 : 1] += count;
                }
            });
            return q;
        }

        private static long second(double uptimeSec) {
            return (long) Math.floor(uptimeSec);
        }
    }
}
