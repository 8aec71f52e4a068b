package dev.jvmtune.profile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Turns what the JVMs of a {@link ProfileSetup} wrote at exit into a {@link Profile}: the breakdown by thread
 * category, {@code collapsed.txt}, {@code flamegraph.html}, the code cache report per JVM, and {@code
 * profile.json}, all in the setup's directory. Whatever is missing becomes a note, not a failure.
 */
public final class ProfileAnalysis {

    private ProfileAnalysis() {
    }

    /**
     * How the program ran, as whoever started it saw it.
     *
     * @param command       the program
     * @param exitCode      its exit status
     * @param stopped       whether it was stopped before its end
     * @param wallSec       its wall time
     * @param programOutput the file holding its output
     * @param metricsFile   its {@code JVMTUNE_METRICS} file (may not exist)
     * @param warnings      the JVM warnings its output had
     * @param notes         what the run noted (joined with the setup's and the analysis' own)
     */
    public record Ran(List<String> command, int exitCode, boolean stopped, double wallSec, Path programOutput,
                      Path metricsFile, List<OutputWarnings.Warning> warnings, List<String> notes) {
    }

    /**
     * @param skipSec  leave each JVM's first seconds out of the breakdown and the flame graph
     * @param progress receives progress lines
     */
    public static Profile read(ProfileSetup setup, Ran ran, double skipSec, Consumer<String> progress)
            throws IOException {
        List<String> notes = new ArrayList<>(setup.notes());
        notes.addAll(ran.notes());
        Path dir = setup.dir();
        Path collapsed = dir.resolve("collapsed.txt");
        Path html = dir.resolve("flamegraph.html");
        Path json = dir.resolve("profile.json");
        Breakdown breakdown = collect(setup.parts(), collapsed, setup.event(), Math.round(skipSec * 1000), notes);
        if (breakdown != null) {
            progress.accept("jvmtune profile: writing the flame graph");
            FlameGraphHtml.write(collapsed, html, "jvmtune profile: " + setup.event().agentName() + " "
                    + String.join(" ", ran.command()));
        }
        List<CodeCacheReport> jvms = new ArrayList<>();
        for (Path r : sorted(setup.recordings(), ".jfr")) {
            try {
                jvms.add(CodeCacheReport.read(r));
            } catch (IOException e) {
                notes.add("JFR recording " + r.getFileName() + " unreadable: " + e.getMessage());
            }
        }
        if (jvms.isEmpty()) {
            notes.add("no JFR recording, so no code cache report: no JDK 11+ JVM ran to its end");
        }
        JsonNode metrics = readMetrics(ran.metricsFile(), notes);
        Profile profile = new Profile(ran.command(), "async-profiler " + AsyncProfilerLibrary.version(),
                setup.event().agentName(), setup.intervalMs(), ran.exitCode(), ran.stopped(), ran.wallSec(), breakdown,
                jvms, ran.warnings(), metrics, notes, new Profile.Files(breakdown == null ? null : html.toString(),
                breakdown == null ? null : collapsed.toString(), json.toString(), ran.programOutput().toString(),
                setup.recordings().toString(), setup.parts().toString()));
        ProfileJson.write(profile, json);
        return profile;
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
            return Json.mapper().readTree(metricsFile.toFile());
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
}
