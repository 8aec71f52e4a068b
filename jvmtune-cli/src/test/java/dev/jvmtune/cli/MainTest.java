package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Main} registers only the subcommand a command line names (a start-up saving); every way of reaching
 * the full list must still show all of them.
 */
class MainTest {

    private static final List<String> ALL = List.of("analyze", "system", "baseline", "demo", "workload", "profile",
            "run", "jdks", "experiment", "results", "tune", "fleet", "help");

    @Test
    void noArgumentsAndHelpListEveryCommand() {
        for (String[] args : new String[][] {{}, {"help"}, {"--help"}}) {
            CliRun r = CliRun.of(args);
            assertEquals(0, r.exit(), String.join(" ", args));
            for (String command : ALL) {
                assertTrue(r.out().contains("\n  " + command + " "), command + " listed for '" + String.join(" ", args)
                        + "':\n" + r.out());
            }
        }
    }

    @Test
    void helpOfOneCommandAndAMisspeltCommand() {
        CliRun help = CliRun.of("help", "tune");
        assertEquals(0, help.exit());
        assertTrue(help.out().startsWith("Usage: jvmtune tune "), help.out());

        CliRun misspelt = CliRun.of("analyse", "gc.log");
        assertEquals(Main.USAGE, misspelt.exit());
        assertTrue(misspelt.err().contains("Did you mean: jvmtune analyze"), misspelt.err());
    }

    @Test
    void aNamedCommandRunsWithItsOwnUsage() {
        CliRun r = CliRun.of("analyze", "--no-such-option");
        assertEquals(Main.USAGE, r.exit());
        assertTrue(r.err().contains("Usage: jvmtune analyze "), r.err());
    }
}
