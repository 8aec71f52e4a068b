package dev.jvmtune.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OutputWarningsTest {

    @Test
    void findsTheJvmsCodeCacheWarningsOfJdk17And25() {
        OutputWarnings w = new OutputWarnings();
        w.line("Profiling started");
        w.line("OpenJDK 64-Bit Server VM warning: CodeCache is full. Compiler has been disabled.");
        w.line("OpenJDK 64-Bit Server VM warning: Try increasing the code cache size using -XX:ReservedCodeCacheSize=");
        w.line("CodeCache: size=4096Kb used=3950Kb max_used=4001Kb free=145Kb");
        w.line("OpenJDK 64-Bit Server VM warning: CodeHeap 'non-profiled nmethods' is full. Compiler has been disabled.");
        w.line("OpenJDK 64-Bit Server VM warning: CodeCache is full. Compiler has been disabled.");
        assertTrue(w.sawFull());
        assertEquals(3, w.warnings().size(), w.warnings().toString());
        OutputWarnings.Warning first = w.warnings().get(0);
        assertEquals("CodeCache is full. Compiler has been disabled.", first.text());
        assertEquals(2, first.count());
        assertEquals(2, first.firstLine());
        assertEquals("CodeHeap 'non-profiled nmethods' is full. Compiler has been disabled.", w.warnings().get(2).text());
    }

    @Test
    void quietOutputHasNoWarnings() {
        OutputWarnings w = new OutputWarnings();
        w.line("requests served: 1000");
        assertFalse(w.sawFull());
        assertTrue(w.warnings().isEmpty());
    }
}
