package dev.jvmtune.workloads.jbb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A supermarket back end in the manner of SPECjbb's: a product catalogue with prices and stock, and customers
 * who each keep their last {@link #HISTORY} orders. Purchases allocate an order with its lines and a receipt and
 * push the customer's oldest order out, so the old generation holds a steady live set that keeps turning over;
 * browsing and history requests allocate short-lived lists and maps.
 */
final class Market {

    static final int HISTORY = 16;
    static final int CATEGORY_SIZE = 64;

    private final long[] priceCents;
    private final AtomicIntegerArray stock;
    private final Customer[] customers;
    private final AtomicLong orderIds = new AtomicLong();

    Market(int products, int customers, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        priceCents = new long[products];
        stock = new AtomicIntegerArray(products);
        for (int i = 0; i < products; i++) {
            priceCents[i] = 50 + rnd.nextInt(20_000);
            stock.set(i, 100 + rnd.nextInt(900));
        }
        this.customers = new Customer[customers];
        for (int i = 0; i < customers; i++) {
            this.customers[i] = new Customer();
        }
    }

    /** Fills every customer's history, so runs start at the steady live set rather than growing into it. */
    void prefill(long seed) {
        SplittableRandom rnd = new SplittableRandom(~seed);
        for (int c = 0; c < customers.length; c++) {
            for (int h = 0; h < HISTORY; h++) {
                int n = 1 + rnd.nextInt(12);
                int[] products = new int[n];
                int[] quantities = new int[n];
                for (int i = 0; i < n; i++) {
                    products[i] = rnd.nextInt(priceCents.length);
                    quantities[i] = 1 + rnd.nextInt(8);
                }
                purchase(c, products, quantities);
            }
        }
    }

    int products() {
        return priceCents.length;
    }

    int customers() {
        return customers.length;
    }

    /** Prices the basket with a volume discount, takes it from stock (restocking what runs out), files the order. */
    long purchase(int customer, int[] products, int[] quantities) {
        List<Line> lines = new ArrayList<>(products.length);
        long total = 0;
        for (int i = 0; i < products.length; i++) {
            int p = products[i];
            int q = quantities[i];
            if (stock.addAndGet(p, -q) < 0) {
                stock.addAndGet(p, 1000); // the supplier's delivery
            }
            long cents = priceCents[p] * q;
            if (q >= 5) {
                cents -= cents / 10;
            }
            lines.add(new Line(p, q, cents));
            total += cents;
        }
        StringBuilder receipt = new StringBuilder(32 * lines.size());
        for (Line l : lines) {
            receipt.append(l.product).append(" x").append(l.quantity).append(' ').append(l.cents).append('\n');
        }
        Order o = new Order(orderIds.incrementAndGet(), lines.toArray(Line[]::new), total, receipt.toString());
        customers[customer].file(o);
        return total;
    }

    /** The cheapest {@code top} products of a category, as a shop front lists them. */
    long browse(int category, int top) {
        int from = (category * CATEGORY_SIZE) % priceCents.length;
        List<long[]> offers = new ArrayList<>(CATEGORY_SIZE);
        for (int i = 0; i < CATEGORY_SIZE; i++) {
            int p = (from + i) % priceCents.length;
            offers.add(new long[] {priceCents[p], p, stock.get(p)});
        }
        offers.sort((a, b) -> Long.compare(a[0], b[0]));
        long sum = 0;
        for (int i = 0; i < Math.min(top, offers.size()); i++) {
            sum += offers.get(i)[0] * 31 + offers.get(i)[1];
        }
        return sum;
    }

    /** Spending per product over the customer's kept orders. */
    long history(int customer) {
        Map<Integer, Long> spend = new HashMap<>();
        for (Order o : customers[customer].orders()) {
            for (Line l : o.lines) {
                spend.merge(l.product, l.cents, Long::sum);
            }
        }
        return spend.values().stream().mapToLong(Long::longValue).sum() + spend.size();
    }

    private record Line(int product, int quantity, long cents) {
    }

    private record Order(long id, Line[] lines, long totalCents, String receipt) {
    }

    private static final class Customer {
        private final Order[] orders = new Order[HISTORY];
        private int next;

        synchronized void file(Order o) {
            orders[next] = o;
            next = (next + 1) % HISTORY;
        }

        synchronized List<Order> orders() {
            List<Order> l = new ArrayList<>(HISTORY);
            for (Order o : orders) {
                if (o != null) {
                    l.add(o);
                }
            }
            return l;
        }
    }
}
