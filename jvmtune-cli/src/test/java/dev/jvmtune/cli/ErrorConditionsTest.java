package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command driven into the error conditions of docs/cli.md's exit-code table that it reaches before any program
 * runs: the code of the table and one line that starts as given - never an internal error for an ordinary condition.
 * A program that fails (5) is a workload JVM that cannot start here; Ctrl-C during a trial (130) is the test below.
 * The codes that need a longer program or another signal are asserted where that happens: 5 (RunCommandTest,
 * ProfileCommandTest), 6 (TuneCommandTest, DemoCommandTest), 130 and 143 of a watch (WatchEndingsTest), 141 and 3
 * for standard output (StandardOutputTest).
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

    /**
     * Ctrl-C during a trial ends each command that runs one on its own (run, experiment, tune) with 130 and one line
     * saying the trial is discarded (and, where the command resumes, how), and its trial's program with it. The three
     * start together; each is stopped once its program runs.
     */
    @Test
    void ctrlCDuringATrialEndsWith130AndItsProgram() throws Exception {
        String arg = "61." + ProcessHandle.current().pid(); // sleep's seconds, unique to this test: "61.4242" + N
        Path spec = Files.writeString(tmp.resolve("stop.yaml"), "name: stop\ncommand: [sleep, \"" + arg + "1\"]\n"
                + "repeats: 1\ntimeout: 90s\n");
        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put(arg + "0", List.of("run", "--out", tmp.resolve("run").toString(), "--", "sleep", arg + "0"));
        commands.put(arg + "1", List.of("experiment", spec.toString(), "--db", tmp.resolve("e.db").toString(), "--out",
                tmp.resolve("experiment").toString()));
        commands.put(arg + "2", List.of("tune", "--goal", "wallSec <= -5%", "--db", tmp.resolve("t.db").toString(),
                "--out", tmp.resolve("tune").toString(), "--", "sleep", arg + "2"));
        Map<String, Process> started = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, List<String>> c : commands.entrySet()) {
                started.put(c.getKey(), Jvmtune.start(tmp.resolve(c.getKey() + ".log"), c.getValue().toArray(String[]::new)));
            }
            List<String> wrong = new ArrayList<>();
            for (Map.Entry<String, Process> e : started.entrySet()) {
                String command = commands.get(e.getKey()).get(0);
                Process p = e.getValue();
                if (!await(() -> !programs(e.getKey()).isEmpty() || !p.isAlive(), 60)) {
                    wrong.add(command + ": its program did not start: " + Files.readString(tmp.resolve(e.getKey() + ".log")));
                    continue;
                }
                assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
                boolean ended = p.waitFor(30, TimeUnit.SECONDS);
                boolean programEnded = await(() -> programs(e.getKey()).isEmpty(), 10);
                List<String> said = Files.readAllLines(tmp.resolve(e.getKey() + ".log")).stream()
                        .filter(l -> l.startsWith("jvmtune: ")).toList();
                boolean oneLine = said.size() == 1 && said.get(0).startsWith("jvmtune: jvmtune was stopped during the "
                        + "trial in ") && said.get(0).endsWith(command.equals("run") ? "not a result"
                        : "not a result; --resume runs it again");
                if (!ended || p.exitValue() != Main.INTERRUPTED || !programEnded || !oneLine) {
                    wrong.add(command + ": " + (ended ? "exit " + p.exitValue() : "still running") + ", its program "
                            + (programEnded ? "ended" : "left running") + ": "
                            + Files.readString(tmp.resolve(e.getKey() + ".log")).strip());
                }
            }
            assertTrue(wrong.isEmpty(), "Ctrl-C during a trial: " + String.join("; ", wrong));
        } finally {
            started.values().forEach(Process::destroyForcibly);
            commands.keySet().forEach(a -> programs(a).forEach(ProcessHandle::destroyForcibly));
        }
    }

    /** The processes {@code sleep ARG}. */
    private static List<ProcessHandle> programs(String arg) {
        return ProcessHandle.allProcesses().filter(h -> h.info().arguments()
                .map(a -> a.length == 1 && a[0].equals(arg)).orElse(false)).toList();
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
