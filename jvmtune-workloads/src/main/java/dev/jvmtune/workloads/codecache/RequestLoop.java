package dev.jvmtune.workloads.codecache;

import dev.jvmtune.workloads.SequenceChecksum;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Recorder;

/**
 * One request thread: each request calls {@code calls} handlers picked uniformly from the {@link HotSet} by a
 * seeded random sequence, chaining the value through them, and records its latency. Uniform picks keep every
 * handler of the hot set hot, so the whole set competes for the code cache rather than a few favourites.
 */
final class RequestLoop implements Runnable {

    private final LongUnaryOperator[] handlers;
    private final HotSet hot;
    private final int calls;
    private final SplittableRandom rnd;
    private final long deadlineNanos;
    private final long requestLimit;
    private final LongAdder requests;
    private final Recorder latencyNanos;
    private final SequenceChecksum sequence = new SequenceChecksum();
    private long result;

    /** Serves until {@code deadlineNanos} or {@code requestLimit} requests, whichever comes first. */
    RequestLoop(LongUnaryOperator[] handlers, HotSet hot, int calls, long seed, int thread, long deadlineNanos,
                long requestLimit, LongAdder requests, Recorder latencyNanos) {
        this.handlers = handlers;
        this.hot = hot;
        this.calls = calls;
        this.rnd = new SplittableRandom(seed * 31 + thread);
        this.deadlineNanos = deadlineNanos;
        this.requestLimit = requestLimit;
        this.requests = requests;
        this.latencyNanos = latencyNanos;
    }

    @Override
    public void run() {
        for (long done = 0; done < requestLimit; done++) {
            long start = System.nanoTime();
            if (start >= deadlineNanos) {
                break;
            }
            long x = rnd.nextLong();
            boolean fold = sequence.next();
            int offset = hot.offset(start);
            for (int c = 0; c < calls; c++) {
                int h = hot.handler(offset, rnd.nextInt(hot.size()));
                x = handlers[h].applyAsLong(x);
                if (fold) {
                    sequence.add(h);
                    sequence.add(x);
                }
            }
            result += x;
            latencyNanos.recordValue(System.nanoTime() - start);
            requests.increment();
        }
    }

    /** Handler indices and results of the first requests. */
    SequenceChecksum sequence() {
        return sequence;
    }

    long result() {
        return result;
    }
}
