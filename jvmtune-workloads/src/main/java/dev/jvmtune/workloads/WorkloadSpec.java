package dev.jvmtune.workloads;

import java.util.List;

/**
 * What the CLI needs to know about a workload without loading it: the name it is run by, the class whose
 * {@code main} runs it in a fresh JVM, the field study it reproduces, the JVM flags under which its symptom
 * shows at laptop scale, and its parameters. The workload parses
 * its own command line against the same {@link #params()}, so help and parsing cannot drift apart.
 */
public record WorkloadSpec(String name, String mainClass, String summary, String defaultFlags, List<Param> params) {

    /** Parses {@code --name value} / {@code --name=value} pairs against the declared parameters. */
    public WorkloadArgs parse(String[] args) {
        return WorkloadArgs.parse(this, args);
    }

    /** The help text: summary, default flags, one entry per parameter; wrapped to 78 columns for terminals. */
    public String usage() {
        StringBuilder b = new StringBuilder();
        wrap(b, name + " - " + summary, "  ");
        wrap(b, "  JVM flags by default: " + defaultFlags, "    ");
        for (Param p : params) {
            wrap(b, String.format("  --%-12s %s (default %s)", p.name(), p.description(), p.defaultValue()),
                    " ".repeat(17));
        }
        return b.toString();
    }

    private static void wrap(StringBuilder b, String text, String indent) {
        int width = 78;
        String line = text;
        while (line.length() > width) {
            int cut = line.lastIndexOf(' ', width);
            if (cut <= indent.length()) {
                cut = width;
            }
            b.append(line, 0, cut).append('\n');
            line = indent + line.substring(cut).stripLeading();
        }
        b.append(line).append('\n');
    }
}
