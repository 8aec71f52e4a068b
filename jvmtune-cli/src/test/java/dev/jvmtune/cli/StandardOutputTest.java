package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standard output that cannot be written: a full device ({@code > /dev/full}) is one line and exit code 3 for any
 * command; a reader that closed the pipe ({@code | head}) ends the command quietly with 141, as SIGPIPE ends a Unix
 * tool - a live view too, which stops instead of running on without a reader. A real process for {@code main}'s own
 * streams; every command that prints, in this JVM, through the same stream into a real full device and a real pipe.
 */
class StandardOutputTest {

    private static final String LOG = Path.of(System.getProperty("jvmtune.root", ".."),
            "examples/logs/g1-debug-jdk17.log.gz").toAbsolutePath().toString();

    private static final String FULL = "jvmtune: cannot write standard output: disk full";

    @TempDir
    Path dir;

    @Test
    void aFullDeviceIsOneLineAndExitCode3() throws Exception {
        List<String> args = List.of("analyze", "--json", LOG);
        Process p = start(args).redirectOutput(new File("/dev/full")).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), args.toString());
        assertEquals(Main.INPUT_ERROR, p.exitValue(), args + ": " + err());
        assertEquals(FULL, err().strip(), args.toString());
    }

    /**
     * Each command that prints, into a full device and into a pipe whose reader is gone: 3 and one line, or 141 and
     * nothing said; a command that failed on its own (demo's workload that refuses its argument) keeps its code.
     */
    @Test
    void everyCommandThatPrintsSaysAFullDeviceAndEndsQuietlyOnAClosedPipe() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (String device : List.of("full", "pipe")) {
            Path d = Files.createDirectory(dir.resolve(device));
            Path spec = Files.writeString(d.resolve("true.yaml"), "name: t\ncommand: [\"true\"]\nrepeats: 1\n");
            String db = d.resolve("r.db").toString();
            Map<List<String>, Integer> commands = new LinkedHashMap<>();
            commands.put(List.of("analyze", "--json", LOG), Main.OK);
            commands.put(List.of("system"), Main.OK);
            commands.put(List.of("baseline"), Main.OK);
            commands.put(List.of("jdks"), Main.OK);
            commands.put(List.of("help", "analyze"), Main.OK);
            commands.put(List.of("run", "--out", d.resolve("run").toString(), "--", "true"), Main.OK);
            commands.put(List.of("experiment", spec.toString(), "--db", db, "--out", d.resolve("e").toString()),
                    Main.OK);
            commands.put(List.of("results", "list", "--db", db), Main.OK);
            commands.put(List.of("demo", "--days", "-1", "--minutes", "0.01", "--out", d.resolve("demo").toString(),
                    "--db", d.resolve("demo.db").toString()), Main.PROGRAM_FAILED);
            commands.forEach((args, code) -> wrong.addAll(unwritable(device, code, args)));
        }
        assertTrue(wrong.isEmpty(), String.join("; ", wrong));
    }

    /**
     * What is wrong when {@code args}, which end with {@code code} when they can print, print into {@code device}:
     * "full" (/dev/full) or "pipe" (a pipe whose reader closed it); nothing when it is right.
     */
    static List<String> unwritable(String device, int code, List<String> args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        boolean full = device.equals("full");
        int exit;
        try {
            Process reader = full ? null : new ProcessBuilder("sh", "-c", "exec sleep 60 <&-").start();
            OutputStream out = full ? new FileOutputStream("/dev/full") : reader.getOutputStream();
            try {
                while (reader != null && Files.exists(Path.of("/proc", Long.toString(reader.pid()), "fd", "0"))) {
                    Thread.sleep(5); // until the reader has closed its end
                }
                exit = Main.run(args.toArray(String[]::new), out, new PrintStream(err, true, StandardCharsets.UTF_8));
            } finally {
                try {
                    out.close();
                } catch (IOException told) {
                    // the failure was Main's to tell
                }
                if (reader != null) {
                    reader.destroyForcibly();
                }
            }
        } catch (IOException | InterruptedException e) {
            return List.of(args + ": " + e);
        }
        List<String> said = err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("jvmtune: ")).toList();
        int expected = code != Main.OK ? code : full ? Main.INPUT_ERROR : Main.CLOSED_PIPE;
        if (exit != expected || !said.equals(full ? List.of(FULL) : List.of())) {
            return List.of(String.join(" ", args) + " > " + device + ": exit " + exit + " (want " + expected + "), said "
                    + said);
        }
        return List.of();
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
