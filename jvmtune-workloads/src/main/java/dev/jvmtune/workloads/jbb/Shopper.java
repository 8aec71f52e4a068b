package dev.jvmtune.workloads.jbb;

import dev.jvmtune.workloads.SequenceChecksum;
import java.util.SplittableRandom;

/**
 * One client thread's request stream: half purchases of 1-12 products, 30% browsing, 20% order histories, every
 * choice drawn from the thread's own seeded generator and never from the market's state, so the sequence of
 * requests repeats for a seed whatever the timing; the first ones are folded into a {@link SequenceChecksum}.
 */
final class Shopper {

    private final SplittableRandom rnd;
    /** Requests folded into the checksum: few, so that a starved 2-core machine still gets there in a test run. */
    static final int CHECKSUM_REQUESTS = 1_000;

    private final SequenceChecksum sequence = new SequenceChecksum(CHECKSUM_REQUESTS);
    private long result;

    Shopper(long seed, int thread) {
        rnd = new SplittableRandom(seed * 1_000_003L + thread);
    }

    void serveOne(Market m) {
        int kind = rnd.nextInt(10);
        int customer = rnd.nextInt(m.customers());
        boolean fold = sequence.next();
        if (fold) {
            sequence.add(kind);
            sequence.add(customer);
        }
        if (kind < 5) {
            int n = 1 + rnd.nextInt(12);
            int[] products = new int[n];
            int[] quantities = new int[n];
            for (int i = 0; i < n; i++) {
                products[i] = rnd.nextInt(m.products());
                quantities[i] = 1 + rnd.nextInt(8);
                if (fold) {
                    sequence.add(products[i]);
                    sequence.add(quantities[i]);
                }
            }
            result += m.purchase(customer, products, quantities);
        } else if (kind < 8) {
            int category = rnd.nextInt(Math.max(1, m.products() / Market.CATEGORY_SIZE));
            if (fold) {
                sequence.add(category);
            }
            result += m.browse(category, 10);
        } else {
            result += m.history(customer);
        }
    }

    SequenceChecksum sequence() {
        return sequence;
    }

    /** Sum of the requests' results: keeps the work from being optimised away. */
    long result() {
        return result;
    }
}
