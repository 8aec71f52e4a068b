package dev.jvmtune.lab.run;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A small shell process, in a session of its own, that ends a trial if jvmtune cannot: it waits on a pipe from
 * jvmtune, and when the pipe closes before jvmtune said "done" (jvmtune was killed, even with {@code kill -9},
 * or crashed) it kills the trial's process group and every process carrying the trial's cookie. Signals that
 * stop jvmtune's own process group (Ctrl-C, SIGTERM, SIGHUP) do not stop it. About 3 ms to start.
 */
final class Watchdog implements AutoCloseable {

    private static final String SCRIPT = """
            trap '' INT TERM HUP
            IFS= read -r pid || pid=
            IFS= read -r msg || msg=
            [ "$msg" = done ] && exit 0
            for round in 1 2 3 4 5; do
              [ -n "$pid" ] && kill -KILL -- "-$pid" 2>/dev/null
              for e in /proc/[0-9]*/environ; do
                if grep -qzxF -- "$1" "$e" 2>/dev/null; then p=${e#/proc/}; kill -KILL "${p%/environ}" 2>/dev/null; fi
              done
              sleep 0.2
            done
            """;

    private final Process process;
    private final OutputStream pipe;
    private boolean watching;

    private Watchdog(Process process) {
        this.process = process;
        this.pipe = process.getOutputStream();
    }

    /** The watchdog for the trial marked {@code cookie}; null where there is no setsid (not Linux). */
    static Watchdog start(String cookie) throws IOException {
        String setsid = setsid();
        if (setsid == null) {
            return null;
        }
        Process p = new ProcessBuilder(List.of(setsid, "sh", "-c", SCRIPT, "jvmtune-watchdog",
                ProcessTree.COOKIE + "=" + cookie))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new Watchdog(p);
    }

    /** {@code setsid} of util-linux, or null. */
    static String setsid() {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
            Path p = Path.of(dir, "setsid");
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    /** The trial's pid, also its process group and session: what to kill. */
    void watch(long pid) throws IOException {
        pipe.write((pid + "\n").getBytes(StandardCharsets.US_ASCII));
        pipe.flush();
        watching = true;
    }

    /** The trial is over and jvmtune cleaned up: the watchdog exits without killing anything. */
    @Override
    public void close() {
        try {
            pipe.write(((watching ? "" : "\n") + "done\n").getBytes(StandardCharsets.US_ASCII));
            pipe.close();
        } catch (IOException e) {
            process.destroyForcibly();
        }
    }
}
