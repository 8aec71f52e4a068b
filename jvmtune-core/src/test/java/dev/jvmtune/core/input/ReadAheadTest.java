package dev.jvmtune.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.SafepointEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Reading ahead on a second thread must change nothing but the speed: same events, counts and warnings. */
class ReadAheadTest {

    @TempDir
    static Path dir;

    record Outcome(List<GcEvent> events, List<SafepointEvent> safepoints, List<InputStats> inputs, JvmFacts facts) {
    }

    static Stream<Path> logs() throws IOException {
        Path corpus = Path.of(System.getProperty("jvmtune.corpus", "../shared/corpus"), "gctoolkit-testdata");
        assumeTrue(Files.isDirectory(corpus), "corpus missing: " + corpus);
        List<Path> logs = new ArrayList<>();
        for (String f : List.of("unified/g1gc/jvm-gc-10Nov2022.log", "unified/parallel/parallelgc.log",
                "unified/cms/gc_trace.log", "shenandoah/shenandoah.log.0", "unified/g1gc/minimal.log")) {
            logs.add(corpus.resolve(f));
        }
        // a debug-level log with ignorable lines, over-long lines and no final newline, several batches long
        Path mixed = dir.resolve("mixed.log");
        try (OutputStream out = Files.newOutputStream(mixed)) {
            byte[] g1 = Files.readAllBytes(corpus.resolve("unified/g1gc/jvm-gc-10Nov2022.log"));
            for (int i = 0; i < 60; i++) {
                out.write(g1);
                if (i % 20 == 7) {
                    out.write(("[1.0s][info][gc] " + "x".repeat(GcLogStream.MAX_LINE_BYTES + 10) + "\n")
                            .getBytes(StandardCharsets.US_ASCII));
                }
                if (i % 10 == 3) {
                    out.write("not a log line at all\n".getBytes(StandardCharsets.US_ASCII));
                }
            }
            out.write("[2.0s][info][gc] GC(999) Pause Young (Normal) (G1 Evac".getBytes(StandardCharsets.US_ASCII));
        }
        logs.add(mixed);
        return logs.stream();
    }

    @ParameterizedTest
    @MethodSource("logs")
    void sameResultWithAndWithoutReadAhead(Path log) throws IOException {
        Outcome sequential = read(log, "never");
        Outcome ahead = read(log, "always");
        assertTrue(sequential.events().size() > 0);
        assertEquals(sequential.events(), ahead.events());
        assertEquals(sequential.safepoints(), ahead.safepoints());
        assertEquals(sequential.inputs(), ahead.inputs());
        assertEquals(sequential.facts(), ahead.facts());
    }

    private static Outcome read(Path log, String mode) throws IOException {
        String before = System.getProperty("jvmtune.readAhead");
        System.setProperty("jvmtune.readAhead", mode);
        try (GcLogStream s = GcLogStream.openFile(log)) {
            List<GcEvent> events = new ArrayList<>();
            List<SafepointEvent> safepoints = new ArrayList<>();
            s.onEvent(events::add);
            s.onSafepoint(safepoints::add);
            s.start();
            return new Outcome(events, safepoints, s.inputs(), s.facts());
        } finally {
            if (before == null) {
                System.clearProperty("jvmtune.readAhead");
            } else {
                System.setProperty("jvmtune.readAhead", before);
            }
        }
    }
}
