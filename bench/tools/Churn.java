import java.util.concurrent.ThreadLocalRandom;

/**
 * A tiny allocation program whose only purpose is to make G1 write a realistic GC log:
 * short-lived garbage (young pauses), a slowly replaced live set (promotion, concurrent cycles,
 * mixed collections) and an occasional humongous array. Usage: {@code java Churn SECONDS}.
 * Self-contained on purpose: bench/make-large-log.sh compiles it with plain javac.
 */
public final class Churn {
    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 20;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        // ~100 MB live set on a 256 MB heap, replaced slowly so old regions fill and get collected
        Object[] live = new Object[100_000];
        for (int i = 0; i < live.length; i++) {
            live[i] = new byte[rnd.nextInt(256, 1800)];
        }
        Object[] big = new Object[8];
        long sink = 0;
        Object[] young = new Object[4096]; // keeps garbage reachable briefly so it escapes
        long iter = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) {
                byte[] garbage = new byte[rnd.nextInt(16, 512)];
                young[(int) ((iter * 1000 + i) & 4095)] = garbage;
                sink += garbage.length;
            }
            for (int i = 0; i < 4; i++) {
                live[rnd.nextInt(live.length)] = new byte[rnd.nextInt(256, 1800)];
            }
            if ((iter & 0xff) == 0) {
                big[(int) (iter >>> 8) & 7] = new byte[rnd.nextInt(1 << 20, 3 << 20)]; // humongous, at most 8 live
            }
            iter++;
        }
        System.out.println("done " + iter + " " + sink);
    }
}
