package dev.jvmtune.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The help sections that hold prose - description, positional parameters, options, exit codes, footer - wrapped at
 * spaces only. Picocli wraps where {@link java.text.BreakIterator} allows, which splits {@code -XX:} from
 * {@code +PrintGCTimeStamps} and {@code filecount=5,} from {@code filesize=50m}: values meant to be pasted. A word
 * longer than its column runs past it instead of being cut.
 */
final class HelpText {

    static final int WIDTH = 80;
    /** Where descriptions start, as picocli's; a longer label puts its description on the next line. */
    private static final int LABEL_COLUMN = 24;

    private HelpText() {
    }

    /** Installs the renderers on {@code cl} and all its subcommands. */
    static void install(CommandLine cl) {
        if (!codes(cl.getCommandSpec()).isEmpty()) {
            cl.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n");
        }
        Map<String, CommandLine.IHelpSectionRenderer> m = cl.getHelpSectionMap();
        m.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION,
                h -> paragraphs(h.commandSpec().usageMessage().description()));
        m.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST, h -> table(params(h.commandSpec())));
        m.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, h -> table(options(h.commandSpec())));
        m.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST, h -> exitCodes(h.commandSpec()));
        m.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER,
                h -> paragraphs(h.commandSpec().usageMessage().footer()));
        cl.setHelpSectionMap(m);
        cl.getSubcommands().values().forEach(HelpText::install);
    }

    /** Each line as written (picocli's {@code %n} and {@code %%} resolved), wrapped at spaces where too long. */
    private static String paragraphs(String[] texts) {
        StringBuilder b = new StringBuilder();
        for (String t : texts) {
            for (String line : format(t).split("\n", -1)) {
                int indent = line.length() - line.stripLeading().length();
                if (line.length() <= WIDTH) {
                    b.append(line).append('\n'); // as written: aligned columns of examples stay aligned
                } else if (line.stripLeading().startsWith("jvmtune ")) {
                    example(b, line.strip(), " ".repeat(indent));
                } else {
                    wrap(b, line.strip(), " ".repeat(indent), " ".repeat(indent), WIDTH);
                }
            }
        }
        return b.toString();
    }

    /**
     * A command line too long for the width, broken as a shell reads it: between words, never inside quotes, each
     * line but the last ending in a backslash, so that it can still be pasted.
     */
    private static void example(StringBuilder b, String command, String indent) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        for (char c : command.toCharArray()) {
            if (quote == 0 && c == ' ') {
                if (word.length() > 0) {
                    words.add(word.toString());
                    word.setLength(0);
                }
                continue;
            }
            quote = quote == 0 && (c == '\'' || c == '"') ? c : quote == c ? 0 : quote;
            word.append(c);
        }
        words.add(word.toString());
        StringBuilder line = new StringBuilder(indent);
        boolean empty = true;
        for (String w : words) {
            if (!empty && line.length() + 1 + w.length() + 2 > WIDTH) {
                b.append(line).append(" \\\n");
                line = new StringBuilder(indent).append("    ");
                empty = true;
            }
            line.append(empty ? "" : " ").append(w);
            empty = false;
        }
        b.append(line).append('\n');
    }

    private static String format(String s) {
        return s.replace("%n", "\n").replace("%%", "%");
    }

    private static List<String[]> params(CommandLine.Model.CommandSpec spec) {
        List<String[]> rows = new ArrayList<>();
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (p.hidden()) {
                continue;
            }
            String label = p.paramLabel() + (p.isMultiValue() ? "..." : "");
            rows.add(new String[] {"      " + (p.arity().min() == 0 ? "[" + label + "]" : label), description(p)});
        }
        return rows;
    }

    private static List<String[]> options(CommandLine.Model.CommandSpec spec) {
        List<String[]> rows = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            String shortName = o.shortestName().length() == 2 && o.names().length > 1 ? o.shortestName() : null;
            String longName = o.longestName();
            String param = o.typeInfo().isBoolean() || o.arity().max() == 0 ? ""
                    : o.arity().min() == 0 ? "[=" + o.paramLabel() + "]" : "=" + o.paramLabel();
            rows.add(new String[] {(shortName != null ? "  " + shortName + ", " : "      ") + longName + param,
                    description(o)});
        }
        return rows;
    }

    private static String description(ArgSpec a) {
        return format(String.join(" ", a.renderedDescription()));
    }

    /**
     * The command's own exit codes with those every command may end with ({@link Main#EVERY_COMMAND}, unless the
     * command says what the code means for it), in numeric order; nothing for a command that lists none (help).
     */
    private static String exitCodes(CommandLine.Model.CommandSpec spec) {
        Map<Integer, String> codes = codes(spec);
        StringBuilder b = new StringBuilder();
        codes.forEach((code, text) -> wrap(b, text, pad("  " + code, 6), "        ", WIDTH));
        return b.toString();
    }

    /** The exit codes {@code spec}'s help lists, code to meaning; a subcommand without its own lists its command's. */
    static Map<Integer, String> codes(CommandLine.Model.CommandSpec spec) {
        Map<Integer, String> codes = new TreeMap<>();
        CommandLine.Model.CommandSpec listing = spec;
        while (listing.usageMessage().exitCodeList().isEmpty() && listing.parent() != null
                && listing.parent().parent() != null) {
            listing = listing.parent();
        }
        Map<String, String> own = listing.usageMessage().exitCodeList();
        if (!own.isEmpty()) {
            codes.putAll(Main.EVERY_COMMAND);
            own.forEach((code, text) -> codes.put(Integer.valueOf(code.strip()), text));
        }
        return codes;
    }

    /** Labels in one column, their text beside them wrapped to the rest of the width. */
    private static String table(List<String[]> rows) {
        int column = LABEL_COLUMN;
        StringBuilder b = new StringBuilder();
        String indent = " ".repeat(column + 2);
        for (String[] r : rows) {
            if (r[0].length() + 2 <= column) {
                wrap(b, r[1], pad(r[0], column), indent, WIDTH);
            } else {
                b.append(r[0]).append('\n');
                wrap(b, r[1], " ".repeat(column), indent, WIDTH);
            }
        }
        return b.toString();
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }

    /** Words of {@code text} after {@code first}, then lines starting with {@code rest}, broken at spaces only. */
    static void wrap(StringBuilder b, String text, String first, String rest, int width) {
        StringBuilder line = new StringBuilder(first);
        boolean empty = true;
        for (String word : text.split(" +")) {
            if (word.isEmpty()) {
                continue;
            }
            if (!empty && line.length() + 1 + word.length() > width) {
                b.append(line).append('\n');
                line = new StringBuilder(rest);
                empty = true;
            }
            line.append(empty ? "" : " ").append(word);
            empty = false;
        }
        b.append(empty ? line.toString().stripTrailing() : line).append('\n');
    }
}
