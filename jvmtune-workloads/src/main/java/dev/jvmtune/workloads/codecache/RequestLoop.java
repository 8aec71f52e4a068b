package dev.jvmtune.workloads.codecache;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongUnaryOperator;
import java.util.zip.CRC32;
import org.HdrHistogram.Recorder;

/**
 * One request thread: each request calls {@code calls} handlers picked uniformly by a seeded random sequence,
 * chaining the value through them, and records its latency. Uniform picks keep every handler hot, so the whole
 * set competes for the code cache rather than a few favourites.
 */
final class RequestLoop implements Runnable {

    /** Requests folded into the sequence checksum; small enough that even a one-second run gets there. */
    static final int CHECKSUM_REQUESTS = 10_000;

    private final LongUnaryOperator[] handlers;
    private final int calls;
    private final SplittableRandom rnd;
    private final long deadlineNanos;
    private final long requestLimit;
    private final LongAdder requests;
    private final Recorder latencyNanos;
    private final CRC32 sequence = new CRC32();
    private long checksummed;
    private long result;

    /** Serves until {@code deadlineNanos} or {@code requestLimit} requests, whichever comes first. */
    RequestLoop(LongUnaryOperator[] handlers, int calls, long seed, int thread, long deadlineNanos,
                long requestLimit, LongAdder requests, Recorder latencyNanos) {
        this.handlers = handlers;
        this.calls = calls;
        this.rnd = new SplittableRandom(seed * 31 + thread);
        this.deadlineNanos = deadlineNanos;
        this.requestLimit = requestLimit;
        this.requests = requests;
        this.latencyNanos = latencyNanos;
    }

    @Override
    public void run() {
        byte[] buf = new byte[12];
        for (long done = 0; done < requestLimit; done++) {
            long start = System.nanoTime();
            if (start >= deadlineNanos) {
                break;
            }
            long x = rnd.nextLong();
            for (int c = 0; c < calls; c++) {
                int h = rnd.nextInt(handlers.length);
                x = handlers[h].applyAsLong(x);
                if (checksummed < CHECKSUM_REQUESTS) {
                    putInt(buf, 0, h);
                    putLong(buf, 4, x);
                    sequence.update(buf);
                }
            }
            if (checksummed < CHECKSUM_REQUESTS) {
                checksummed++;
            }
            result += x;
            latencyNanos.recordValue(System.nanoTime() - start);
            requests.increment();
        }
    }

    /** CRC of the handler indices and results of the first {@link #CHECKSUM_REQUESTS} requests. */
    long sequenceChecksum() {
        return sequence.getValue();
    }

    long checksummedRequests() {
        return checksummed;
    }

    long result() {
        return result;
    }

    private static void putInt(byte[] b, int at, int v) {
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
