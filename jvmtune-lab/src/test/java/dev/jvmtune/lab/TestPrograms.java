package dev.jvmtune.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Tiny real Java programs for the lab's tests, compiled once for release 17 so JDK 17 and 25 both run them:
 * one that ends well and writes a metrics file, one that exits 3, one that hangs with a child process, one
 * that runs out of memory, one that crashes the JVM, one that holds a given footprint (heap, direct buffers,
 * threads) for a while.
 */
public final class TestPrograms {

    private static final Map<String, String> SOURCES = Map.of(
            "Fine", """
                    import java.nio.file.*;
                    public class Fine {
                        public static void main(String[] a) throws Exception {
                            long ms = a.length > 0 ? Long.parseLong(a[0]) : 0;
                            long end = System.currentTimeMillis() + ms;
                            java.util.List<byte[]> keep = new java.util.ArrayList<>();
                            do {
                                for (int i = 0; i < 2000; i++) { keep.add(new byte[1024]); if (keep.size() > 20000) keep.clear(); }
                            } while (System.currentTimeMillis() < end);
                            System.gc();
                            System.out.println("answer: 42.5 ms");
                            String m = System.getenv("JVMTUNE_METRICS");
                            if (m != null) Files.writeString(Path.of(m),
                                "{\\"wallSec\\":0.25,\\"throughputOpsPerSec\\":1000,\\"latencyMs\\":{\\"p99\\":4.5},"
                                + "\\"phasesSec\\":{\\"load\\":0.1},\\"windows\\":[{\\"x\\":1}]}");
                        }
                    }""",
            "ExitThree", """
                    public class ExitThree { public static void main(String[] a) { System.exit(3); } }""",
            "Hang", """
                    public class Hang {
                        public static void main(String[] a) throws Exception {
                            Process child = new ProcessBuilder("sleep", "600").start();
                            System.out.println("child " + child.pid());
                            System.out.flush();
                            Thread.sleep(600_000);
                        }
                    }""",
            "Oom", """
                    public class Oom {
                        public static void main(String[] a) {
                            java.util.List<long[]> keep = new java.util.ArrayList<>();
                            while (true) keep.add(new long[100_000]);
                        }
                    }""",
            "Hold", """
                    public class Hold {
                        // Hold HEAP_MIB DIRECT_MIB THREADS MS: keeps that much heap and direct memory (every page
                        // touched) and that many sleeping threads for MS milliseconds
                        public static void main(String[] a) throws Exception {
                            java.util.List<Object> keep = new java.util.ArrayList<>();
                            for (int i = 0; i < Integer.parseInt(a[0]); i++) {
                                byte[] b = new byte[1 << 20];
                                java.util.Arrays.fill(b, (byte) 1);
                                keep.add(b);
                            }
                            for (int i = 0; i < Integer.parseInt(a[1]); i++) {
                                java.nio.ByteBuffer d = java.nio.ByteBuffer.allocateDirect(1 << 20);
                                while (d.hasRemaining()) d.put((byte) 1);
                                keep.add(d);
                            }
                            System.gc(); // a collection: the GC log has the heap's use too
                            for (int i = 0; i < Integer.parseInt(a[2]); i++) {
                                Thread t = new Thread(() -> { try { Thread.sleep(600_000); } catch (InterruptedException e) { } });
                                t.setDaemon(true);
                                t.start();
                            }
                            Thread.sleep(Long.parseLong(a[3]));
                            System.out.println("held " + keep.size());
                            System.out.print(new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get(
                                    "/proc/self/cgroup")))); // the cgroups it ran in
                        }
                    }""",
            "Crash", """
                    public class Crash {
                        public static void main(String[] a) throws Exception {
                            java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                            f.setAccessible(true);
                            ((sun.misc.Unsafe) f.get(null)).putAddress(0, 0);
                        }
                    }""");

    private static Path classes;

    private TestPrograms() {
    }

    /** The directory holding every program's class, compiled on first use. */
    public static synchronized Path classes() {
        if (classes == null) {
            try {
                Path src = Files.createTempDirectory("jvmtune-lab-src");
                Path out = Files.createTempDirectory("jvmtune-lab-classes");
                for (Map.Entry<String, String> e : SOURCES.entrySet()) {
                    Files.writeString(src.resolve(e.getKey() + ".java"), e.getValue());
                }
                JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
                List<String> args = new java.util.ArrayList<>(List.of("--release", "17", "-nowarn", "-d", out.toString()));
                SOURCES.keySet().forEach(k -> args.add(src.resolve(k + ".java").toString()));
                if (javac.run(null, null, null, args.toArray(String[]::new)) != 0) {
                    throw new IllegalStateException("test programs did not compile");
                }
                classes = out;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return classes;
    }

    /** {@code java {jvmflags} -cp CLASSES NAME ARGS...} */
    public static List<String> command(String name, String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of("java", "{jvmflags}", "-cp", classes().toString(), name));
        cmd.addAll(List.of(args));
        return cmd;
    }
}
