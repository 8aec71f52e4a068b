package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The exit codes are defined once - {@link Main}'s constants - and told twice: docs/cli.md's table, with the commands
 * that use each code, and every command's help. The three must agree, code for code and command for command.
 */
class ExitCodeTableTest {

    @Test
    void theDocumentedTableIsMainsAndEveryCommandsHelpListsItsRow() throws Exception {
        Map<Integer, Set<String>> documented = documented();
        assertEquals(constants(), documented.keySet(), "Main's constants and docs/cli.md's table");

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

    private static Set<Integer> constants() throws IllegalAccessException {
        Set<Integer> codes = new TreeSet<>();
        for (Field f : Main.class.getFields()) {
            if (f.getType() == int.class && Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers())) {
                codes.add(f.getInt(null));
            }
        }
        return codes;
    }
}
