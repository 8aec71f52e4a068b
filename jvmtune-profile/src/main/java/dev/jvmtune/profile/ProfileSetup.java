package dev.jvmtune.profile;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a JVM needs at its start to be profiled: async-profiler as an agent and a JFR recording of its code cache and
 * compilations, both writing into one directory when the JVM exits. Whoever starts the program injects {@link
 * #jvmOptions()} (as flags or through {@code JDK_JAVA_OPTIONS}); {@link ProfileAnalysis} reads the files afterwards.
 *
 * @param dir        where the files go
 * @param event      the event that samples on this machine (may differ from the one asked for)
 * @param intervalMs sampling interval
 * @param jvmOptions the options, one per element, unquoted
 * @param notes      what the setup had to change (an event this machine refused)
 */
public record ProfileSetup(Path dir, ProfileEvent event, int intervalMs, List<String> jvmOptions,
                           List<String> notes) {

    public ProfileSetup {
        jvmOptions = List.copyOf(jvmOptions);
        notes = List.copyOf(notes);
    }

    /**
     * Clears an earlier profile's files from {@code dir}, extracts the agent and checks with {@code probeJava} that
     * {@code event} samples here, else falls back to one that does.
     *
     * @throws ProfilingUnavailableException when no event samples on this machine
     */
    public static ProfileSetup prepare(Path dir, ProfileEvent event, int intervalMs, Path probeJava, Path cacheDir)
            throws IOException, InterruptedException, ProfilingUnavailableException {
        Path abs = dir.toAbsolutePath();
        Files.createDirectories(abs);
        Path parts = abs.resolve("async-profiler");
        Path recordings = abs.resolve("jfr");
        clean(parts);
        clean(recordings);
        Files.createDirectories(parts);
        for (String name : List.of("collapsed.txt", "flamegraph.html", "profile.json")) {
            Files.deleteIfExists(abs.resolve(name));
        }
        Path library = AsyncProfilerLibrary.extract(cacheDir);
        ProfileEvent chosen = AgentProbe.choose(probeJava, library, event, parts);
        List<String> notes = new ArrayList<>();
        if (chosen != event) {
            notes.add("event " + event.agentName() + " refused here; sampled with " + chosen.agentName());
        }
        List<String> options = List.of(
                new AgentOptions(library, chosen, intervalMs, parts.resolve("profile-%p.jfr")).jvmOption(),
                JfrSettings.jvmOption(abs, recordings));
        return new ProfileSetup(abs, chosen, intervalMs, options, notes);
    }

    /** async-profiler's JFR files, one per JVM. */
    public Path parts() {
        return dir.resolve("async-profiler");
    }

    /** The JVMs' own JFR recordings. */
    public Path recordings() {
        return dir.resolve("jfr");
    }

    /** The options as {@code JDK_JAVA_OPTIONS} takes them: space-separated, double quotes around a path with spaces. */
    public String javaOptions() {
        return String.join(" ", jvmOptions.stream().map(AgentOptions::quoted).toList());
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
