package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.ToolProvider;

/**
 * A program whose time the tests decide, for the tuner: {@code Probe fixed MS} runs MS, {@code Probe random MIN MAX}
 * a random time in [MIN, MAX), {@code Probe heap MB MS} MS with a max heap of at least MB and twice as long with
 * less. Each adds up to 20 ms of random jitter (the draws seeded by the trial's directory: the same at every run of a
 * test) and writes the time it measured to JVMTUNE_METRICS as {@code wallSec};
 * {@code heap} allocates short-lived arrays all the while (its GC log has collections to draw), the others sleep.
 */
public final class TuneProbe {

    private static final String SOURCE = """
            import java.nio.file.*;
            public class Probe {
                public static void main(String[] a) throws Exception {
                    // drawn from the trial's directory name (trials/000, 001...): the same times at every run
                    // of a test, so that a test of noise tests the tuner, not its luck
                    String m = System.getenv("JVMTUNE_METRICS");
                    java.util.random.RandomGenerator r = m == null ? new java.security.SecureRandom()
                            : new java.util.SplittableRandom(Path.of(m).getParent().getFileName().toString().hashCode());
                    long ms = switch (a[0]) {
                        case "fixed" -> Long.parseLong(a[1]);
                        case "random" -> Long.parseLong(a[1]) + r.nextInt(Integer.parseInt(a[2]) - Integer.parseInt(a[1]));
                        default -> (Runtime.getRuntime().maxMemory() >> 20) >= Long.parseLong(a[1]) * 95 / 100
                                ? Long.parseLong(a[2]) : 2 * Long.parseLong(a[2]);
                    } + r.nextInt(20);
                    long t0 = System.nanoTime();
                    if (a[0].equals("heap")) { // short-lived arrays all the while: collections to draw
                        byte[][] ring = new byte[64][];
                        for (int i = 0; System.nanoTime() - t0 < ms * 1_000_000L; i++) {
                            ring[i & 63] = new byte[16 << 10];
                            if ((i & 255) == 0) {
                                Thread.sleep(1);
                            }
                        }
                    } else {
                        Thread.sleep(ms);
                    }
                    double wall = (System.nanoTime() - t0) / 1e9;
                    Files.writeString(Path.of(System.getenv("JVMTUNE_METRICS")), "{\\"wallSec\\":" + wall + "}");
                }
            }
            """;

    private final Path dir;

    private TuneProbe(Path dir) {
        this.dir = dir;
    }

    /** Compiles the probe into {@code dir}. */
    public static TuneProbe compile(Path dir) throws IOException {
        Path src = dir.resolve("Probe.java");
        Files.writeString(src, SOURCE);
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), src.toString());
        assertEquals(0, rc, "Probe compiles");
        return new TuneProbe(dir);
    }

    /** The command line that runs the probe with {@code args} on the JDK running the tests. */
    public List<String> command(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", dir.toString(), "Probe"));
        cmd.addAll(List.of(args));
        return cmd;
    }
}
