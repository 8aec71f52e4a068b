package dev.jvmtune.workloads;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;

/**
 * Survivor volume that comes in waves: for a few collections many small objects survive each one (a ring of
 * recent allocations is kept), then for a few collections nothing does (the ring is dropped). G1 sizes its
 * promotion buffers (PLABs) from what the last collections copied, so its desired PLAB size swings between
 * its floor and megabytes from one wave to the next, the PLAB resizing noise of S1.
 *
 * <p>Waves are counted in collections, not seconds, so a loaded machine changes the run's length, not its
 * shape. {@code SurvivorWaves [--seconds S] [--collections C] [--ring-mb M] [--wave N]}: run S seconds (default
 * 2) or until C collections (default: no limit), whichever comes first; keep M MiB of 48-byte arrays in the
 * ring (default 16); switch every N collections (default 3).
 */
public final class SurvivorWaves {

    private static final int OBJECT_BYTES = 48;

    /** Read by nobody; keeps the JIT from proving allocations dead and removing them. */
    private static volatile long sink;

    private SurvivorWaves() {
    }

    public static void main(String[] args) {
        double seconds = 2;
        int ringMb = 16;
        int wave = 3;
        long maxCollections = Long.MAX_VALUE;
        try {
            for (int i = 0; i + 1 < args.length; i += 2) {
                switch (args[i]) {
                    case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                    case "--ring-mb" -> ringMb = Integer.parseInt(args[i + 1]);
                    case "--wave" -> wave = Integer.parseInt(args[i + 1]);
                    case "--collections" -> maxCollections = Long.parseLong(args[i + 1]);
                    default -> usage();
                }
            }
        } catch (NumberFormatException e) {
            usage();
        }
        if (args.length % 2 != 0 || ringMb < 1 || ringMb > 1024 || wave < 1) {
            usage();
        }
        // 48-byte arrays take 64 bytes with their header: the ring holds ringMb MiB of them
        Object[] ring = new Object[ringMb * (1 << 20) / (OBJECT_BYTES + 16)];
        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long ops = 0;
        int slot = 0;
        boolean holding = true;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 4096; i++) {
                byte[] b = new byte[OBJECT_BYTES];
                b[0] = (byte) ops;
                if (holding) {
                    ring[slot] = b;
                    slot = slot + 1 == ring.length ? 0 : slot + 1;
                }
                ops++;
            }
            long done = collections(gcs);
            if (done >= maxCollections) {
                break;
            }
            boolean hold = done / wave % 2 == 0;
            if (hold != holding) {
                holding = hold;
                if (!hold) {
                    Arrays.fill(ring, null);
                }
            }
        }
        sink = ops;
        System.out.println("SurvivorWaves: " + ops + " allocations, " + collections(gcs) + " collections");
    }

    private static long collections(List<GarbageCollectorMXBean> gcs) {
        long n = 0;
        for (GarbageCollectorMXBean gc : gcs) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    private static void usage() {
        System.err.println("usage: SurvivorWaves [--seconds S] [--collections C] [--ring-mb M] [--wave N]");
        System.exit(2);
    }
}
