package dev.jvmtune.accuracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.analysis.LiveSet;
import dev.jvmtune.core.analysis.PauseGoal;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.rules.Cost;
import dev.jvmtune.core.rules.Evidence;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.RuleContext;
import dev.jvmtune.core.rules.Rules;
import dev.jvmtune.core.rules.Severity;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.workloads.AllocationChurn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * rule with their severities. Three differences are allowed, each printed with its reason: a rule that rests on data
 * an input lacks ({@link Evidence}, the rule's {@code needs()}) may differ in any way; a finding both give may differ
 * in severity where, weighed over the same span, its costs give the same severity or agree within {@link
 * #TIME_TOLERANCE_SEC} ({@link #sameCost}); a finding at INFO from one input may be absent from the other.
 *
 * <p>The workload is sized to give findings: a live set of 70 MiB in a 160 MiB heap, a humongous array now and then
 * (not under Shenandoah: {@link #SMALL_OBJECTS}), and a System.gc() at its end. Two JVMs run at a time, 4 s each.
 */
class LogVersusJfrTest {

    static final Path JDK17 = JfrGroundTruthTest.JDK17;
    static final Path JDK25 = JfrGroundTruthTest.JDK25;

    record Case(String jdk, Path home, Collector collector, List<String> flags, List<String> workload) {

        Case(String jdk, Path home, Collector collector, List<String> flags) {
            this(jdk, home, collector, flags, List.of());
        }

        @Override
        public String toString() {
            return "JDK " + jdk + " " + collector.label();
        }
    }

    /**
     * A severity weighs a cost against the span it was measured on, and the two spans differ: the log covers the JVM's
     * life, the recording starts with JFR (seconds into it on a loaded machine) and ends at its dump at exit. Where the
     * severities of a finding differ, both costs are weighed against the log's span; where that still parts them (a
     * cost at a threshold), the costs themselves must agree in every unit they state, within these tolerances. Time: the log prints each pause's CPU times in centiseconds, and
     * what comes before JFR's start is the log's only, so within {@value #TIME_TOLERANCE_SEC} s plus {@value
     * #RELATIVE_TOLERANCE} of the larger. Pauses over the goal: one pause either way, or that share. Memory: the log's
     * whole MiB, or that share.
     */
    static final double TIME_TOLERANCE_SEC = 0.05;
    static final double RELATIVE_TOLERANCE = 0.15;

    /**
     * Shenandoah's workload allocates no 2-6 MiB arrays. Each needs a run of free regions; a degenerated cycle, which
     * is what a loaded machine turns its concurrent cycles into, frees regions without compacting, so the run may not
     * be there, and after ShenandoahFullGCThreshold (3) such cycles that made progress the allocation throws
     * OutOfMemoryError instead of waiting for a Full GC. Without them every allocation fits in any free region, and a
     * live set of 70 MiB in 160 MiB always leaves room: the child waits for the collector however late it runs.
     */
    static final List<String> SMALL_OBJECTS = List.of("--huge-every", "0");

    static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (String jdk : List.of("17", "25")) {
            Path home = jdk.equals("17") ? JDK17 : JDK25;
            out.add(new Case(jdk, home, Collector.G1, List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=50")));
            out.add(new Case(jdk, home, Collector.PARALLEL, List.of("-XX:+UseParallelGC", "-XX:MaxGCPauseMillis=50")));
            out.add(new Case(jdk, home, Collector.SERIAL, List.of("-XX:+UseSerialGC")));
            out.add(new Case(jdk, home, Collector.ZGC, List.of("-XX:+UseZGC")));
            out.add(new Case(jdk, home, Collector.SHENANDOAH, List.of("-XX:+UseShenandoahGC"), SMALL_OBJECTS));
        }
        return out;
    }

    /** What jvmtune says of one input, and the span it covers. */
    record Answer(PauseGoal goal, Boolean met, long liveBytes, Map<String, Finding> findings, double spanSec,
                  boolean commandLine, RuleContext context) {
        static Answer of(Run r) {
            PauseGoal g = r.summary().pauseGoal();
            LiveSet live = r.summary().liveSet();
            Map<String, Finding> findings = new TreeMap<>();
            for (Finding f : r.findings()) {
                findings.put(f.ruleId(), f);
            }
            return new Answer(g, r.verdict().goalMet(), live == null ? -1
                    : live.fullMaxBytes() > 0 ? live.fullMaxBytes() : live.minBytes(), findings,
                    r.summary().durationSec(), r.jvm().raw().containsKey("jvm_args")
                    || r.jvm().raw().containsKey("JVM Arguments"), RuleContext.of(r.summary(), r.jvm(), r.inputs()));
        }

        String severity(String rule) {
            Finding f = findings.get(rule);
            return f == null ? null : f.severity().name();
        }

        String goalText() {
            return goal == null ? "none" : Rounding.text("%.0f ms", goal.goalMs());
        }

        @Override
        public String toString() {
            Map<String, String> severities = new TreeMap<>();
            findings.forEach((rule, f) -> severities.put(rule, f.severity().name()));
            return Rounding.text("goal %s, met %s, live set %.1f MiB, %.1f s, %s", goalText(), met, liveBytes / 1048576.0,
                    spanSec, severities);
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
        TreeMap<String, Finding> all = new TreeMap<>(log.findings());
        jfr.findings().forEach(all::putIfAbsent);
        for (String rule : all.keySet()) {
            Finding l = log.findings().get(rule);
            Finding j = jfr.findings().get(rule);
            String lacked = lacked(rule, log, jfr);
            String says = rule + " is " + log.severity(rule) + " from the log, " + jfr.severity(rule)
                    + " from the recording";
            if (l != null && j != null && l.severity() == j.severity()) {
                continue;
            }
            if (lacked != null) {
                report.append("  ").append(says).append(": ").append(lacked).append("\n");
                continue;
            }
            Finding only = l == null ? j : j == null ? l : null;
            if (only != null && only.severity() == Severity.INFO) {
                report.append("  ").append(says).append(": a note from one input, nothing from the other: neither "
                        + "asks for anything\n");
                continue;
            }
            // the log covers the JVM's life, the recording's span included: both costs weighed against the log's
            double span = Math.max(log.spanSec(), jfr.spanSec());
            if (l != null && j != null && (sameSeverityOver(span, l, j) || sameCost(l.cost(), j.cost()))) {
                report.append("  ").append(says).append(Rounding.text(": over the same %.1f s, %s and %s; costs %s; "
                        + "%s", span, severityOver(span, l), severityOver(span, j), l.cost().describe(),
                        j.cost().describe())).append("\n");
            } else {
                failures.add(c + ": " + says + (l != null && j != null ? "; costs " + l.cost().describe() + "; "
                        + j.cost().describe() : ""));
            }
        }
    }

    /** The severity of {@code f}'s cost weighed against {@code spanSec}. */
    private static Severity severityOver(double spanSec, Finding f) {
        return Severity.ofScore(Severity.score(f.cost().over(spanSec), f.unsure() != null));
    }

    private static boolean sameSeverityOver(double spanSec, Finding a, Finding b) {
        return severityOver(spanSec, a) == severityOver(spanSec, b);
    }

    /** Why an input cannot carry what {@code rule} rests on ({@link Evidence}); null where both carry it. */
    private static String lacked(String rule, Answer log, Answer jfr) {
        for (Evidence e : Rules.needs(rule)) {
            boolean inLog = e.carriedBy(log.context());
            boolean inJfr = e.carriedBy(jfr.context());
            if (!inLog || !inJfr) { // a finding resting on data an input lacks says nothing about the run there
                return (inLog ? "only the log carries " : inJfr ? "only the recording carries " : "neither carries ")
                        + e.name() + ", " + e.description();
            }
        }
        return null;
    }

    /** Whether two costs of one finding agree in every unit they state, within the tolerances above. */
    static boolean sameCost(Cost a, Cost b) {
        if (Double.isNaN(a.seconds()) != Double.isNaN(b.seconds()) || (a.goal() == null) != (b.goal() == null)
                || (a.memoryBytes() < 0) != (b.memoryBytes() < 0)) {
            return false;
        }
        boolean time = Double.isNaN(a.seconds()) || Math.abs(a.seconds() - b.seconds())
                <= TIME_TOLERANCE_SEC + RELATIVE_TOLERANCE * Math.max(a.seconds(), b.seconds());
        boolean goal = a.goal() == null || Math.abs(a.goal().pauses() - b.goal().pauses())
                <= Math.max(1, RELATIVE_TOLERANCE * Math.max(a.goal().pauses(), b.goal().pauses()));
        boolean memory = a.memoryBytes() < 0 || Math.abs(a.memoryBytes() - b.memoryBytes())
                <= Math.max(1 << 20, RELATIVE_TOLERANCE * Math.max(a.memoryBytes(), b.memoryBytes()));
        return time && goal && memory;
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
        cmd.addAll(c.workload());
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
