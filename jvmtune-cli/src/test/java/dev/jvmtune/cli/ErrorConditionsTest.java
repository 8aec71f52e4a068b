package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command driven into the error conditions of docs/cli.md's exit-code table that it reaches before any program
 * runs: the code of the table and one line that starts as given - never an internal error for an ordinary condition.
 * A program that fails (5) is a workload JVM that cannot start here; a memory limit without a memory cgroup to write
 * (4) and Ctrl-C during a trial (130) are the tests below. The codes that need a longer program or another signal are
 * asserted where that happens: 5 (RunCommandTest, ProfileCommandTest), 6 (TuneCommandTest, DemoCommandTest), 130 and
 * 143 of a watch (WatchEndingsTest) and of a followed log (FollowFaultsTest), budget's (BudgetCommandTest), 141 and 3
 * for standard output (StandardOutputTest); ExitCodeTableTest names the test of each command and code of the table.
 */
class ErrorConditionsTest {

    @TempDir
    Path tmp;

    private record Case(int exit, String line, String... args) {
    }

    @Test
    void everyCommandSaysEachOfItsErrorsInOneLineWithTheTablesCode() throws IOException {
        Path empty = Files.createFile(tmp.resolve("empty.log"));
        Path noMachine = Files.createDirectory(tmp.resolve("root"));
        Path badSpec = Files.writeString(tmp.resolve("bad.yaml"), "name: x\n");
        String gone = tmp.resolve("gone").toString();
        String unwritable = "/proc/jvmtune-cannot-write-here";
        String db = tmp.resolve("jvmtune.db").toString();
        List<Case> cases = List.of(
                new Case(2, "jvmtune: --pause-goal wants a positive number", "analyze", "--pause-goal", "-1", "x"),
                new Case(3, "jvmtune: no such file: " + gone, "analyze", gone),
                new Case(4, "jvmtune: " + empty + ": empty file", "analyze", empty.toString()),
                new Case(2, "jvmtune: Unknown option: '--bogus'", "system", "--bogus"),
                new Case(3, "jvmtune: --root " + gone + " is not a directory", "system", "--root", gone),
                new Case(2, "jvmtune: unknown --goal 'speed'", "baseline", "--goal", "speed"),
                new Case(3, "jvmtune: --root " + gone + " is not a directory", "baseline", "--root", gone),
                new Case(4, "jvmtune: memory size unknown", "baseline", "--root", noMachine.toString()),
                new Case(2, "jvmtune: Invalid value for option '--minutes'", "demo", "--minutes", "abc"),
                new Case(3, "jvmtune: cannot write the journal " + unwritable, "demo", "--out", unwritable, "--db", db),
                new Case(2, "jvmtune: unknown workload 'nosuch'", "workload", "nosuch"),
                new Case(3, "jvmtune: cannot write the trial's files in " + unwritable, "workload", "timeseries",
                        "--out", unwritable),
                new Case(5, "jvmtune: timeseries ended FAILED (exit 1)", "workload", "timeseries", "--flags=-Xmx1k",
                        "--out", tmp.resolve("w").toString()),
                new Case(2, "jvmtune: give the program to profile after --", "profile"),
                new Case(3, "jvmtune: cannot run program \"" + gone + "\"", "profile", "--out",
                        tmp.resolve("p").toString(), "--", gone),
                new Case(2, "jvmtune: no JDK 99 installed here", "run", "--jdk", "99", "--", "true"),
                new Case(3, "jvmtune: cannot run " + gone + ": no such file", "run", "--out",
                        tmp.resolve("r").toString(), "--", gone),
                new Case(2, "jvmtune: Unknown option: '--bogus'", "jdks", "--bogus"),
                new Case(2, "jvmtune: " + badSpec + ":1:1: give either workload", "experiment", badSpec.toString(),
                        "--db", db),
                new Case(3, "jvmtune: " + gone + ": no such file", "experiment", gone, "--db", db),
                new Case(2, "jvmtune: Missing required parameter: 'ID'", "results", "summary"),
                new Case(3, "jvmtune: " + gone + ": no such results database", "results", "list", "--db", gone),
                new Case(2, "jvmtune: cannot read target 'x < fast'", "tune", "--goal", "x < fast", "--", "true"),
                new Case(3, "jvmtune: cannot write the journal " + unwritable, "tune", "--goal", "wallSec <= -5%",
                        "--out", unwritable, "--db", db, "--", "true"),
                new Case(2, "jvmtune: --pause-goal wants a positive number", "watch", "--pause-goal", "-1", "1"),
                new Case(3, "jvmtune: cannot watch process 999999999", "watch", "999999999"),
                new Case(2, "jvmtune: give --flags to predict, or --limit", "budget", "--from", gone),
                new Case(3, "jvmtune: " + Path.of(gone, "trial.json") + " not found", "budget", "--from", gone,
                        "--flags", "-Xmx1g"));
        List<String> wrong = new ArrayList<>();
        for (Case c : cases) {
            CliRun r = CliRun.of(c.args());
            List<String> errors = r.err().lines().filter(l -> l.startsWith("jvmtune: ")).toList();
            if (r.exit() != c.exit() || errors.size() != 1 || !errors.get(0).startsWith(c.line())) {
                wrong.add(String.join(" ", c.args()) + ": exit " + r.exit() + ", " + r.err().strip());
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
        assertEquals(13, cases.stream().map(c -> c.args()[0]).distinct().count(), "every command but fleet, whose "
                + "module is a separate build (FleetFaultsTest, FleetCommandIT)");
    }

    /** A memory limit on a machine without a memory cgroup jvmtune can write: 4, and one line that says why. */
    @Test
    void aMemoryLimitWithoutAWritableCgroupIs4() throws Exception {
        Path spec = Files.writeString(tmp.resolve("limit.yaml"), "name: limit\ncommand: [\"true\"]\nrepeats: 1\n"
                + "memoryLimits: [256m]\n");
        Map<String, Process> started = new LinkedHashMap<>(); // together: each is a JVM's start
        for (List<String> args : List.of(List.of("run", "--memory-limit", "256m", "--out", tmp.resolve("r").toString(),
                "--", "true"), List.of("experiment", spec.toString(), "--db", tmp.resolve("e.db").toString(), "--out",
                tmp.resolve("e").toString()))) {
            started.put(args.get(0), WithoutCgroups.start(tmp, args.get(0), args.toArray(String[]::new)));
        }
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Process> e : started.entrySet()) {
            CliRun r = WithoutCgroups.ended(e.getValue(), tmp, e.getKey());
            List<String> said = r.err().lines().filter(l -> l.startsWith("jvmtune: ")).toList();
            if (r.exit() != Main.NOT_ANALYZABLE || said.size() != 1 || !said.get(0).contains("cgroup")) {
                wrong.add(e.getKey() + ": exit " + r.exit() + ", " + r.err().strip());
            }
        }
        assertTrue(wrong.isEmpty(), String.join("; ", wrong));
    }

    /**
     * Ctrl-C during a trial ends each command that runs one (run, experiment, tune, demo) with 130 and one line saying
     * the trial is discarded (and, where the command resumes, how), and its trial's program with it. They start
     * together; each is stopped once its program runs.
     */
    @Test
    void ctrlCDuringATrialEndsWith130AndItsProgram() throws Exception {
        String arg = "61." + ProcessHandle.current().pid(); // sleep's seconds, unique to this test: "61.4242" + N
        Path spec = Files.writeString(tmp.resolve("stop.yaml"), "name: stop\ncommand: [sleep, \"" + arg + "1\"]\n"
                + "repeats: 1\ntimeout: 90s\n");
        String demo = tmp.resolve("demo").toString();
        List<String> wrong = stoppedByCtrlC(tmp, List.of( // the demo first: its goal may end it after the baseline
                new Stop(demo + "/trials/", "not a result; --resume runs it again", "demo", "--days", "1", "--out",
                        demo, "--db", tmp.resolve("d.db").toString()),
                new Stop(arg + "0", "not a result", "run", "--out", tmp.resolve("run").toString(), "--", "sleep",
                        arg + "0"),
                new Stop(arg + "1", "not a result; --resume runs it again", "experiment", spec.toString(), "--db",
                        tmp.resolve("e.db").toString(), "--out", tmp.resolve("experiment").toString()),
                new Stop(arg + "2", "not a result; --resume runs it again", "tune", "--goal", "wallSec <= -5%", "--db",
                        tmp.resolve("t.db").toString(), "--out", tmp.resolve("tune").toString(), "--", "sleep",
                        arg + "2")));
        assertTrue(wrong.isEmpty(), "Ctrl-C during a trial: " + String.join("; ", wrong));
    }

    /**
     * A command stopped by Ctrl-C once its trial's program runs: the program is the process, jvmtune's own aside,
     * whose command line names {@code marker}; the one line jvmtune says ends with {@code end}.
     */
    record Stop(String marker, String end, String... args) {
    }

    /** Starts the commands together and stops each by Ctrl-C once its program runs; what went wrong. */
    static List<String> stoppedByCtrlC(Path tmp, List<Stop> stops) throws Exception {
        Map<Stop, Process> started = new LinkedHashMap<>();
        Set<Long> jvmtunes = new HashSet<>();
        List<String> wrong = new ArrayList<>();
        try {
            for (Stop s : stops) {
                Process p = Jvmtune.start(tmp.resolve(s.args()[0] + ".log"), s.args());
                started.put(s, p);
                jvmtunes.add(p.pid());
            }
            for (Map.Entry<Stop, Process> e : started.entrySet()) {
                String command = e.getKey().args()[0];
                Path log = tmp.resolve(command + ".log");
                Process p = e.getValue();
                boolean programRan = await(() -> !programs(e.getKey().marker(), jvmtunes).isEmpty() || !p.isAlive(), 60);
                if (!programRan || !p.isAlive()) {
                    wrong.add(command + ": " + (p.isAlive() ? "its program did not start" : "ended (exit "
                            + p.exitValue() + ") before Ctrl-C") + ": " + Files.readString(log).strip());
                    continue;
                }
                assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor(), command);
                boolean ended = p.waitFor(30, TimeUnit.SECONDS);
                boolean programEnded = await(() -> programs(e.getKey().marker(), jvmtunes).isEmpty(), 10);
                List<String> said = Files.readAllLines(log).stream().filter(l -> l.startsWith("jvmtune: ")).toList();
                boolean oneLine = said.size() == 1 && said.get(0).startsWith("jvmtune: jvmtune was stopped during the "
                        + "trial in ") && said.get(0).endsWith(e.getKey().end());
                if (!ended || p.exitValue() != Main.INTERRUPTED || !programEnded || !oneLine) {
                    wrong.add(command + ": " + (ended ? "exit " + p.exitValue() : "still running") + ", its program "
                            + (programEnded ? "ended" : "left running") + ": " + Files.readString(log).strip());
                }
            }
        } finally {
            started.values().forEach(Process::destroyForcibly);
            stops.forEach(s -> programs(s.marker(), jvmtunes).forEach(pid -> ProcessHandle.of(pid)
                    .ifPresent(ProcessHandle::destroyForcibly)));
        }
        return wrong;
    }

    /** The running processes but jvmtune's whose command line contains {@code marker}. */
    private static List<Long> programs(String marker, Set<Long> jvmtunes) {
        try {
            return Jvmtune.running(marker).stream().filter(pid -> !jvmtunes.contains(pid)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean await(java.util.function.BooleanSupplier condition, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }
}
