package dev.jvmtune.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The JVM's code cache warnings in a program's output: "CodeCache is full. Compiler has been disabled." (one code
 * heap, or JDK 8), "CodeHeap 'non-profiled nmethods' is full. Compiler has been disabled." (segmented code cache)
 * and the advice line that follows them. Fed line by line while the program runs; holds one entry per distinct
 * text.
 */
public final class OutputWarnings {

    private static final Pattern FULL = Pattern.compile("CodeCache is full|CodeHeap '[^']+' is full|"
            + "Code cache is full|Try increasing the code cache size");

    private final Map<String, long[]> seen = new LinkedHashMap<>(); // text -> count, first line number
    private long lineNumber;

    /**
     * @param text    the warning, from "CodeCache"/"CodeHeap" on (the JVM's "OpenJDK 64-Bit Server VM warning:"
     *                prefix dropped)
     * @param count   how often it was printed
     * @param firstLine the line of the program's output where it first appeared, from 1
     */
    public record Warning(String text, long count, long firstLine) {
    }

    public void line(String line) {
        lineNumber++;
        var m = FULL.matcher(line);
        if (m.find()) {
            String text = line.substring(m.start()).strip();
            seen.computeIfAbsent(text, t -> new long[] {0, lineNumber})[0]++;
        }
    }

    public List<Warning> warnings() {
        List<Warning> list = new ArrayList<>();
        seen.forEach((text, v) -> list.add(new Warning(text, v[0], v[1])));
        return list;
    }

    /** Whether the JVM said a code cache or code heap was full. */
    public boolean sawFull() {
        return seen.keySet().stream().anyMatch(t -> t.contains("is full"));
    }
}
