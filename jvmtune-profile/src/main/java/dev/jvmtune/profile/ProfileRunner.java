package dev.jvmtune.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs a program with async-profiler and a JFR recording injected through {@code JDK_JAVA_OPTIONS}, passes its
 * output through, and turns what the JVMs wrote at exit into a {@link Profile}: the breakdown by thread
 * category, {@code collapsed.txt}, {@code flamegraph.html}, the code cache report, and {@code profile.json}.
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
        Path dir = req.outDir().toAbsolutePath();
        Files.createDirectories(dir);
        Path parts = dir.resolve("async-profiler");
        Path recordings = dir.resolve("jfr");
        clean(parts);
        clean(recordings);
        Files.createDirectories(parts);
        Path collapsed = dir.resolve("collapsed.txt");
        Path html = dir.resolve("flamegraph.html");
        Path json = dir.resolve("profile.json");
        Path console = dir.resolve("program.out");
        Path metricsFile = dir.resolve("metrics.json");
        for (Path p : List.of(collapsed, html, json, metricsFile)) {
            Files.deleteIfExists(p);
        }

        Path library = AsyncProfilerLibrary.extract(req.cacheDir());
        ProfileEvent event = AgentProbe.choose(req.probeJava(), library, req.event(), parts);
        List<String> notes = new ArrayList<>();
        if (event != req.event()) {
            notes.add("event " + req.event().agentName() + " refused here; sampled with " + event.agentName());
        }
        String options = String.join(" ",
                new AgentOptions(library, event, req.intervalMs(), parts.resolve("profile-%p.jfr")).jvmOption(),
                JfrSettings.jvmOption(dir, recordings), req.jvmOptions()).strip();

        progress.accept("jvmtune profile: running " + String.join(" ", req.command()) + " with event="
                + event.agentName() + (req.stopAfterSec() > 0 ? " for " + req.stopAfterSec() + " s" : ""));
        OutputWarnings warnings = new OutputWarnings();
        Ran ran = launch(req, options, metricsFile, console, programOutput, progress, warnings, notes);

        Breakdown breakdown = collect(parts, collapsed, event, Math.round(req.skipSec() * 1000), notes);
        if (breakdown != null) {
            progress.accept("jvmtune profile: writing the flame graph");
            FlameGraphHtml.write(collapsed, html, "jvmtune profile: " + event.agentName() + " "
                    + String.join(" ", req.command()));
        }
        List<CodeCacheReport> jvms = new ArrayList<>();
        for (Path r : sorted(recordings, ".jfr")) {
            try {
                jvms.add(CodeCacheReport.read(r));
            } catch (IOException e) {
                notes.add("JFR recording " + r.getFileName() + " unreadable: " + e.getMessage());
            }
        }
        if (jvms.isEmpty()) {
            notes.add("no JFR recording, so no code cache report: no JDK 11+ JVM ran to its end");
        }
        JsonNode metrics = readMetrics(metricsFile, notes);
        Profile profile = new Profile(req.command(), "async-profiler " + AsyncProfilerLibrary.version(),
                event.agentName(), req.intervalMs(), ran.exit(), ran.stopped(), ran.wallSec(), breakdown, jvms, warnings.warnings(),
                metrics, notes, new Profile.Files(breakdown == null ? null : html.toString(),
                breakdown == null ? null : collapsed.toString(), json.toString(), console.toString(),
                recordings.toString(), parts.toString()));
        ProfileJson.write(profile, json);
        return profile;
    }

    private record Ran(int exit, boolean stopped, double wallSec) {
    }

    /** Runs the program to its end, or stops it after --duration; its output goes through as it comes. */
    private static Ran launch(ProfileRequest req, String options, Path metricsFile, Path console,
                              Consumer<String> programOutput, Consumer<String> progress, OutputWarnings warnings,
                              List<String> notes) throws IOException, InterruptedException {
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
        return new Ran(exit, stopped, wallSec);
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

    /**
     * Converts each JVM's profile to collapsed stacks, joins them in {@code collapsed.txt} and folds them; null
     * when no JVM wrote a profile.
     */
    private static Breakdown collect(Path parts, Path collapsed, ProfileEvent event, long skipMs, List<String> notes)
            throws IOException {
        List<Path> files = sorted(parts, ".jfr");
        if (files.isEmpty()) {
            notes.add("no JVM wrote a profile: the program started no JDK 9+ JVM, its JVM failed to start, or it "
                    + "was killed before the JVM could write one");
            return null;
        }
        Breakdown.Builder b = new Breakdown.Builder(event.unit());
        int malformed = 0;
        try (BufferedWriter out = Files.newBufferedWriter(collapsed)) {
            for (Path f : files) {
                Path part = parts.resolve(f.getFileName().toString().replace(".jfr", ".collapsed"));
                try {
                    StackFiles.toCollapsed(f, part, event, skipMs);
                } catch (IOException | RuntimeException e) {
                    notes.add("profile " + f.getFileName() + " unreadable (" + e + "); left out");
                    continue;
                }
                try (Stream<String> lines = Files.lines(part)) {
                    for (String line : (Iterable<String>) lines::iterator) {
                        CollapsedStack s = CollapsedStack.parse(line);
                        if (s == null) {
                            malformed += line.isBlank() ? 0 : 1;
                            continue;
                        }
                        b.add(s);
                        out.write(line);
                        out.newLine();
                    }
                }
                Files.delete(part);
            }
        }
        if (malformed > 0) {
            notes.add(malformed + " malformed lines in the converted profile were skipped");
        }
        if (files.size() > 1) {
            notes.add(files.size() + " JVMs were profiled; their samples are added up");
        }
        if (skipMs > 0) {
            notes.add("the first " + skipMs / 1000.0 + " s of each JVM are left out of the breakdown and flame graph");
        }
        return b.build();
    }

    private static JsonNode readMetrics(Path metricsFile, List<String> notes) {
        if (!Files.exists(metricsFile)) {
            return null;
        }
        try {
            return new ObjectMapper().readTree(metricsFile.toFile());
        } catch (IOException e) {
            notes.add("metrics file " + metricsFile + " is not JSON: " + e.getMessage());
            return null;
        }
    }

    private static List<Path> sorted(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*" + suffix)) {
            ds.forEach(files::add);
        }
        files.sort(null);
        return files;
    }

    /** Removes a directory jvmtune made in an earlier run (flat: files only). */
    private static void clean(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path f : ds) {
                Files.deleteIfExists(f);
            }
        }
        Files.delete(dir);
    }
}
