package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standard output that cannot be written, in a real process: a full device ({@code > /dev/full}) is one line and exit
 * code 3 for any command; a reader that closed the pipe ({@code | head}) ends the command quietly with 141, as SIGPIPE
 * ends a Unix tool - a live view too, which stops instead of running on without a reader.
 */
class StandardOutputTest {

    private static final String LOG = Path.of(System.getProperty("jvmtune.root", ".."),
            "examples/logs/g1-debug-jdk17.log.gz").toAbsolutePath().toString();

    @TempDir
    Path dir;

    @Test
    void aFullDeviceIsOneLineAndExitCode3() throws Exception {
        for (List<String> args : List.of(List.of("analyze", "--json", LOG), List.of("help", "analyze"))) {
            Process p = start(args).redirectOutput(new File("/dev/full")).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), args.toString());
            assertEquals(Main.INPUT_ERROR, p.exitValue(), args + ": " + err());
            assertEquals("jvmtune: cannot write standard output: disk full", err().strip(), args.toString());
        }
    }

    @Test
    void aClosedPipeEndsTheCommandQuietlyWith141() throws Exception {
        Process p = start(List.of("analyze", "--json", LOG)).start();
        p.getInputStream().close(); // the reader is gone before anything is written
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(Main.CLOSED_PIPE, p.exitValue(), err());
        assertEquals("", err());

        // a live view runs until Ctrl-C: without a reader it stops at its next line
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of(LOG)))) {
            Files.write(dir.resolve("gc.log"), in.readAllBytes());
        }
        p = start(List.of("analyze", "--follow", "gc.log", "--json", "--interval", "0.2")).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertTrue(CliRun.isWindowLine(r.readLine()), err()); // | head -1
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the follower stops once its reader is gone");
        assertEquals(Main.CLOSED_PIPE, p.exitValue(), err());
        assertEquals("", err());
    }

    private ProcessBuilder start(List<String> args) {
        return LiveJvm.jvmtune(dir, args.toArray(String[]::new)).redirectError(dir.resolve("err").toFile());
    }

    private String err() {
        try {
            return Files.readString(dir.resolve("err"));
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
