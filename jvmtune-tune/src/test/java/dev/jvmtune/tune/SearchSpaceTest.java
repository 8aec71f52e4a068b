package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvmtune.core.options.FlagSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchSpaceTest {

    private static final SearchSpace SPACE = SearchSpace.standard(4L << 30); // a 4 GB machine

    private static List<String> changes(String flags) {
        return SPACE.candidates(FlagSet.parse(flags)).stream().map(c -> String.join(" ", c.change())).toList();
    }

    @Test
    void eachDimensionAppliesOnlyWhereItCanMatter() {
        // Parallel, 512 MB, growing heap: fix it, NewRatio 4 and 8 (16 would leave 30 MB of young, under
        // min(128 MB, 51 MB)), twice the heap (1 GB <= half of 4 GB), G1
        assertEquals(List.of("-Xms512m", "-XX:NewRatio=4", "-XX:NewRatio=8", "-Xmx1g", "-XX:+UseG1GC"),
                changes("-XX:+UseParallelGC -Xmx512m"));
        // G1 sizes generations itself: no NewRatio; a 4 MB code cache comes first; 2 GB more heap is too much
        assertEquals(List.of("-XX:ReservedCodeCacheSize=240m", "-Xms2g", "-XX:+UseParallelGC"),
                changes("-XX:+UseG1GC -Xmx2g -XX:ReservedCodeCacheSize=4m"));
        // a fixed heap grows as a pair; nothing to fix or split at the JVM's defaults
        assertEquals(List.of("-Xmx1g -Xms1g", "-XX:+UseParallelGC"), changes("-Xms512m -Xmx512m"));
        assertEquals(List.of("-XX:+UseParallelGC"), changes(""));
    }
}
