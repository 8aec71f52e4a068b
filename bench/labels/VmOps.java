import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;

/**
 * What a program asks of the VM, for the labelled set (bench/labels.sh): {@code --threads} parked threads, each
 * {@code --depth} frames deep, and a loop that asks the VM for all their stacks with locks
 * ({@code ThreadMXBean.dumpAllThreads}, a VM operation at a safepoint) and for deadlocks
 * ({@code findDeadlockedThreads}, another), the way a monitoring agent polling too often does; and
 * {@code System.gc()} every {@code --gc-every-sec} seconds, or once at start-up ({@code --gc-at-start 1}, as a
 * program that cleans up after loading its configuration). A light stream of garbage keeps the collector at work
 * beside it. With {@code --dumps-per-sec 0} and no {@code System.gc()} it only allocates: a quiet service.
 *
 * <p>{@code VmOps [--seconds 12] [--threads 300] [--depth 64] [--dumps-per-sec 50] [--gc-every-sec 0]
 * [--gc-at-start 0] [--garbage-mb-per-sec 30]}
 */
public final class VmOps {

    private static volatile long sink;
    /** The last allocations, reachable for a moment: allocation the JIT cannot remove. */
    private static final Object[] recent = new Object[256];

    public static void main(String[] args) throws Exception {
        double seconds = 12;
        int threads = 300;
        int depth = 64;
        double dumpsPerSec = 50;
        double garbageMbPerSec = 30;
        double gcEverySec = 0;
        boolean gcAtStart = false;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                case "--threads" -> threads = Integer.parseInt(args[i + 1]);
                case "--depth" -> depth = Integer.parseInt(args[i + 1]);
                case "--dumps-per-sec" -> dumpsPerSec = Double.parseDouble(args[i + 1]);
                case "--garbage-mb-per-sec" -> garbageMbPerSec = Double.parseDouble(args[i + 1]);
                case "--gc-every-sec" -> gcEverySec = Double.parseDouble(args[i + 1]);
                case "--gc-at-start" -> gcAtStart = !args[i + 1].equals("0");
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        CountDownLatch done = new CountDownLatch(1);
        int frames = depth;
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> deep(frames, done), "parked-" + t);
            th.setDaemon(true);
            th.start();
        }
        if (gcAtStart) {
            System.gc();
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int tickMs = 20;
        long garbagePerTick = (long) (garbageMbPerSec * (1 << 20) * tickMs / 1000);
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long next = start;
        long dumps = 0;
        long gcs = 0;
        while (System.nanoTime() < end) {
            for (long b = 0; b < garbagePerTick; b += 1024) {
                recent[(int) ((b >> 10) & 255)] = new byte[1024]; // escapes: the JIT cannot drop it
            }
            double due = (System.nanoTime() - start) / 1e9 * dumpsPerSec;
            for (; dumps < due; dumps++) {
                sink += mx.dumpAllThreads(true, true).length;
                long[] dead = mx.findDeadlockedThreads();
                sink += dead == null ? 0 : dead.length;
            }
            if (gcEverySec > 0) {
                for (; gcs < (System.nanoTime() - start) / 1e9 / gcEverySec; gcs++) {
                    System.gc();
                }
            }
            next += tickMs * 1_000_000L;
            long sleep = next - System.nanoTime();
            if (sleep > 0) {
                Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
            }
        }
        done.countDown();
        System.out.printf("VmOps: %d thread dumps of %d threads, %d System.gc() in %.0f s%n", dumps, threads,
                gcs + (gcAtStart ? 1 : 0), seconds);
    }

    private static void deep(int n, CountDownLatch done) {
        if (n > 0) {
            deep(n - 1, done);
            return;
        }
        try {
            synchronized (VmOps.class) {
                sink++;
            }
            done.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
