package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;
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
                assertTrue(r.out().contains("\n  " + command + (command.equals("analyze") ? ", analyse " : " ")), command + " listed for '" + String.join(" ", args)
                        + "':\n" + r.out());
            }
        }
    }

    @Test
    void helpOfOneCommandAndAMisspeltCommand() {
        CliRun help = CliRun.of("help", "tune");
        assertEquals(0, help.exit());
        assertTrue(help.out().startsWith("Tune JVM flags toward a goal by A/B experiments\nUsage: jvmtune tune "),
                help.out());

        CliRun misspelt = CliRun.of("analyse-it", "gc.log");
        assertEquals(Main.USAGE, misspelt.exit());
        assertTrue(misspelt.oneErrorLine().startsWith("jvmtune: Unmatched arguments from index 0: 'analyse-it', 'gc.log'; "
                + "did you mean analyse or analyze"), misspelt.err());
    }

    @Test
    void theBritishSpellingIsAnAlias() {
        CliRun r = CliRun.of("analyse", "/no/such/gc.log");
        assertEquals(Main.INPUT_ERROR, r.exit(), r.err());
        assertEquals("jvmtune: no such file: /no/such/gc.log", r.oneErrorLine());
    }

    @Test
    void aWrongCommandLineIsOneLineNamingWhereTheOptionsAre() {
        CliRun r = CliRun.of("analyze", "--no-such-option", "gc.log");
        assertEquals(Main.USAGE, r.exit());
        assertEquals("jvmtune: Unknown option: '--no-such-option' (see 'jvmtune help analyze')", r.oneErrorLine());
        r = CliRun.of("analyze", "--pause-goal", "abc", "gc.log");
        assertEquals(Main.USAGE, r.exit());
        assertEquals("jvmtune: Invalid value for option '--pause-goal': 'abc' is not a double (see 'jvmtune "
                + "help analyze')", r.oneErrorLine());
        r = CliRun.of("results", "summary");
        assertEquals(Main.USAGE, r.exit());
        assertEquals("jvmtune: Missing required parameter: 'ID' (see 'jvmtune help results summary')", r.oneErrorLine());
    }

    /** A shared option means the same everywhere: one duration syntax for every command's --timeout. */
    @Test
    void aSharedOptionReadsTheSameInEveryCommand() {
        for (String[] args : new String[][] {{"run", "--timeout", "soon", "--", "true"},
                {"workload", "--timeout", "soon", "timeseries"},
                {"tune", "--timeout", "soon", "--goal", "wallSec <= -5%", "--", "true"}}) {
            CliRun r = CliRun.of(args);
            assertEquals(Main.USAGE, r.exit(), args[0] + ": " + r.err());
            assertTrue(r.err().contains("'soon' is not a duration (examples: 90s, 10m, 1h, 500ms)"), args[0] + ": "
                    + r.err());
        }
    }

    /**
     * {@code help} fits a screen of 24 lines with one line per command, and no help text wraps a value meant to be
     * pasted: every flag, path, URL and metric name declared in any command's help (a word with {@code : = / .} in it)
     * shows whole on one line, every example line that does not fit ends in a shell continuation, and every command
     * shows at least one example.
     */
    @Test
    void helpFitsAScreenAndNeverWrapsAValueToPaste() {
        CliRun r = CliRun.of("help");
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.size() <= 24, lines.size() + " lines:\n" + r.out());
        assertTrue(lines.stream().allMatch(l -> l.length() <= 80), r.out());
        assertTrue(lines.stream().noneMatch(l -> l.strip().endsWith(":") && l.startsWith("  ") && !l.startsWith("   ")),
                "no entry ends with a colon: " + r.out());
        List<String> wrapped = new ArrayList<>();
        CommandLine all = new CommandLine(new Main());
        for (Class<?> c : Main.SUBCOMMANDS) {
            all.addSubcommand(c);
        }
        all.getSubcommands().forEach((name, sub) -> check(sub, wrapped));
        assertTrue(wrapped.isEmpty(), "wrapped in the help: " + wrapped);
    }

    private static void check(CommandLine command, List<String> wrapped) {
        String name = command.getCommandSpec().qualifiedName(" ").substring("jvmtune ".length());
        if (name.equals("help")) {
            return;
        }
        // fleet hands --help on to the fleet module, a separate build: its own usage is what 'help fleet' prints
        CliRun h = CliRun.of((name.equals("fleet") ? "help fleet" : name + " --help").split(" "));
        String help = h.out();
        List<String> declared = new ArrayList<>();
        UsageMessageSpec usage = command.getCommandSpec().usageMessage();
        declared.addAll(List.of(usage.description()));
        declared.addAll(List.of(usage.footer()));
        usage.exitCodeList().forEach((k, v) -> declared.add(v));
        command.getCommandSpec().options().forEach(o -> declared.addAll(List.of(o.description())));
        for (String text : declared) {
            for (String word : text.replace("%%", "%").replace("${DEFAULT-VALUE}", "").split("\\s+")) {
                if (word.matches(".*[A-Za-z0-9][:=/.][A-Za-z0-9+({*'].*") && !help.contains(word)) {
                    wrapped.add(name + ": " + word);
                }
            }
        }
        List<String> lines = help.lines().toList();
        if (command.getParent().getParent() == null && lines.stream().noneMatch(l -> l.startsWith("  jvmtune " + name))) {
            wrapped.add(name + ": no example");
        }
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.length() > 80) {
                wrapped.add(name + ": too wide: " + l);
            }
            boolean continued = i > 0 && lines.get(i - 1).endsWith(" \\");
            if (l.startsWith("  jvmtune ") || continued) {
                String next = i + 1 < lines.size() ? lines.get(i + 1) : "";
                if (l.endsWith(" \\") && !next.startsWith("      ")) {
                    wrapped.add(name + ": example broken without a continuation: " + l + " / " + next);
                }
            }
        }
        command.getSubcommands().forEach((n, sub) -> check(sub, wrapped));
    }
}
