package dev.jvmtune.workloads.jbb;

import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * One client thread's request stream: half purchases of 1-12 products, 30% browsing, 20% order histories, every
 * choice drawn from the thread's own seeded generator and never from the market's state, so the sequence of
 * requests repeats for a seed whatever the timing. The first {@link #CHECKSUM_REQUESTS} are folded into a CRC.
 */
final class Shopper {

    static final int CHECKSUM_REQUESTS = 10_000;

    private final SplittableRandom rnd;
    private final CRC32 sequence = new CRC32();
    private long checksummed;
    private long result;

    Shopper(long seed, int thread) {
        rnd = new SplittableRandom(seed * 1_000_003L + thread);
    }

    void serveOne(Market m) {
        int kind = rnd.nextInt(10);
        int customer = rnd.nextInt(m.customers());
        boolean fold = checksummed < CHECKSUM_REQUESTS;
        if (fold) {
            checksummed++;
            fold(kind);
            fold(customer);
        }
        if (kind < 5) {
            int n = 1 + rnd.nextInt(12);
            int[] products = new int[n];
            int[] quantities = new int[n];
            for (int i = 0; i < n; i++) {
                products[i] = rnd.nextInt(m.products());
                quantities[i] = 1 + rnd.nextInt(8);
                if (fold) {
                    fold(products[i]);
                    fold(quantities[i]);
                }
            }
            result += m.purchase(customer, products, quantities);
        } else if (kind < 8) {
            int category = rnd.nextInt(Math.max(1, m.products() / Market.CATEGORY_SIZE));
            if (fold) {
                fold(category);
            }
            result += m.browse(category, 10);
        } else {
            result += m.history(customer);
        }
    }

    long sequenceChecksum() {
        return sequence.getValue();
    }

    long checksummedRequests() {
        return checksummed;
    }

    /** Sum of the requests' results: keeps the work from being optimised away. */
    long result() {
        return result;
    }

    private void fold(int v) {
        sequence.update(v);
        sequence.update(v >>> 8);
        sequence.update(v >>> 16);
        sequence.update(v >>> 24);
    }
}
