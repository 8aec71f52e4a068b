package dev.jvmtune.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** NMT's summary as JDK 17 and 25 print it at exit, and as jcmd prints it in another scale. */
class NmtSummaryTest {

    private static final long MIB = 1 << 20;

    @ParameterizedTest
    @ValueSource(strings = {"java-17-openjdk-amd64", "temurin-25-jdk-amd64"})
    void aRealJvmsSummaryAddsUpByPart(String jdk) throws Exception {
        Path java = Path.of("/usr/lib/jvm", jdk, "bin", "java");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(java), jdk + " is not installed here");
        Process p = new ProcessBuilder(java.toString(), "-Xmx64m", "-XX:NativeMemoryTracking=summary",
                "-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintNMTStatistics", "-version").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        NmtSummary s = NmtSummary.parse(out).orElseThrow(() -> new AssertionError("no summary in " + out));
        long sum = s.parts().values().stream().mapToLong(NmtSummary.Amounts::committedBytes).sum();
        assertEquals(s.committedBytes(), sum, "every category lands in one part");
        assertEquals(64 * MIB, s.part(MemoryPart.HEAP).reservedBytes(), "-Xmx64m");
        for (MemoryPart part : List.of(MemoryPart.HEAP, MemoryPart.METASPACE, MemoryPart.CLASS_SPACE,
                MemoryPart.CODE_CACHE, MemoryPart.THREADS, MemoryPart.GC, MemoryPart.SYMBOLS, MemoryPart.TRACKING)) {
            NmtSummary.Amounts a = s.part(part);
            assertTrue(a.committedBytes() > 0, part + ": " + a);
            assertTrue(a.peakBytes() >= a.committedBytes(), part + ": " + a);
            assertTrue(a.mallocBytes() <= a.committedBytes(), part + ": " + a);
        }
        NmtSummary.Amounts meta = s.part(MemoryPart.METASPACE);
        assertTrue(meta.usedBytes() > 0 && meta.usedBytes() <= meta.committedBytes(), meta.toString());
        assertTrue(s.threads() > 5, "threads: " + s.threads());
        assertTrue(s.classes() > 300, "classes: " + s.classes());
        assertEquals(0, s.part(MemoryPart.HEAP).mallocBytes(), "the heap is mapped, not malloc'd");
    }

    @Test
    void jcmdsKilobytesAndJdk8sCategoriesAreRead() {
        String text = """
                12345:

                Native Memory Tracking:

                Total: reserved=1500000KB, committed=200000KB
                -                 Java Heap (reserved=262144KB, committed=131072KB)
                                            (mmap: reserved=262144KB, committed=131072KB)

                -                     Class (reserved=1056768KB, committed=5120KB)
                                            (classes #800)
                                            (malloc=1024KB #900)
                                            (mmap: reserved=1055744KB, committed=4096KB)

                -                    Thread (reserved=20480KB, committed=20480KB)
                                            (thread #20)
                                            (stack: reserved=20400KB, committed=20400KB)
                                            (malloc=60KB #100)
                                            (arena=20KB #38)

                -                     Other (reserved=2048KB, committed=2048KB)
                                            (malloc=2048KB #3) (peak=4096KB #5)

                -                   Unknown (reserved=4KB, committed=4KB)
                                            (mmap: reserved=4KB, committed=4KB)
                """;
        NmtSummary s = NmtSummary.parse(text).orElseThrow();
        assertEquals(200000L << 10, s.committedBytes());
        assertEquals(131072L << 10, s.part(MemoryPart.HEAP).committedBytes());
        assertEquals(20480L << 10, s.part(MemoryPart.THREADS).committedBytes());
        assertEquals(80L << 10, s.part(MemoryPart.THREADS).mallocBytes(), "malloc and arena");
        assertEquals(20, s.threads());
        assertEquals(800, s.classes());
        assertEquals(4096L << 10, s.part(MemoryPart.DIRECT).peakBytes(), "Other's malloc peak: direct buffers");
        assertEquals(4L << 10, s.part(MemoryPart.OTHER).committedBytes(), "Unknown is other native");
        assertEquals(-1, s.part(MemoryPart.METASPACE).usedBytes(), "JDK 8 prints no used");
    }

    @Test
    void textWithoutASummaryIsNone() {
        assertTrue(NmtSummary.parse("Native memory tracking is not enabled\n").isEmpty());
    }
}
