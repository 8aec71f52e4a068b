package dev.jvmtune.accuracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.analysis.LiveSet;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.workloads.AllocationChurn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One run, one answer: each collector on JDK 17 and 25 runs {@link AllocationChurn} once, writing its GC log
 * ({@code -Xlog:gc*,safepoint,arguments}) and a JFR recording ({@code settings=default}) of the same run, and jvmtune
 * must say the same of both: the same goal (the run sets {@code MaxGCPauseMillis} where the collector has a goal, so
 * that both sides must find it: the log in its {@code jvm_args} line, the recording in {@code jdk.GCConfiguration}),
 * the same verdict on it, the same live set (within the log's rounding to whole MiB) and the same findings, rule by
 * rule with their severities. Where one input holds data the other lacks, the difference must be one of {@link
 * #EXPLAINED}, each with its reason, and the reason is printed with the comparison.
 *
 * <p>The workload is sized to give findings: a live set of 70 MiB in a 160 MiB heap, a humongous array now and then,
 * and a System.gc() at its end. Two JVMs run at a time, 4 s each.
 */
class LogVersusJfrTest {

    static final Path JDK17 = JfrGroundTruthTest.JDK17;
    static final Path JDK25 = JfrGroundTruthTest.JDK25;

    record Case(String jdk, Path home, Collector collector, List<String> flags) {
        @Override
        public String toString() {
            return "JDK " + jdk + " " + collector.label();
        }
    }

    /**
     * Differences the two inputs may show, and why: a rule id and the input that lacks what it needs. Each is data one
     * input carries and the other does not, never a reading of the same data two ways.
     */
    static final Map<String, String> EXPLAINED = Map.of(
            "thin-logging", "judges the GC log's detail: a recording is not a log, its detail is its settings",
            "time-to-safepoint", "needs safepoint timing: the default recording has no jdk.SafepointBegin/"
                    + "jdk.SafepointStateSynchronization events (they are off in default.jfc)",
            "non-gc-safepoints", "needs every safepoint: the default recording keeps none (jdk.SafepointBegin off)",
            "code-cache-full", "needs the code heaps: the recording samples them (jdk.CodeCacheStatistics), the GC "
                    + "log of JDK 17+ does not show them",
            "gc-sys-time", "needs the pauses' user and sys CPU: the log's gc+cpu lines have them, the recording only "
                    + "from JDK 20 (jdk.GCCPUTime)",
            "reference-processing", "needs the time of reference processing in pauses: the recording's phase "
                    + "events carry it for every collector, a Parallel or Serial log at -Xlog:gc* does not "
                    + "(-Xlog:gc+phases+ref=debug)",
            "young-space-crowds-evacuation", "sizes the Eden of the pauses that failed evacuation: the log counts it in "
                    + "G1's whole regions, the recording in the bytes used in them (jdk.G1HeapSummary), which for "
                    + "the near-empty Eden of a failing pause differ by megabytes");

    /**
     * Rules that judge a share of the run's time. The two inputs cover different spans - the recording starts with JFR,
     * seconds into the JVM's life, and ends at its dump; the log covers the JVM's life, JFR's start and dump included
     * - so where the spans differ by more than a tenth, their verdicts may too.
     */
    static final Set<String> SHARE_OF_TIME = Set.of("gc-overhead", "allocation-stall", "shenandoah-degenerated",
            "frequent-young-collections", "heap-too-small");

    static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (String jdk : List.of("17", "25")) {
            Path home = jdk.equals("17") ? JDK17 : JDK25;
            out.add(new Case(jdk, home, Collector.G1, List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=50")));
            out.add(new Case(jdk, home, Collector.PARALLEL, List.of("-XX:+UseParallelGC", "-XX:MaxGCPauseMillis=50")));
            out.add(new Case(jdk, home, Collector.SERIAL, List.of("-XX:+UseSerialGC")));
            out.add(new Case(jdk, home, Collector.ZGC, List.of("-XX:+UseZGC")));
            out.add(new Case(jdk, home, Collector.SHENANDOAH, List.of("-XX:+UseShenandoahGC")));
        }
        return out;
    }

    /** What jvmtune says of one input, and the span it covers. */
    record Answer(PauseGoal goal, Boolean met, long liveBytes, Map<String, String> findings, double spanSec,
                  boolean commandLine) {
        static Answer of(Run r) {
            PauseGoal g = r.summary().pauseGoal();
            LiveSet live = r.summary().liveSet();
            Map<String, String> findings = new TreeMap<>();
            for (Finding f : r.findings()) {
                findings.put(f.ruleId(), f.severity().name());
            }
            return new Answer(g, r.verdict().goalMet(), live == null ? -1
                    : live.fullMaxBytes() > 0 ? live.fullMaxBytes() : live.minBytes(), findings,
                    r.summary().durationSec(), r.jvm().raw().containsKey("jvm_args")
                    || r.jvm().raw().containsKey("JVM Arguments"));
        }

        String goalText() {
            return goal == null ? "none" : Rounding.text("%.0f ms", goal.goalMs());
        }

        @Override
        public String toString() {
            return Rounding.text("goal %s, met %s, live set %.1f MiB, %.1f s, %s", goalText(), met, liveBytes / 1048576.0,
                    spanSec, findings);
        }
    }

    @Test
    void theLogAndTheRecordingOfOneRunGiveOneAnswer() throws Exception {
        // the runs' files stay for a look: target/log-vs-jfr/JDK-collector/{gc.log,rec.jfr,stdout.txt}
        Path dir = Files.createDirectories(Path.of("target", "log-vs-jfr"));
        long start = System.nanoTime();
        List<Case> cases = cases().stream().filter(c -> Files.isExecutable(c.home().resolve("bin/java"))).toList();
        assumeTrue(!cases.isEmpty(), "neither JDK 17 nor 25 is installed");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<Path>> runs = new ArrayList<>();
        try {
            for (int i = 0; i < cases.size(); i++) {
                Case c = cases.get(i);
                Path caseDir = Files.createDirectories(dir.resolve(c.jdk() + "-" + c.collector().label()));
                runs.add(pool.submit(() -> run(c, caseDir)));
            }
            List<String> failures = new ArrayList<>();
            StringBuilder report = new StringBuilder();
            int compared = 0;
            for (int i = 0; i < cases.size(); i++) {
                Case c = cases.get(i);
                Path caseDir = runs.get(i).get(120, TimeUnit.SECONDS);
                if (caseDir == null) {
                    report.append(c).append(": collector not in this JDK, skipped\n");
                    continue;
                }
                Answer jfr = Answer.of(read(caseDir.resolve("rec.jfr"), 0));
                Answer log = Answer.of(read(caseDir.resolve("gc.log"), 0));
                report.append(c).append("\n  log ").append(log).append("\n  jfr ").append(jfr).append("\n");
                if (!log.commandLine() && log.goal() == null && jfr.goal() != null) {
                    // the log cannot show the goal: compare the rest as a user would, giving it with --pause-goal
                    report.append("  goal only from the recording: JDK ").append(c.jdk()).append("'s -Xlog:arguments "
                            + "writes no jvm_args line, so the log does not show the command line; the log re-read "
                            + "with --pause-goal ").append(jfr.goalText()).append("\n");
                    log = Answer.of(read(caseDir.resolve("gc.log"), jfr.goal().goalMs()));
                }
                compared++;
                compare(c, log, jfr, failures, report);
            }
            System.out.println(report);
            System.out.printf("%d runs compared in %.1f s%n", compared, (System.nanoTime() - start) / 1e9);
            assertTrue(compared >= 4, "too few collectors ran:\n" + report);
            assertTrue(failures.isEmpty(), String.join("\n", failures) + "\n\n" + report);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void compare(Case c, Answer log, Answer jfr, List<String> failures, StringBuilder report) {
        boolean setsGoal = c.flags().stream().anyMatch(f -> f.startsWith("-XX:MaxGCPauseMillis="));
        if (!log.goalText().equals(jfr.goalText()) || (jfr.goal() != null) != setsGoal) {
            failures.add(c + ": goal " + log.goalText() + " from the log, " + jfr.goalText() + " from the recording; "
                    + "the run sets " + (setsGoal ? "one" : "none"));
        }
        if (log.met() != jfr.met()) {
            failures.add(c + ": goal met " + log.met() + " from the log, " + jfr.met() + " from the recording");
        }
        // the log prints the heap after a collection in whole MiB
        if (Math.abs(log.liveBytes() - jfr.liveBytes()) > Math.max(1 << 20, 0.01 * jfr.liveBytes())) {
            failures.add(c + ": live set " + log + " from the log, " + jfr + " from the recording");
        }
        boolean spansDiffer = Math.abs(log.spanSec() - jfr.spanSec()) > 0.1 * Math.max(log.spanSec(), jfr.spanSec());
        TreeMap<String, String> all = new TreeMap<>(log.findings());
        jfr.findings().forEach(all::putIfAbsent);
        for (String rule : all.keySet()) {
            String l = log.findings().get(rule);
            String j = jfr.findings().get(rule);
            if (l != null && l.equals(j)) {
                continue;
            }
            String why = EXPLAINED.get(rule);
            if (why == null && spansDiffer && SHARE_OF_TIME.contains(rule)) {
                why = Rounding.text("judges a share of the run's time, and the two cover different spans: the log "
                        + "%.1f s, the JVM's life; the recording %.1f s, from JFR's start to its dump at exit",
                        log.spanSec(), jfr.spanSec());
            }
            if (why != null) {
                report.append("  ").append(rule).append(" ").append(l).append(" from the log, ").append(j)
                        .append(" from the recording: ").append(why).append("\n");
            } else {
                failures.add(c + ": " + rule + " is " + l + " from the log, " + j + " from the recording");
            }
        }
    }

    private static Run read(Path file, double pauseGoalMs) throws Exception {
        return RunReader.read(LogInputs.resolve(List.of(file)).get(0), RunReader.Options.DEFAULT.pauseGoal(pauseGoalMs))
                .get(0);
    }

    /** Runs the case; null when the JDK lacks the collector. */
    private static Path run(Case c, Path dir) throws Exception {
        Path java = c.home().resolve("bin/java");
        Process probe = new ProcessBuilder(java.toString(), c.flags().get(0), "-version").redirectErrorStream(true)
                .start();
        probe.getInputStream().readAllBytes();
        if (probe.waitFor() != 0) {
            return null;
        }
        Path classes = Path.of(AllocationChurn.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xms160m", "-Xmx160m"));
        cmd.addAll(c.flags());
        cmd.add("-Xlog:gc*,safepoint,arguments:file=" + dir.resolve("gc.log") + ":time,uptime,level,tags");
        cmd.add("-XX:StartFlightRecording=filename=" + dir.resolve("rec.jfr") + ",settings=default");
        cmd.addAll(List.of("-cp", classes.toString(), AllocationChurn.class.getName(), "--seconds", "4", "--live-mb",
                "70"));
        Path out = dir.resolve("stdout.txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("child JVM did not finish in 90 s: " + String.join(" ", cmd));
        }
        assertEquals(0, p.exitValue(), "child JVM failed: " + String.join(" ", cmd) + "\n" + Files.readString(out));
        return dir;
    }
}
