import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A service whose retained data grows, for the labelled set (bench/labels.sh): it allocates short-lived garbage,
 * keeps a ring of medium-lived objects (they survive a few young collections, are promoted, and die in the old
 * generation, so the old generation fills and is cleaned by Full or mixed collections), and adds to a retained list
 * at a steady rate. With {@code --grow-sec S} the list stops growing after S seconds: a cache that fills at start-up and
 * then holds, which is not a leak. Paced (it sleeps between ticks), so a run of ten minutes costs little CPU.
 *
 * <p>{@code Leak [--seconds 660] [--grow-mb-per-min 6] [--grow-sec 0 (= the whole run)] [--garbage-mb-per-sec 40]
 * [--medium-mb 24] [--seed 1]}
 */
public final class Leak {

    private static volatile long sink;
    /** The last allocations, reachable for a moment: allocation the JIT cannot remove. */
    private static final Object[] recent = new Object[256];

    public static void main(String[] args) throws InterruptedException {
        double seconds = 660;
        double growMbPerMin = 6;
        double growSec = 0;
        double garbageMbPerSec = 40;
        int mediumMb = 24;
        long seed = 1;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                case "--grow-mb-per-min" -> growMbPerMin = Double.parseDouble(args[i + 1]);
                case "--grow-sec" -> growSec = Double.parseDouble(args[i + 1]);
                case "--garbage-mb-per-sec" -> garbageMbPerSec = Double.parseDouble(args[i + 1]);
                case "--medium-mb" -> mediumMb = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        Random rnd = new Random(seed);
        List<byte[]> retained = new ArrayList<>();
        byte[][] medium = new byte[Math.max(1, mediumMb * 1024 / 4)][]; // 4 KiB objects
        int tickMs = 20;
        double ticksPerSec = 1000.0 / tickMs;
        long garbagePerTick = (long) (garbageMbPerSec * (1 << 20) / ticksPerSec);
        // the medium ring is replaced in about 8 s: long enough to be promoted, short enough to die in old
        int mediumPerTick = Math.max(1, (int) (medium.length / (8 * ticksPerSec)));
        double growPerTick = growMbPerMin * (1 << 20) / 60 / ticksPerSec;
        double owed = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long next = start;
        long acc = 0;
        int slot = 0;
        while (System.nanoTime() < end) {
            for (long done = 0; done < garbagePerTick; ) {
                byte[] g = new byte[64 + rnd.nextInt(2048)];
                recent[(int) (acc & 255)] = g; // escapes: the JIT cannot drop the allocation
                done += g.length;
                acc += g.length;
            }
            for (int i = 0; i < mediumPerTick; i++) {
                medium[slot] = new byte[4096];
                slot = slot + 1 == medium.length ? 0 : slot + 1;
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            if (growSec <= 0 || elapsed < growSec) {
                owed += growPerTick;
                while (owed >= 1024) {
                    retained.add(new byte[1024]);
                    owed -= 1024;
                }
            }
            next += tickMs * 1_000_000L;
            long sleep = next - System.nanoTime();
            if (sleep > 0) {
                Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
            }
        }
        sink = acc + retained.size();
        System.out.printf("Leak: retained %d MiB after %.0f s%n", retained.size() >> 10, seconds);
    }
}
