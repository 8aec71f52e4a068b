package dev.jvmtune.cli;

import dev.jvmtune.core.text.SafeText;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where commands print: the process's streams, or a test's. {@code out} and {@code err} show every control
 * character escaped ({@link SafeText}): text from logs, file names and programs cannot steer the terminal.
 * {@code terminal} is the raw error stream, for a progress line jvmtune itself redraws in place.
 */
record Streams(PrintStream out, PrintStream err, PrintStream terminal) {

    static Streams of(PrintStream out, PrintStream err) {
        return new Streams(new PrintStream(SafeText.escaping(failing(out)), true, StandardCharsets.UTF_8),
                new PrintStream(SafeText.escaping(err), true, StandardCharsets.UTF_8), err);
    }

    /**
     * Passes bytes on to {@code printed} and fails once it has failed, which a {@link PrintStream} keeps to itself:
     * so that {@link PrintStream#checkError} of the stream a command prints to tells, and a live view whose reader
     * closed the pipe stops.
     */
    private static OutputStream failing(PrintStream printed) {
        return new FilterOutputStream(printed) {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                printed.write(b, off, len);
                if (printed.checkError()) {
                    throw new IOException("standard output failed");
                }
            }
        };
    }

    /**
     * Whether progress lines belong on {@link #terminal}: it is the process's standard error and that is a terminal,
     * whatever stdout is ({@code analyze big.log > out.txt} still shows progress). Java tells only whether stdin and
     * stdout are both terminals ({@code System.console()}), so on Linux fd 2's link names the device.
     */
    boolean progressShown() {
        if (terminal != System.err) {
            return false;
        }
        try {
            String device = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null; // no /proc: the best Java knows
        }
    }
}
