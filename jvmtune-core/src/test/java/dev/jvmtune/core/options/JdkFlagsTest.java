package dev.jvmtune.core.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.run.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The flag table against the JVMs installed here: every flag it says a JDK has is accepted by that JVM
 * with the value and unlock option {@link JdkFlags} would write, and shows in {@code -XX:+PrintFlagsFinal};
 * every flag it says the JDK no longer has is refused or ignored by that JVM, so it is never recommended.
 */
class JdkFlagsTest {

    private static final Set<String> COLLECTORS = Set.of("UseG1GC", "UseParallelGC", "UseSerialGC", "UseZGC",
            "UseShenandoahGC", "UseConcMarkSweepGC");

    record Run(int exit, String output) {
    }

    @ParameterizedTest(name = "JDK {0}")
    @CsvSource({"17, jvmtune.jdk17, /usr/lib/jvm/java-17-openjdk-amd64",
            "25, jvmtune.jdk25, /usr/lib/jvm/temurin-25-jdk-amd64"})
    void everyFlagTheTableGivesIsAcceptedAndEveryOtherIsNot(int jdk, String property, String fallback) throws Exception {
        Path java = Path.of(System.getProperty(property, fallback), "bin", "java");
        assumeTrue(Files.isExecutable(java), "no JDK " + jdk + " at " + java);

        // all flags this JDK has, but one collector at a time
        Map<String, String> shared = new LinkedHashMap<>();
        for (JdkFlags.Flag f : JdkFlags.all()) {
            if (f.existsIn(jdk) && !COLLECTORS.contains(f.name()) && !f.name().equals("ZGenerational")) {
                shared.put(f.name(), f.value());
            }
        }
        List<String> line = JdkFlags.line(shared, jdk);
        Run all = run(java, line);
        assertEquals(0, all.exit(), "JDK " + jdk + " refused " + line + ":\n" + all.output());
        for (String name : shared.keySet()) {
            assertTrue(all.output().matches("(?s).*\\s" + name + "\\s+=.*"), name + " not in PrintFlagsFinal of JDK " + jdk);
        }
        assertTrue(!all.output().contains("Ignoring option"), "an obsolete flag in the line for JDK " + jdk + ":\n"
                + all.output());
        for (JdkFlags.Flag f : JdkFlags.all()) {
            if (!COLLECTORS.contains(f.name())) {
                continue;
            }
            Run r = run(java, List.of(f.option(f.value())));
            if (f.existsIn(jdk)) {
                assertEquals(0, r.exit(), f.name() + " refused by JDK " + jdk + ":\n" + r.output());
            } else {
                assertTrue(r.exit() != 0 || r.output().contains("Ignoring option"),
                        f.name() + " is not in the table for JDK " + jdk + " but the JVM takes it");
            }
        }
        for (JdkFlags.Flag f : JdkFlags.all()) {
            if (!f.existsIn(jdk) && jdk >= f.since() && !COLLECTORS.contains(f.name())) {
                Run r = run(java, List.of(f.option(f.value())));
                assertTrue(r.exit() != 0 || r.output().contains("Ignoring option"), f.name()
                        + " is removed for JDK " + jdk + " in the table, but the JVM still takes it:\n" + r.output());
                assertTrue(JdkFlags.option(f.name(), f.value(), jdk).isEmpty());
            }
        }
    }

    /** The logging options the thin-logging rule gives for JDK 9+ start both JVMs and write the log they name. */
    @ParameterizedTest(name = "JDK {0}")
    @CsvSource({"17, jvmtune.jdk17, /usr/lib/jvm/java-17-openjdk-amd64",
            "25, jvmtune.jdk25, /usr/lib/jvm/temurin-25-jdk-amd64"})
    void thinLoggingOptionsAreAccepted(int jdk, String property, String fallback, @TempDir Path dir) throws Exception {
        Path java = Path.of(System.getProperty(property, fallback), "bin", "java");
        assumeTrue(Files.isExecutable(java), "no JDK " + jdk + " at " + java);
        List<String> options = new ArrayList<>();
        for (String o : JdkFlags.gcLogging(jdk)) {
            options.add(o.replace("file=gc.log", "file=" + dir.resolve("gc.log")));
        }
        Run r = run(java, options);
        assertEquals(0, r.exit(), "JDK " + jdk + " refused " + options + ":\n" + r.output());
        assertTrue(Files.size(dir.resolve("gc.log")) > 0, "no log written by " + options);
    }

    private static Run run(Path java, List<String> flags) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.add("-Xmx64m");
        cmd.addAll(flags);
        cmd.add("-XX:+PrintFlagsFinal");
        cmd.add("-version");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "JVM did not finish: " + cmd);
        return new Run(p.exitValue(), out);
    }
}
