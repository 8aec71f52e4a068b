package dev.jvmtune.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.lab.TestPrograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real JVM holding a known footprint (48 MiB of heap, 32 MiB of direct buffers, 40 more threads) through the
 * runner, on JDK 17 and 25: the footprint finds each part where it is, from /proc, smaps and NMT through the attach
 * protocol, writes it where the lab's files are, and says less, not something wrong, without NMT.
 */
class FootprintTest {

    private static final long MIB = 1 << 20;

    @TempDir
    Path tmp;

    private TrialResult hold(String jdk, boolean nmt, boolean jfr) throws Exception {
        return new TrialRunner().run(new TrialSpec(TrialRunnerTest.JDKS.resolve(jdk), List.of("-XX:+UseG1GC",
                "-Xmx256m"), new Program.Command(TestPrograms.command("Hold", "48", "32", "40", "2500")),
                Duration.ofSeconds(90), tmp.resolve("t"), jfr, Map.of(), new TrialSpec.Memory(nmt, -1)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void eachPartIsFoundWhereTheProgramPutIt(String jdk) throws Exception {
        TrialResult r = hold(jdk, true, jdk.equals("25"));
        assertEquals(Outcome.OK, r.outcome(), r.notes().toString());
        Footprint f = r.footprint();
        assertNotNull(f, r.notes().toString());
        assertTrue(r.command().contains("-XX:NativeMemoryTracking=summary"), r.command().toString());
        Footprint.Resident res = f.resident();
        assertTrue(res.peakBytes() >= 80 * MIB, "heap and direct buffers are resident: " + res);
        assertTrue(res.heapBytes() >= 48 * MIB && res.heapBytes() <= 256 * MIB, "the heap's pages: " + res);
        assertTrue(res.heapBytes() + res.fileBytes() < res.atPeakBytes(), "direct buffers are outside the heap: " + res);
        assertTrue(res.pssBytes() > 0 && res.pssBytes() <= res.atPeakBytes(), res.toString());
        long direct = f.part(MemoryPart.DIRECT).orElseThrow().peakBytes();
        assertTrue(direct >= 32 * MIB && direct < 40 * MIB, "NMT's Other holds the direct buffers: " + direct);
        assertTrue(f.threadsPeak() >= 40, "the program's threads: " + f.threadsPeak());
        Footprint.Part heap = f.part(MemoryPart.HEAP).orElseThrow();
        assertEquals(256 * MIB, heap.reservedBytes(), "-Xmx256m reserved");
        assertTrue(heap.usedBytes() >= 48 * MIB, "the most in use (GC.heap_info's samples, the GC log): " + heap);
        Footprint.Part meta = f.part(MemoryPart.METASPACE).orElseThrow();
        assertTrue(meta.usedBytes() > 0 && meta.usedBytes() <= meta.atPeakBytes(), meta.toString());
        assertTrue(f.part(MemoryPart.THREADS).orElseThrow().atPeakBytes() > 0);
        assertFalse(f.series().isEmpty());
        assertTrue(f.series().stream().anyMatch(s -> !s.committedBytes().isEmpty()), "NMT sampled over time");
        assertEquals((double) res.peakBytes(), r.metric(Metrics.FOOTPRINT_RSS));
        assertTrue(r.metric(Metrics.footprintPart(MemoryPart.DIRECT)) <= direct, "committed at the peak, not above it");
        // written beside the trial's other files: in result.json without the series, in footprint.json with it
        Footprint back = FootprintJson.read(new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(tmp.resolve("t/footprint.json").toFile()));
        assertEquals(f.resident().peakBytes(), back.resident().peakBytes());
        assertEquals(f.parts(), back.parts());
        assertEquals(f.series().size(), back.series().size());
        assertTrue(Files.readString(tmp.resolve("t/result.json")).contains("\"footprint\""));
        // the trial reads back as the memory model takes it
        TrialRecord rec = TrialRecord.read(tmp.resolve("t"));
        assertEquals(List.of("-XX:+UseG1GC", "-Xmx256m"), rec.flags());
        assertTrue(rec.measured(8L << 30, 2).liveBytes() >= 48 * MIB, "the live set from the GC log");
        if (jdk.equals("25")) { // JDK 25's recording holds NMT's categories and the resident set: analyze reads them
            List<Run> runs = RunReader.read(tmp.resolve("t/recording.jfr"), RunReader.Options.DEFAULT);
            Footprint fromJfr = runs.get(runs.size() - 1).summary().footprint();
            assertNotNull(fromJfr, "jdk.NativeMemoryUsage and jdk.ResidentSetSize in the recording");
            assertTrue(fromJfr.resident().peakBytes() >= 80 * MIB, fromJfr.resident().toString());
            assertTrue(fromJfr.part(MemoryPart.DIRECT).orElseThrow().peakBytes() >= 32 * MIB);
        }
    }

    @Test
    void withoutNmtTheResidentSetAndTheHeapRemain() throws Exception {
        TrialResult r = hold("17", false, false);
        assertEquals(Outcome.OK, r.outcome(), r.notes().toString());
        assertFalse(r.command().contains("-XX:NativeMemoryTracking=summary"), r.command().toString());
        Footprint f = r.footprint();
        assertTrue(f.resident().peakBytes() >= 80 * MIB);
        assertTrue(f.part(MemoryPart.DIRECT).isEmpty(), "no NMT, no direct-buffer figure: " + f.parts());
        assertTrue(f.part(MemoryPart.HEAP).orElseThrow().basis().startsWith("GC log"), f.parts().toString());
        assertEquals(-1, f.resident().heapBytes(), "the heap's range comes from the attach protocol, not used here");
    }
}
