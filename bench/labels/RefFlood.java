import java.lang.ref.WeakReference;
import java.util.Random;

/**
 * Reference processing that grows, for the labelled set (bench/labels.sh): besides a steady stream of short-lived
 * garbage (which sets the pace of young collections), it creates references whose referents die young, at a rate
 * that ramps from {@code --from} to {@code --to} per second over the run, so each young collection discovers more of
 * them than the one before. {@code --kind weak}: WeakReferences kept in a ring, their referents dropped at once;
 * {@code --kind final}: objects with a finalizer (each registers a FinalReference that the collector must discover,
 * keep alive and hand to the finalizer thread). Paced, so the ramp is the same on a busy machine.
 *
 * <p>{@code RefFlood [--seconds 12] [--kind weak|final] [--from 20000] [--to 400000] [--garbage-mb-per-sec 100]
 * [--seed 1]}
 */
public final class RefFlood {

    private static volatile long sink;
    /** The last allocations, reachable for a moment: allocation the JIT cannot remove. */
    private static final Object[] recent = new Object[256];

    /** An object with a finalizer: its death is work for reference processing. */
    static final class Finalizable {
        final long value;

        Finalizable(long value) {
            this.value = value;
        }

        @SuppressWarnings({"deprecation", "removal"})
        @Override
        protected void finalize() {
            sink += value;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        double seconds = 12;
        String kind = "weak";
        double from = 20_000;
        double to = 400_000;
        double garbageMbPerSec = 100;
        long seed = 1;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                case "--kind" -> kind = args[i + 1];
                case "--from" -> from = Double.parseDouble(args[i + 1]);
                case "--to" -> to = Double.parseDouble(args[i + 1]);
                case "--garbage-mb-per-sec" -> garbageMbPerSec = Double.parseDouble(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (!kind.equals("weak") && !kind.equals("final")) {
            throw new IllegalArgumentException("--kind weak or final");
        }
        boolean weak = kind.equals("weak");
        Random rnd = new Random(seed);
        // a ring that keeps the references (not their referents) reachable for about two seconds at the top rate
        WeakReference<?>[] ring = new WeakReference<?>[weak ? (int) Math.max(1, 2 * to) : 1];
        int tickMs = 10;
        long garbagePerTick = (long) (garbageMbPerSec * (1 << 20) * tickMs / 1000);
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long next = start;
        double owed = 0;
        int slot = 0;
        long refs = 0;
        while (true) {
            long now = System.nanoTime();
            if (now >= end) {
                break;
            }
            double share = (now - start) / (seconds * 1e9);
            owed += (from + (to - from) * share) * tickMs / 1000;
            for (; owed >= 1; owed--, refs++) {
                if (weak) {
                    ring[slot] = new WeakReference<>(new byte[16]);
                    slot = slot + 1 == ring.length ? 0 : slot + 1;
                } else {
                    new Finalizable(refs);
                }
            }
            for (long done = 0; done < garbagePerTick; ) {
                byte[] g = new byte[64 + rnd.nextInt(1024)];
                recent[(int) (done & 255)] = g; // escapes: the JIT cannot drop the allocation
                done += g.length;
            }
            next += tickMs * 1_000_000L;
            long sleep = next - System.nanoTime();
            if (sleep > 0) {
                Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
            }
        }
        sink += refs;
        System.out.printf("RefFlood: %d %s references in %.0f s%n", refs, kind, seconds);
    }
}
