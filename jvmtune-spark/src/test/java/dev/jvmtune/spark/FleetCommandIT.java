package dev.jvmtune.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar jvmtune.jar fleet} as a user runs it, after the build has packaged both artifacts: the CLI jar
 * (no Spark in it) finds {@code target/fleet}, loads it in a class loader of its own, and Spark runs with the
 * packages the jar's manifest opens; without the fleet artifact the command says so in one line.
 */
class FleetCommandIT {

    static final Path CLI_JAR = Path.of("../jvmtune-cli/target/jvmtune.jar").toAbsolutePath().normalize();
    static final Path FLEET = Path.of("target/fleet").toAbsolutePath();

    record Result(int exit, String out) {
    }

    static Result jvmtune(Path fleetDir, String... args) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // the options bin/jvmtune gives a fleet: C1 only, and on JDK 24+ two that Spark warns without
        List<String> command = new java.util.ArrayList<>(List.of(java.toString(), "-XX:TieredStopAtLevel=1"));
        if (Runtime.version().feature() >= 24) {
            command.addAll(List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED"));
        }
        command.addAll(List.of("-jar", CLI_JAR.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("JVMTUNE_FLEET", fleetDir.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "jvmtune fleet finished");
        return new Result(p.exitValue(), out);
    }

    @Test
    void theCliRunsTheFleetFromItsSeparateArtifact(@TempDir Path tmp) throws Exception {
        assertTrue(Files.isRegularFile(CLI_JAR) && Files.isRegularFile(FLEET.resolve("jvmtune-fleet.jar")),
                "both artifacts packaged: " + CLI_JAR + ", " + FLEET);
        Path logs = tmp.resolve("logs");
        for (String name : List.of("blockcache-jdk17-g1", "jbb-jdk25-zgc")) {
            Path dir = Files.createDirectories(logs.resolve(name.substring(0, name.indexOf('-'))).resolve("host1"));
            try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(
                    Path.of("src/test/resources/workload-logs", name + ".log.gz")))) {
                Files.copy(in, dir.resolve("gc.log"));
            }
        }
        Files.writeString(logs.resolve("jbb").resolve("notes.txt"), "not a GC log\n");
        Path out = tmp.resolve("out");
        Result r = jvmtune(FLEET, "fleet", logs.toString(), "--out", out.toString(), "--master", "local[2]");
        assertEquals(0, r.exit(), r.out());
        assertTrue(r.out().contains("2 JVMs") || r.out().contains("3 JVMs"), r.out());
        assertTrue(r.out().contains("2 runs") && r.out().contains("1 files not analyzed"), r.out());
        assertTrue(Files.size(out.resolve("report.html")) > 100_000, "the report with its chart library");
        assertTrue(Files.isDirectory(out.resolve("runs")) && Files.isRegularFile(out.resolve("views.sql")));

        Result missing = jvmtune(Files.createDirectories(tmp.resolve("empty")), "fleet", logs.toString());
        assertEquals(3, missing.exit(), missing.out());
        assertEquals(1, missing.out().strip().lines().count(), "one line: " + missing.out());
        assertTrue(missing.out().startsWith("jvmtune: the fleet module is not built"), missing.out());
    }
}
