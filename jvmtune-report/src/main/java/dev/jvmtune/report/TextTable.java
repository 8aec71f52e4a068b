package dev.jvmtune.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Rows printed in columns as wide as their widest cell: text left-aligned, figures (right) right-aligned. */
public final class TextTable {

    private final List<String[]> rows = new ArrayList<>();
    private final boolean[] right;

    /** @param right per column, whether it holds figures */
    public TextTable(boolean... right) {
        this.right = right;
    }

    public TextTable row(String... cells) {
        rows.add(cells);
        return this;
    }

    public void print(PrintStream out) {
        int[] width = new int[right.length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                String pad = " ".repeat(width[i] - r[i].length());
                b.append(i == 0 ? "" : "  ").append(right[i] ? pad + r[i] : r[i] + (i == r.length - 1 ? "" : pad));
            }
            out.println(b.toString().stripTrailing());
        }
    }
}
