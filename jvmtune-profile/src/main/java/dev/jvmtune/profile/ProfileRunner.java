package dev.jvmtune.profile;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs a program with a {@link ProfileSetup}'s options injected through {@code JDK_JAVA_OPTIONS}, passes its
 * output through, stops it after {@code --duration}, and has {@link ProfileAnalysis} read what its JVMs wrote.
 * A program that fails still gets everything it left behind.
 */
public final class ProfileRunner {

    /** How long a program stopped after --duration gets to write its profile before it is killed. */
    private static final int STOP_GRACE_SEC = 30;
    /** How long the program's output may stay open after it exited. */
    private static final int OUTPUT_GRACE_SEC = 5;

    private ProfileRunner() {
    }

    /**
     * @param programOutput receives each line the program prints (stdout and stderr merged)
     * @param progress      receives jvmtune's own progress lines
     * @throws ProfilingUnavailableException when the agent cannot sample on this machine (nothing is run)
     */
    public static Profile run(ProfileRequest req, Consumer<String> programOutput, Consumer<String> progress)
            throws IOException, InterruptedException, ProfilingUnavailableException {
        ProfileSetup setup = ProfileSetup.prepare(req.outDir(), req.event(), req.intervalMs(), req.probeJava(),
                req.cacheDir());
        Path console = setup.dir().resolve("program.out");
        Path metricsFile = setup.dir().resolve("metrics.json");
        Files.deleteIfExists(metricsFile);
        String options = (setup.javaOptions() + " " + req.jvmOptions()).strip();

        progress.accept("jvmtune profile: running " + String.join(" ", req.command()) + " with event="
                + setup.event().agentName() + (req.stopAfterSec() > 0 ? " for " + req.stopAfterSec() + " s" : ""));
        ProfileAnalysis.Ran ran = launch(req, options, metricsFile, console, programOutput, progress);
        return ProfileAnalysis.read(setup, ran, req.skipSec(), progress);
    }

    /** Runs the program to its end, or stops it after --duration; its output goes through as it comes. */
    private static ProfileAnalysis.Ran launch(ProfileRequest req, String options, Path metricsFile, Path console,
                                              Consumer<String> programOutput, Consumer<String> progress)
            throws IOException, InterruptedException {
        OutputWarnings warnings = new OutputWarnings();
        List<String> notes = new ArrayList<>();
        ProcessBuilder pb = new ProcessBuilder(req.command()).redirectErrorStream(true);
        pb.environment().putAll(req.environment());
        String existing = pb.environment().get("JDK_JAVA_OPTIONS");
        pb.environment().put("JDK_JAVA_OPTIONS", existing == null || existing.isBlank() ? options
                : existing + " " + options);
        pb.environment().put("JVMTUNE_METRICS", metricsFile.toString());
        long start = System.nanoTime();
        Process p = pb.start();
        Thread pump = pump(p, console, programOutput, warnings);
        boolean stopped = false;
        if (req.stopAfterSec() > 0 && !p.waitFor(req.stopAfterSec(), TimeUnit.SECONDS)) {
            stopped = true;
            progress.accept("jvmtune profile: stopping the program after " + req.stopAfterSec() + " s");
            // the JVM may be a start script's child: stop it first, it writes the profile in its shutdown
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            if (!p.waitFor(STOP_GRACE_SEC, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                notes.add("the program did not stop within " + STOP_GRACE_SEC + " s of SIGTERM and was killed");
            }
        }
        int exit = p.waitFor();
        double wallSec = (System.nanoTime() - start) / 1e9;
        // a process the program left running in the background may hold the output open: do not wait for it
        pump.join(TimeUnit.SECONDS.toMillis(OUTPUT_GRACE_SEC));
        if (pump.isAlive()) {
            notes.add("the program's output stayed open after it exited (a process left in the background); "
                    + "program.out stops there");
        }
        return new ProfileAnalysis.Ran(req.command(), exit, stopped, wallSec, console, metricsFile,
                warnings.warnings(), notes);
    }

    private static Thread pump(Process p, Path console, Consumer<String> programOutput, OutputWarnings warnings) {
        Thread t = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8)); BufferedWriter out = Files.newBufferedWriter(console)) {
                String line;
                while ((line = in.readLine()) != null) {
                    out.write(line);
                    out.newLine();
                    warnings.line(line);
                    programOutput.accept(line);
                }
            } catch (IOException e) {
                programOutput.accept("jvmtune profile: reading the program's output failed: " + e.getMessage());
            }
        }, "program-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
