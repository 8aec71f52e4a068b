package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command driven into the error conditions of docs/cli.md's exit-code table that it reaches before any program
 * runs: the code of the table and one line that starts as given - never an internal error for an ordinary condition.
 * The codes that need a program to run or a signal are asserted where that happens: 5 (RunCommandTest,
 * ProfileCommandTest), 6 (TuneCommandTest, DemoCommandTest), 130 (KillMatrixTest), 141 and 3 for standard output
 * (StandardOutputTest), 143 (WatchEndingsTest).
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
}
