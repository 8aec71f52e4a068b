/** Allocates about 100 MB/s and keeps some of it, so that a watched JVM collects several times a second. */
public class Churn {
    public static void main(String[] args) throws Exception {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
        byte[][] keep = new byte[4096][];
        int i = 0;
        while (System.nanoTime() < end) {
            for (int k = 0; k < 1000; k++) keep[(i++) & 4095] = new byte[1024];
            Thread.sleep(10);
        }
    }
}
