package dev.jvmtune.workloads.blockcache;

import dev.jvmtune.workloads.SequenceChecksum;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latencies and counts of the client threads. Response time runs from an operation's intended start (its slot
 * in the target-rate schedule) to its end, so an operation delayed by a GC pause that stalled the ones before it
 * is charged the wait: HdrHistogram's coordinated-omission correction by schedule. Service time runs from the
 * actual start. Without a target rate the two are the same.
 */
public final class ClientStats {

    private final Recorder response = new Recorder(3);
    private final Recorder service = new Recorder(3);
    private final Map<String, Recorder> responseByOp = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> countByOp = new ConcurrentHashMap<>();
    private final SequenceChecksum[] sequences;

    public ClientStats(int threads) {
        sequences = new SequenceChecksum[threads];
    }

    public void record(String op, long intendedNanos, long startNanos, long endNanos) {
        response.recordValue(endNanos - intendedNanos);
        service.recordValue(endNanos - startNanos);
        responseByOp.computeIfAbsent(op, o -> new Recorder(3)).recordValue(endNanos - intendedNanos);
        countByOp.computeIfAbsent(op, o -> new LongAdder()).increment();
    }

    /** A thread's operation sequence, when it has finished. */
    public synchronized void threadDone(int thread, SequenceChecksum sequence) {
        sequences[thread] = sequence;
    }

    long operations() {
        return countByOp.values().stream().mapToLong(LongAdder::sum).sum();
    }

    Map<String, Long> operationsByKind() {
        Map<String, Long> m = new TreeMap<>();
        countByOp.forEach((op, n) -> m.put(op, n.sum()));
        return m;
    }

    /** Interval histograms: call once, at the end of the run. */
    Histogram response() {
        return response.getIntervalHistogram();
    }

    Histogram service() {
        return service.getIntervalHistogram();
    }

    Map<String, Histogram> responseByKind() {
        Map<String, Histogram> m = new TreeMap<>();
        responseByOp.forEach((op, r) -> m.put(op, r.getIntervalHistogram()));
        return m;
    }

    synchronized List<SequenceChecksum> sequences() {
        return List.of(sequences);
    }
}
