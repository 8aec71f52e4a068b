package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcStall;
import dev.jvmtune.core.model.JvmEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Application threads waiting for the collector outside any pause ({@link GcStall}): ZGC's allocation and
 * relocation stalls, Shenandoah's pacing.
 *
 * @param count       stalls
 * @param totalMs     their summed duration: thread time lost (two threads stalled for 10 ms count 20 ms)
 * @param maxMs       the longest
 * @param wallMs      time during which at least one thread was stalled (overlapping stalls counted once)
 * @param byKind      count, total and distribution per kind, in the order of {@link GcStall.Kind}
 * @param threads     the threads that waited longest, most first (at most {@link #TOP_THREADS})
 * @param threadCount threads that stalled at all
 * @param gcThreadStalls stalls of the collector's own workers (generational ZGC's relocation stalls of its
 *                    workers), left out of every other figure: they slow a cycle, not the application
 */
public record Stalls(long count, double totalMs, double maxMs, double wallMs, Map<GcStall.Kind, PauseStats> byKind,
                     List<ThreadStalls> threads, long threadCount, long gcThreadStalls) {

    static final int TOP_THREADS = 10;
    /** Threads tracked by name before the rest are summed as {@link #OTHER_THREADS}: memory stays bounded. */
    static final int MAX_THREADS = 4096;
    static final String OTHER_THREADS = "(other threads)";

    public Stalls {
        byKind = Collections.unmodifiableMap(new EnumMap<>(byKind));
        threads = List.copyOf(threads);
    }

    /** One thread's stalls. */
    public record ThreadStalls(String thread, long count, double totalMs, double maxMs) {
    }

    static final class Accumulator implements Aggregation {
        private final Map<GcStall.Kind, PauseStats.Accumulator> kinds = new EnumMap<>(GcStall.Kind.class);
        private final Map<String, double[]> threads = new HashMap<>();
        private final Union wall = new Union();
        private long count;
        private double totalMs;
        private double maxMs;
        private long gcThreadStalls;

        @Override
        public void accept(JvmEvent e) {
            if (!(e instanceof GcStall s) || !(s.durationMs() >= 0)) {
                return;
            }
            if (s.gcThread()) {
                gcThreadStalls++;
                return;
            }
            count++;
            totalMs += s.durationMs();
            maxMs = Math.max(maxMs, s.durationMs());
            kinds.computeIfAbsent(s.kind(), k -> new PauseStats.Accumulator()).add(s.durationMs());
            String name = threads.size() < MAX_THREADS || threads.containsKey(s.thread()) ? s.thread() : OTHER_THREADS;
            double[] t = threads.computeIfAbsent(name, k -> new double[3]);
            t[0]++;
            t[1] += s.durationMs();
            t[2] = Math.max(t[2], s.durationMs());
            wall.add(s.uptimeSec(), s.durationMs());
        }

        /** Null when the run has no stalls. */
        Stalls build() {
            if (count == 0 && gcThreadStalls == 0) {
                return null;
            }
            Map<GcStall.Kind, PauseStats> byKind = new EnumMap<>(GcStall.Kind.class);
            kinds.forEach((k, v) -> byKind.put(k, v.build()));
            List<ThreadStalls> top = new ArrayList<>();
            threads.forEach((name, t) -> top.add(new ThreadStalls(name, (long) t[0], t[1], t[2])));
            top.sort(Comparator.comparingDouble(ThreadStalls::totalMs).reversed().thenComparing(ThreadStalls::thread));
            return new Stalls(count, totalMs, maxMs, wall.totalMs(), byKind, top.subList(0, Math.min(TOP_THREADS,
                    top.size())), threads.size(), gcThreadStalls);
        }
    }

    /**
     * The length of a union of intervals in memory bounded by time, not by the log: intervals are kept merged
     * until the latest end seen is {@link #HORIZON_SEC} past them, then folded into the total. A log writes each
     * stall when it ends, but a recording delivers events by thread buffer, up to about a second out of order.
     * Intervals without a start time add their length.
     */
    static final class Union {
        static final double HORIZON_SEC = 10;
        private final TreeMap<Double, Double> open = new TreeMap<>();
        /** Everything before this has been folded into {@link #doneMs}. */
        private double doneUpToSec = Double.NEGATIVE_INFINITY;
        private double latestEndSec = Double.NEGATIVE_INFINITY;
        private double doneMs;

        void add(double startSec, double ms) {
            if (!(ms > 0)) {
                return;
            }
            if (Double.isNaN(startSec)) {
                doneMs += ms;
                return;
            }
            double start = Math.max(startSec, doneUpToSec);
            double end = startSec + ms / 1000.0;
            if (end <= start) {
                return;
            }
            var before = open.floorEntry(start);
            if (before != null && before.getValue() >= start) {
                start = before.getKey();
                end = Math.max(end, before.getValue());
            }
            var next = open.ceilingEntry(start);
            while (next != null && next.getKey() <= end) {
                end = Math.max(end, next.getValue());
                open.remove(next.getKey());
                next = open.ceilingEntry(start);
            }
            open.put(start, end);
            latestEndSec = Math.max(latestEndSec, end);
            while (!open.isEmpty() && open.firstEntry().getValue() < latestEndSec - HORIZON_SEC) {
                var first = open.pollFirstEntry();
                doneMs += (first.getValue() - first.getKey()) * 1000.0;
                doneUpToSec = first.getValue();
            }
        }

        double totalMs() {
            double ms = doneMs;
            for (var e : open.entrySet()) {
                ms += (e.getValue() - e.getKey()) * 1000.0;
            }
            return ms;
        }
    }
}
