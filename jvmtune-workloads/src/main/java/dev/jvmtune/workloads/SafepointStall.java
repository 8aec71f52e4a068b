package dev.jvmtune.workloads;

/**
 * A thread in a long counted loop while another allocates: every collection must wait until the looping
 * thread reaches a safepoint poll. With the JIT's default loop strip mining (JDK 10+) that is within a
 * thousand iterations; with {@code -XX:-UseCountedLoopSafepoints} (or on JDK 8, where it is off) it is only
 * at the loop's end, seconds later, and "time to safepoint" dominates the stopped time.
 *
 * <p>{@code SafepointStall [--seconds S]} (default 3).
 */
public final class SafepointStall {

    private static volatile long sink;

    private SafepointStall() {
    }

    public static void main(String[] args) {
        double seconds = 3;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--seconds") && i + 1 < args.length) {
                seconds = Double.parseDouble(args[++i]);
            } else {
                System.err.println("usage: SafepointStall [--seconds S]");
                System.exit(2);
            }
        }
        Thread spinner = new Thread(SafepointStall::spin, "counted-loop");
        spinner.setDaemon(true);
        spinner.start();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long allocated = 0;
        while (System.nanoTime() < end) {
            byte[] b = new byte[1 << 16];
            allocated += b.length;
        }
        sink += allocated;
    }

    private static void spin() {
        long s = 0;
        while (true) {
            // an int-counted loop: C2 removes its safepoint poll unless UseCountedLoopSafepoints keeps one
            for (int i = 0; i < Integer.MAX_VALUE; i++) {
                s += i ^ (s >>> 3);
            }
            sink = s;
        }
    }
}
