package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.ExitCode;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The exit codes are defined once - {@link ExitCode}, whose codes {@link Main}'s constants name - and told twice:
 * docs/cli.md's table, with the commands that use each code, and every command's help. They must agree, code for code
 * and command for command.
 */
class ExitCodeTableTest {

    @Test
    void theDocumentedTableIsMainsAndEveryCommandsHelpListsItsRow() throws Exception {
        Map<Integer, Set<String>> documented = documented();
        assertEquals(Arrays.stream(ExitCode.values()).map(ExitCode::code).collect(Collectors.toCollection(TreeSet::new)),
                documented.keySet(), "ExitCode's codes and docs/cli.md's table");
        assertEquals(Arrays.stream(ExitCode.values()).collect(Collectors.toMap(ExitCode::name, ExitCode::code)),
                constants(), "Main's constants are ExitCode's, name for name");

        CommandLine all = new CommandLine(new Main());
        Main.SUBCOMMANDS.stream().filter(c -> c != CommandLine.HelpCommand.class).forEach(all::addSubcommand);
        HelpText.install(all);
        Set<String> commands = all.getSubcommands().keySet().stream().filter(n -> !n.equals("analyse"))
                .collect(Collectors.toCollection(TreeSet::new));
        for (String command : commands) {
            Set<Integer> expected = new TreeSet<>();
            documented.forEach((code, users) -> {
                if (users.contains("all") || users.contains(command)) {
                    expected.add(code);
                }
            });
            CommandLine sub = all.getSubcommands().get(command);
            assertEquals(expected, HelpText.codes(sub.getCommandSpec()).keySet(), command + "'s help, the table's");
            String help = sub.getUsageMessage();
            assertTrue(help.contains("\nExit codes:\n"), command + ":\n" + help);
            for (int code : expected) {
                assertTrue(help.lines().anyMatch(l -> l.startsWith(String.format("  %-4d", code))), command
                        + "'s help shows " + code + ":\n" + help);
            }
        }
    }

    /**
     * The test that drives each command into each code the table names it for (the codes of every command - a bug, a
     * wrong command line, a file or standard output that cannot be read or written, a closed pipe - have theirs in
     * ErrorConditionsTest and StandardOutputTest): "CLASS#METHOD", a test of this project's sources.
     */
    private static final Map<String, String> TESTED = Map.ofEntries(
            Map.entry("analyze 4", "BadInputCliTest#emptyFile"),
            Map.entry("baseline 4", "ErrorConditionsTest#everyCommandSaysEachOfItsErrorsInOneLineWithTheTablesCode"),
            Map.entry("budget 4", "BudgetCommandTest#aLimitTooSmallIsSaidWithByHowMuch"),
            Map.entry("experiment 4", "ErrorConditionsTest#aMemoryLimitWithoutAWritableCgroupIs4"),
            Map.entry("profile 4", "ProfileCommandTest#badCommandLinesAndFailingProgramsAreToldApart"),
            Map.entry("run 4", "ErrorConditionsTest#aMemoryLimitWithoutAWritableCgroupIs4"),
            Map.entry("fleet 4", "FleetFaultsTest#noGcLogAtAllEndsWithExit4AndTheErrorsTable"),
            Map.entry("run 5", "RunCommandTest#failingProgramIsExitCodeFiveWithItsOutcome"),
            Map.entry("workload 5", "ErrorConditionsTest#everyCommandSaysEachOfItsErrorsInOneLineWithTheTablesCode"),
            Map.entry("profile 5", "ProfileCommandTest#badCommandLinesAndFailingProgramsAreToldApart"),
            Map.entry("tune 5", "TuneGoalsTest#aRelativeGoalOnABaselineOfZeroIsNotMet"),
            Map.entry("demo 5", "StandardOutputTest#everyCommandThatPrintsSaysAFullDeviceAndEndsQuietlyOnAClosedPipe"),
            Map.entry("budget 5", "BudgetCommandTest#aProofThatCannotHoldIsItsCode"),
            Map.entry("tune 6", "TuneCommandTest#whereNoFlagHelpsTheGoalIsNotReachableAndNothingIsAccepted"),
            Map.entry("demo 6", "DemoCommandTest#tunesTheWorkloadAndWritesTheReport"),
            Map.entry("analyze 130", "FollowFaultsTest#threeRotationsBetweenTwoLooksAreFollowedInOrder"),
            Map.entry("run 130", "ErrorConditionsTest#ctrlCDuringATrialEndsWith130AndItsProgram"),
            Map.entry("experiment 130", "ErrorConditionsTest#ctrlCDuringATrialEndsWith130AndItsProgram"),
            Map.entry("tune 130", "ErrorConditionsTest#ctrlCDuringATrialEndsWith130AndItsProgram"),
            Map.entry("demo 130", "ErrorConditionsTest#ctrlCDuringATrialEndsWith130AndItsProgram"),
            Map.entry("watch 130", "WatchEndingsTest#everyEndingClosesTheRecording"),
            Map.entry("budget 130", "BudgetCommandTest#aProofThatCannotHoldIsItsCode"),
            Map.entry("analyze 143", "FollowFaultsTest#aTruncatedLogIsReadAgainFromItsStartAsANewRun"),
            Map.entry("watch 143", "WatchEndingsTest#everyEndingClosesTheRecording"));

    @Test
    void everyCommandTheTableNamesForACodeHasATestThatEndsItSo() throws IOException {
        Set<String> documented = new TreeSet<>();
        documented().forEach((code, users) -> users.stream().filter(u -> !u.equals("all"))
                .forEach(u -> documented.add(u + " " + code)));
        assertEquals(documented, new TreeSet<>(TESTED.keySet()), "the (command, code) pairs of docs/cli.md's table "
                + "and those a test is named for here");
        Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path tests : modules.map(m -> m.resolve("src/test/java")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.walk(tests)) {
                    files.filter(f -> f.toString().endsWith("Test.java"))
                            .forEach(f -> sources.put(f.getFileName().toString().replace(".java", ""), f.toString()));
                }
            }
        }
        for (Map.Entry<String, String> t : TESTED.entrySet()) {
            String[] test = t.getValue().split("#");
            String source = sources.containsKey(test[0]) ? Files.readString(Path.of(sources.get(test[0]))) : "";
            assertTrue(source.contains(" void " + test[1] + "("), t.getKey() + ": no test " + t.getValue());
        }
    }

    /** The codes of docs/cli.md's "Exit codes" table, each with the commands its last column names. */
    private static Map<Integer, Set<String>> documented() throws IOException {
        String doc = Files.readString(Path.of("../docs/cli.md"));
        String section = doc.substring(doc.indexOf("\n## Exit codes\n"));
        Map<Integer, Set<String>> rows = new TreeMap<>();
        for (String line : section.lines().toList()) {
            String[] cells = line.split("(?<!\\\\)\\|");
            if (cells.length > 3 && cells[1].strip().matches("\\d+")) {
                rows.put(Integer.valueOf(cells[1].strip()), Arrays.stream(cells[cells.length - 1].split(","))
                        .map(String::strip).collect(Collectors.toSet()));
            }
        }
        return rows;
    }

    /** Main's exit code constants, name to code. */
    private static Map<String, Integer> constants() throws IllegalAccessException {
        Map<String, Integer> codes = new TreeMap<>();
        for (Field f : Main.class.getFields()) {
            if (f.getType() == int.class && Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers())) {
                codes.put(f.getName(), f.getInt(null));
            }
        }
        return codes;
    }
}
