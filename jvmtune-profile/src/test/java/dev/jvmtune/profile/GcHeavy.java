package dev.jvmtune.profile;

/**
 * A program whose CPU goes mostly to GC: it keeps a live set of about half of a tiny heap and replaces its entries
 * at random, so every collection copies or marks most of the heap while the program itself does next to nothing.
 * Run with e.g. {@code -Xmx32m}; the argument is the run time in seconds.
 */
public final class GcHeavy {

    public static void main(String[] args) {
        long end = System.nanoTime() + (long) (Double.parseDouble(args[0]) * 1e9);
        Object[] live = new Object[120_000]; // ~14 MB of 96-byte arrays when full
        long seed = 42;
        long checksum = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                int slot = (int) ((seed >>> 33) % live.length);
                byte[] b = new byte[96];
                b[0] = (byte) seed;
                live[slot] = b;
                checksum += b[0];
            }
        }
        System.out.println("checksum " + checksum);
    }
}
