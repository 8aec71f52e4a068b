package dev.jvmtune.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.host.HostProbe;
import dev.jvmtune.lab.TestPrograms;
import dev.jvmtune.lab.run.JdkChoice;
import dev.jvmtune.lab.run.TrialRunner;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.StoredTrial;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real experiment on JDK 17 and 25 whose trials crash, hang, run out of memory or end well. */
class ExperimentRunnerTest {

    @TempDir
    Path tmp;

    @Test
    void everyOutcomeIsStoredAndTheExperimentGoesOn() throws Exception {
        String spec = """
                name: outcomes
                jdks: [17, 25]
                command: [java, "{jvmflags}", -cp, "%s", "{program}"]
                flags:
                  small: -Xmx32m -XX:-CreateCoredumpOnCrash
                params:
                  program: [Fine, ExitThree, Hang, Oom, Crash]
                timeout: 3s
                seed: 11
                """.formatted(TestPrograms.classes());
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        try (ResultStore store = ResultStore.open(tmp.resolve("jvmtune.db").toString())) {
            ExperimentRunner runner = new ExperimentRunner(store, new TrialRunner(),
                    new JdkChoice(HostProbe.local().probe()), new Progress(new PrintStream(progress, true, StandardCharsets.UTF_8)));
            String id = runner.start(spec, tmp.resolve("out"));
            List<StoredTrial> trials = store.trials(id);
            assertEquals(10, trials.size());
            Map<String, String> outcomes = trials.stream().collect(Collectors.toMap(
                    t -> t.jdk() + "/" + t.params().get("program"), StoredTrial::outcome));
            for (String jdk : List.of("17", "25")) {
                assertEquals("OK", outcomes.get(jdk + "/Fine"));
                assertEquals("FAILED", outcomes.get(jdk + "/ExitThree"));
                assertEquals("TIMEOUT", outcomes.get(jdk + "/Hang"));
                assertEquals("OOM", outcomes.get(jdk + "/Oom"));
                assertEquals("CRASH", outcomes.get(jdk + "/Crash"));
            }
            assertTrue(store.experiment(id).orElseThrow().complete());
            assertEquals(11L, store.experiment(id).orElseThrow().seed());
        }
        String lines = progress.toString(StandardCharsets.UTF_8);
        assertTrue(lines.contains("ETA") && lines.contains("10/10 100%") && lines.contains("(8 not OK)"), lines);
    }

    @Test
    void aMatrixOverMemoryLimitsFindsTheSmallestThatHolds() throws Exception {
        java.util.Optional<String> why = dev.jvmtune.lab.run.TrialRunner.memoryLimitUnavailable();
        org.junit.jupiter.api.Assumptions.assumeTrue(why.isEmpty(), () -> "no writable memory cgroup: " + why.orElse(""));
        String spec = """
                name: limits
                jdks: [17]
                command: [java, "{jvmflags}", -cp, "%s", Hold, "{mib}", "0", "0", "200"]
                flags:
                  serial: -XX:+UseSerialGC -Xms256m -Xmx256m
                params:
                  mib: [100]
                memoryLimits: [96m, 512m, 384m]
                timeout: 60s
                seed: 3
                """.formatted(TestPrograms.classes());
        try (ResultStore store = ResultStore.open(tmp.resolve("jvmtune.db").toString())) {
            ExperimentRunner runner = new ExperimentRunner(store, new TrialRunner(),
                    new JdkChoice(HostProbe.local().probe()), new Progress(new PrintStream(new ByteArrayOutputStream())));
            String id = runner.start(spec, tmp.resolve("out"));
            List<StoredTrial> trials = store.trials(id);
            assertEquals(3, trials.size());
            Map<String, String> byLimit = trials.stream().collect(Collectors.toMap(t -> t.params().get("memoryLimit"),
                    StoredTrial::outcome));
            assertEquals(Map.of("96m", "OOM_KILLED", "384m", "OK", "512m", "OK"), byLimit);
            assertTrue(trials.stream().allMatch(t -> t.params().get("mib").equals("100")), "the program's parameter");
            dev.jvmtune.lab.stats.ExperimentSummary s = dev.jvmtune.lab.stats.ExperimentSummary.of(id,
                    ExperimentSpec.parse(store.experiment(id).orElseThrow().spec()), trials, "wallSec", null, 1);
            assertEquals(1, s.limits().size());
            assertEquals(384L << 20, s.limits().get(0).smallestHeldBytes());
            assertEquals(3, s.footprints().size(), "a footprint per cell, the killed one too");
        }
    }
}
