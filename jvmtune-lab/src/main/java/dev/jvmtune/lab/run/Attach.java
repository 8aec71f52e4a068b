package dev.jvmtune.lab.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A diagnostic command sent to a running HotSpot JVM as {@code jcmd PID COMMAND} sends it, without starting a
 * {@code jcmd} JVM for each (a second of CPU apiece on a loaded machine): the attach protocol of HotSpot on Linux.
 * The first time, it creates {@code .attach_pidN} in the JVM's working directory and sends SIGQUIT, which makes the
 * JVM start its attach listener (one thread) on {@code /tmp/.java_pidN}; every command is then one connection to
 * that socket. SIGQUIT is sent only when the JVM's signal mask shows that it catches it (before that, or with
 * {@code -Xrs}, the signal would end the process) and once it runs its {@code Service Thread}: HotSpot starts that
 * thread after its Signal Dispatcher and after removing what it takes for a stale socket of an earlier process of its
 * pid, so a listener started sooner could lose its socket, and a SIGQUIT sent in the first tenth of a second (JDK 25
 * catches the signal from its first threads on) printed a thread dump into the program's output once.
 */
final class Attach {

    /** Protocol version 1 (JDK 6 to 25): version, command, three arguments, each ended by NUL. */
    private static final String PROTOCOL = "1";
    private static final int SIGQUIT_BIT = 1 << 2; // signal 3 is bit 2 of the masks in /proc/PID/status
    private static final int MAX_REPLY = 1 << 20;

    private final long pid;
    private final Path socket;
    private final long nsPid;

    private Attach(long pid, long nsPid) {
        this.pid = pid;
        this.nsPid = nsPid;
        this.socket = Path.of("/proc", Long.toString(pid), "root", "tmp", ".java_pid" + nsPid);
    }

    /** The HotSpot thread whose start tells that the JVM takes a SIGQUIT as the attach trigger. */
    private static final String STARTED_THREAD = "Service Thread";

    /** The JVM {@code pid} as it can be attached to, or null when it does not catch SIGQUIT or has not started (yet). */
    static Attach to(long pid) {
        String status;
        try {
            status = Files.readString(Path.of("/proc", Long.toString(pid), "status"));
        } catch (IOException e) {
            return null;
        }
        long nsPid = pid;
        long caught = 0;
        for (String line : status.split("\n")) {
            if (line.startsWith("NSpid:")) {
                String[] f = line.substring(6).trim().split("\\s+");
                nsPid = Long.parseLong(f[f.length - 1]);
            } else if (line.startsWith("SigCgt:")) {
                caught = Long.parseUnsignedLong(line.substring(7).trim(), 16);
            }
        }
        return (caught & SIGQUIT_BIT) == 0 || !hasThread(pid, STARTED_THREAD) ? null : new Attach(pid, nsPid);
    }

    private static boolean hasThread(long pid, String name) {
        try (java.util.stream.Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.anyMatch(t -> {
                try {
                    return Files.readString(t.resolve("comm")).strip().equals(name);
                } catch (IOException gone) {
                    return false;
                }
            });
        } catch (IOException | java.io.UncheckedIOException gone) {
            return false;
        }
    }

    /** Starts the JVM's attach listener if it is not running; waits at most {@code timeoutMs}. */
    boolean listen(long timeoutMs) throws IOException, InterruptedException {
        if (Files.exists(socket)) {
            return true;
        }
        Path trigger = Path.of("/proc", Long.toString(pid), "cwd", ".attach_pid" + nsPid);
        // the directory itself, to remove the file from once /proc/PID is gone (a JVM that ended meanwhile)
        Path real = trigger.getParent().toRealPath().resolve(trigger.getFileName());
        try {
            Files.write(trigger, new byte[0]);
        } catch (IOException e) { // a working directory it cannot write: the JVM looks in /tmp too
            trigger = Path.of("/proc", Long.toString(pid), "root", "tmp", ".attach_pid" + nsPid);
            real = trigger.getParent().toRealPath().resolve(trigger.getFileName());
            Files.write(trigger, new byte[0]);
        }
        try {
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(pid)).redirectErrorStream(true).start();
            kill.getInputStream().readAllBytes();
            if (!kill.waitFor(timeoutMs, TimeUnit.MILLISECONDS) || kill.exitValue() != 0) {
                return false;
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
            while (!Files.exists(socket)) {
                if (System.nanoTime() > deadline) {
                    return false;
                }
                Thread.sleep(10);
            }
            return true;
        } finally {
            if (!Files.deleteIfExists(trigger)) {
                Files.deleteIfExists(real);
            }
        }
    }

    /** The output of a diagnostic command ({@code VM.native_memory summary}); IOException when the JVM refuses it. */
    String jcmd(String command) throws IOException {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            String request = PROTOCOL + "\0jcmd\0" + command + "\0\0\0";
            ByteBuffer out = ByteBuffer.wrap(request.getBytes(StandardCharsets.UTF_8));
            while (out.hasRemaining()) {
                ch.write(out);
            }
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            ByteBuffer in = ByteBuffer.allocate(8192);
            while (ch.read(in) >= 0 && reply.size() < MAX_REPLY) {
                reply.write(in.array(), 0, in.position());
                in.clear();
            }
            String text = reply.toString(StandardCharsets.UTF_8);
            int nl = text.indexOf('\n');
            String code = (nl < 0 ? text : text.substring(0, nl)).trim();
            if (!code.equals("0")) {
                throw new IOException("the JVM refused '" + command + "': " + text.strip());
            }
            return text.substring(nl + 1);
        }
    }
}
