package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.workloads.AllocationChurn;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.NotBoundException;
import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** A JVM running the bundled AllocationChurn for the live tests, and what they read from its GC log. */
final class LiveJvm {

    static final Path JDK17 = Path.of(System.getProperty("jvmtune.jdk17", "/usr/lib/jvm/java-17-openjdk-amd64"));
    static final Path JDK25 = Path.of(System.getProperty("jvmtune.jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64"));

    private LiveJvm() {
    }

    /** A port nobody listens on now (other developers' tests run beside these). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Starts {@code AllocationChurn} with {@code jvmFlags}, its output in {@code dir/churn.out}. */
    static Process start(Path jdk, Path dir, List<String> jvmFlags, String... args) throws IOException {
        Path java = jdk.resolve("bin/java");
        assumeTrue(Files.isExecutable(java), "no JDK at " + jdk);
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xmx256m"));
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of("-cp", workloadClasses().toString(), AllocationChurn.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("churn.out").toFile()).start();
    }

    /** The flags of a JVM with an unauthenticated JMX agent on {@code port} of the loopback interface. */
    static List<String> jmxFlags(int port) {
        return List.of("-Dcom.sun.management.jmxremote.port=" + port, "-Dcom.sun.management.jmxremote.rmi.port=" + port,
                "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false",
                "-Dcom.sun.management.jmxremote.host=127.0.0.1", "-Djava.rmi.server.hostname=127.0.0.1");
    }

    /**
     * Waits until something accepts connections on {@code port}: for a registry over TLS, which a plain lookup (as
     * {@link #awaitJmx} makes) cannot ask.
     */
    static void awaitPort(int port, Process jvm, long timeoutMillis) throws Exception {
        await("nothing listens on port " + port, jvm, timeoutMillis, () -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            }
        });
    }

    /**
     * Waits until the JMX agent on {@code port} serves its connector: its RMI registry has bound {@code jmxrmi}. The
     * agent opens the registry's port before it binds the connector, and a lookup between the two ends "no such object
     * in table", so an open port is not yet a JMX agent to connect to.
     */
    static void awaitJmx(int port, Process jvm, long timeoutMillis) throws Exception {
        await("no JMX agent on port " + port, jvm, timeoutMillis,
                () -> LocateRegistry.getRegistry("127.0.0.1", port).lookup("jmxrmi"));
    }

    /** What {@link #await} tries until it succeeds. */
    private interface Probe {
        void run() throws IOException, NotBoundException;
    }

    /** Tries {@code probe} every 100 ms until it succeeds; fails with {@code what} once the JVM ends or time is up. */
    private static void await(String what, Process jvm, long timeoutMillis, Probe probe) throws InterruptedException {
        long end = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            try {
                probe.run();
                return;
            } catch (IOException | NotBoundException notYet) {
                if (!jvm.isAlive() || System.currentTimeMillis() > end) {
                    throw new AssertionError(what + " (JVM alive: " + jvm.isAlive() + "): " + notYet);
                }
                Thread.sleep(100);
            }
        }
    }

    /**
     * Starts jvmtune's command line in a JVM of its own (for real signals, {@link Jvmtune#command}), its output in
     * {@code out} and {@code err}.
     */
    static Process jvmtune(Path dir, Path out, Path err, String... args) throws IOException {
        return jvmtune(dir, args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    }

    /** jvmtune's command line in a JVM of its own, run in {@code dir}, for the caller to connect and start. */
    static ProcessBuilder jvmtune(Path dir, String... args) {
        return new ProcessBuilder(Jvmtune.command(List.of(), args)).directory(dir.toFile());
    }

    /** What {@code jcmd PID COMMAND} of {@code jdk} prints. */
    static String jcmd(Path jdk, Process jvm, String command) throws Exception {
        Process p = new ProcessBuilder(jdk.resolve("bin/jcmd").toString(), Long.toString(jvm.pid()), command)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("jcmd " + jvm.pid() + " " + command + " did not end");
        }
        return out;
    }

    private static Path workloadClasses() {
        try {
            return Path.of(AllocationChurn.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A pause: when it began (seconds since JVM start) and how long it took. */
    record Pause(long gcId, double uptimeSec, double ms) {
    }

    /** The pauses of each GC id of a finished log or rotated set, in log order. */
    static Map<Long, List<Pause>> logPauses(Path log) throws IOException {
        Map<Long, List<Pause>> byId = new TreeMap<>();
        try (GcLogStream s = GcLogStream.openFile(log)) {
            s.start(JvmEvent.only(GcEvent.class, e -> {
                if (e.isPause()) {
                    byId.computeIfAbsent(e.gcId(), k -> new ArrayList<>()).add(new Pause(e.gcId(), e.uptimeSec(),
                            e.pauseMs()));
                }
            }));
        }
        return byId;
    }
}
