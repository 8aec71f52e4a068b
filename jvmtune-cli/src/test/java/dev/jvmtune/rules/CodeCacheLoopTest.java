package dev.jvmtune.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.analysis.CodeCacheChurn;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.profile.JfrSettings;
import dev.jvmtune.workloads.codecache.CodeCacheWorkload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * S4's loop without a full event: the {@code codecache} workload's hot set moves every 500 ms, so the JVM keeps
 * freeing the cold handlers' code and the JIT keeps compiling the new ones. With a 4 MB code cache {@code
 * code-cache-full} must fire from what the files show - JDK 25's GC log (steady "CodeCache GC Threshold"
 * collections) and JDK 17's JFR recording (a cache near full while compilations go on) - and with 240 MB stay
 * silent. The four JVMs run at once to keep the test short.
 */
class CodeCacheLoopTest {

    private static final Path JDK17 = Path.of(System.getProperty("jvmtune.jdk17",
            "/usr/lib/jvm/java-17-openjdk-amd64"), "bin", "java");
    private static final Path JDK25 = Path.of(System.getProperty("jvmtune.jdk25",
            "/usr/lib/jvm/temurin-25-jdk-amd64"), "bin", "java");
    private static final List<String> FLAGS = List.of("-XX:+UseG1GC", "-Xmx512m",
            "-XX:IncreaseFirstTierCompileThresholdAt=99", "-XX:CompileThresholdScaling=0.1");
    private static final List<String> LOOP = List.of("--seconds", "12", "--classes", "400", "--hot-set", "40",
            "--rotate-every-ms", "500");

    @Test
    void firesOnTheLoopAndNotWithAnAmpleCache(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(JDK17) && Files.isExecutable(JDK25), "needs JDK 17 and 25");
        String jfr = JfrSettings.jvmOption(dir, dir.resolve("jfr-4m"));
        JfrSettings.jvmOption(dir, dir.resolve("jfr-240m"));
        List<Process> runs = List.of(
                start(JDK25, dir.resolve("out-25-4m.txt"), "4m", "-Xlog:gc*:file=" + dir.resolve("gc-4m.log")),
                start(JDK25, dir.resolve("out-25-240m.txt"), "240m", "-Xlog:gc*:file=" + dir.resolve("gc-240m.log")),
                start(JDK17, dir.resolve("out-17-4m.txt"), "4m", jfr),
                start(JDK17, dir.resolve("out-17-240m.txt"), "240m", jfr.replace("jfr-4m", "jfr-240m")));
        for (Process p : runs) {
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "a workload run did not end: " + p.info());
        }
        try (Stream<Path> outs = Files.list(dir).filter(f -> f.getFileName().toString().startsWith("out-"))) {
            for (Path out : outs.toList()) {
                System.out.print(out.getFileName() + ": " + Files.readString(out));
            }
        }
        for (Process p : runs) {
            assertEquals(0, p.exitValue(), "a workload run failed (its output is above)");
        }

        Run gcSmall = analyze(dir.resolve("gc-4m.log"));
        Finding fromGcLog = codeCache(gcSmall).orElseThrow(() -> new AssertionError("silent on JDK 25's GC log, "
                + gcSmall.summary().codeCacheChurn()));
        assertTrue(fromGcLog.evidence().stream().anyMatch(e -> e.contains("code-cache collections after warm-up")),
                fromGcLog.toString());
        assertTrue(fromGcLog.evidence().stream().anyMatch(e -> e.contains("jvmtune profile")), fromGcLog.toString());
        // a GC log does not state the cache's size: twice the default
        assertEquals(List.of("-XX:ReservedCodeCacheSize=480m"), fromGcLog.recommendation().options());
        assertEquals(Optional.empty(), codeCache(analyze(dir.resolve("gc-240m.log"))));

        Run jfrSmall = analyze(recording(dir.resolve("jfr-4m")));
        Finding fromJfr = codeCache(jfrSmall).orElseThrow(() -> new AssertionError("silent on JDK 17's recording, "
                + jfrSmall.summary().codeCacheChurn()));
        CodeCacheChurn churn = jfrSmall.summary().codeCacheChurn();
        assertTrue(fromJfr.evidence().stream().anyMatch(e -> e.contains("compilations per quarter went on")),
                fromJfr + " " + churn);
        assertEquals(List.of("-XX:ReservedCodeCacheSize=240m"), fromJfr.recommendation().options());
        Run jfrLarge = analyze(recording(dir.resolve("jfr-240m")));
        assertEquals(Optional.empty(), codeCache(jfrLarge), String.valueOf(jfrLarge.summary().codeCacheChurn()));
        System.out.printf("code cache loop: JDK 25 GC log %s %s; JDK 17 JFR %s %s; 240 MB JFR %s%n",
                fromGcLog.severity(), gcSmall.summary().codeCacheChurn(), fromJfr.severity(), churn,
                jfrLarge.summary().codeCacheChurn());
    }

    private static Process start(Path java, Path out, String size, String record) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java.toString()));
        cmd.addAll(FLAGS);
        cmd.addAll(List.of("-XX:ReservedCodeCacheSize=" + size, record, "-cp", System.getProperty("java.class.path"),
                CodeCacheWorkload.class.getName()));
        cmd.addAll(LOOP);
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    }

    private static Path recording(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".jfr")).findFirst()
                    .orElseThrow(() -> new AssertionError("no recording in " + dir));
        }
    }

    private static Run analyze(Path file) throws Exception {
        return RunReader.read(LogInputs.resolve(List.of(file)).get(0), RunReader.Options.DEFAULT.pauseGoal(0)).get(0);
    }

    private static Optional<Finding> codeCache(Run run) {
        return run.findings().stream().filter(f -> f.ruleId().equals("code-cache-full"))
                .findFirst();
    }
}
