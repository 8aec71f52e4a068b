package dev.jvmtune.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive that {@code package} made, unpacked with {@code unzip} into an empty directory and used from
 * another one, as a user who has only a JDK would: its launcher analyzes the bundled log and runs a workload trial,
 * with no source tree, no Maven and a home directory of its own (where the class-data archive goes).
 */
class ReleaseArchiveIT {

    private static final Path ARCHIVE = Path.of(System.getProperty("jvmtune.release", "target/none.zip"));

    @Test
    void unpackedInAnEmptyDirectoryItAnalyzesALogAndRunsAWorkloadTrial(@TempDir Path tmp) throws Exception {
        assertTrue(Files.isRegularFile(ARCHIVE), "package makes " + ARCHIVE);
        assumeTrue(new ProcessBuilder("unzip", "-v").start().waitFor() == 0, "no unzip here (.ci/run installs it)");
        Path install = Files.createDirectories(tmp.resolve("opt"));
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path home = Files.createDirectories(tmp.resolve("home"));
        assertEquals(0, run(install, home, "unzip", "-q", ARCHIVE.toAbsolutePath().toString()).exit);
        Path root;
        try (Stream<Path> s = Files.list(install)) {
            root = s.findFirst().orElseThrow();
        }
        assertTrue(root.getFileName().toString().matches("jvmtune-\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), root.toString());
        Path launcher = root.resolve("bin/jvmtune");
        assertTrue(Files.isExecutable(launcher), "the launcher keeps its mode in the archive");
        for (String doc : List.of("README.md", "docs/cli.md", "docs/tuner.md", "lib/jvmtune.jar")) {
            assertTrue(Files.isRegularFile(root.resolve(doc)), doc);
        }

        Result analyzed = run(work, home, launcher.toString(), "analyze", "--json",
                root.resolve("examples/logs/g1-debug-jdk17.log.gz").toString());
        assertEquals(0, analyzed.exit, analyzed.err);
        JsonNode doc = new ObjectMapper().readTree(analyzed.out);
        assertTrue(doc.path("runs").get(0).path("summary").path("pauses").path("count").asInt() == 35, analyzed.out);

        Result trial = run(work, home, launcher.toString(), "run", "--workload", "timeseries", "--out", "trial",
                "--", "--days", "1");
        assertEquals(0, trial.exit, trial.out + trial.err);
        assertTrue(trial.out.contains("outcome     OK"), trial.out);
        assertTrue(Files.size(work.resolve("trial/gc.log")) > 0, "the trial's GC log");
        assertTrue(Files.isRegularFile(work.resolve("trial/result.json")));
        assertFalse(Files.exists(root.resolve("jvmtune-cli")), "nothing was built in the installation");
        assertFalse(Files.exists(root.resolve("pom.xml")));
    }

    private record Result(int exit, String out, String err) {
    }

    /** A process with only a JDK: JAVA_HOME, a PATH of system directories, its own HOME. */
    private static Result run(Path dir, Path home, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(List.of(command))).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("MAVEN") || k.startsWith("JVMTUNE") || k.startsWith("XDG"));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("PATH", "/usr/bin:/bin");
        env.put("HOME", home.toString());
        Path out = Files.createTempFile(dir.getParent(), "out", ".txt");
        Path err = Files.createTempFile(dir.getParent(), "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("no end within 3 minutes: " + String.join(" ", command));
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
