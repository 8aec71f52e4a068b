package dev.jvmtune.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.host.HostFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The roots of a trial's JSON files ({@code result.json} and {@code run --json}, {@code footprint.json},
 * {@code trial.json}), and that a trial directory an earlier jvmtune wrote, without them, reads back the same; from
 * records built here, without running a trial.
 */
class ResultJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MIB = 1L << 20;

    @Test
    void theDocumentSaysItsSchemaVersionAndToolAndRoundsItsFigures() throws Exception {
        TreeMap<String, Double> metrics = new TreeMap<>();
        metrics.put("wallSec", 2.4099999999999997);
        TrialResult r = new TrialResult(Outcome.OK, 0, 2.4099999999999997, 1L << 28, metrics, null,
                List.of("java", "-version"), Path.of("out"), null, List.of(), null);
        JsonNode j = JSON.readTree(ResultJson.text(r));
        assertRoot(j, "outcome");
        assertEquals("2.41", j.path("metrics").path("wallSec").asText(), "rounded as every figure: " + j);
    }

    /** {@code footprint.json}: the root, then the footprint with its series; without the root it reads the same. */
    @Test
    void footprintJsonHasTheRootAndReadsWithoutIt(@TempDir Path dir) throws Exception {
        Footprint f = footprint();
        ResultJson.write(result(f, dir), dir.resolve("result.json"));
        JsonNode written = JSON.readTree(dir.resolve("footprint.json").toFile());
        assertRoot(written, "method");
        assertEquals(f, FootprintJson.read(written), "read back whole, series included: " + written);
        // as an earlier jvmtune wrote it: the footprint object alone
        Files.writeString(dir.resolve("footprint.json"), JSON.writeValueAsString(FootprintJson.of(f, true)));
        assertEquals(f, FootprintJson.read(JSON.readTree(dir.resolve("footprint.json").toFile())));
    }

    /**
     * {@code trial.json}: the root, then the spec; a trial directory whose {@code trial.json}, {@code result.json}
     * and {@code footprint.json} have no root (an earlier jvmtune's: {@code budget --from}) reads back as the same
     * trial; one of a later shape is refused.
     */
    @Test
    void trialJsonHasTheRootAndAnOldTrialDirectoryReadsTheSame(@TempDir Path tmp) throws Exception {
        Path fresh = Files.createDirectories(tmp.resolve("t"));
        TrialSpec spec = new TrialSpec(new HostFacts.Jdk("/usr/lib/jvm/java-17", "17.0.9", 17, "Eclipse Adoptium",
                List.of("/usr/lib/jvm")), List.of("-XX:+UseG1GC", "-Xmx256m"),
                new Program.Workload("churn", List.of("--threads", "2")), Duration.ofSeconds(90), fresh, false, Map.of(),
                new TrialSpec.Memory(true, 512 * MIB));
        TrialRecord.write(spec, fresh);
        ResultJson.write(result(footprint(), fresh), fresh.resolve("result.json"));
        assertRoot(JSON.readTree(fresh.resolve("trial.json").toFile()), "jdkHome");
        TrialRecord now = TrialRecord.read(fresh);
        assertEquals(List.of("-XX:+UseG1GC", "-Xmx256m"), now.flags());
        assertEquals(new Program.Workload("churn", List.of("--threads", "2")), now.program());
        assertEquals(Duration.ofSeconds(90), now.timeout());
        assertEquals("OK 17 " + 100 * MIB, now.outcome() + " " + now.jdkFeature() + " "
                + now.footprint().resident().peakBytes());

        Path old = Files.createDirectories(tmp.resolve("old"));
        for (String file : List.of("trial.json", "result.json", "footprint.json")) {
            ObjectNode o = (ObjectNode) JSON.readTree(fresh.resolve(file).toFile());
            o.remove(DocumentRoot.FIELDS);
            Files.writeString(old.resolve(file), JSON.writeValueAsString(o));
        }
        TrialRecord then = TrialRecord.read(old);
        assertEquals(now, new TrialRecord(fresh, then.jdkHome(), then.jdkFeature(), then.flags(), then.program(),
                then.timeout(), then.outcome(), then.footprint()), "read without the roots: " + then);

        // a later shape (a field renamed or removed) is refused in one line, not read wrong
        ObjectNode later = (ObjectNode) JSON.readTree(fresh.resolve("trial.json").toFile());
        later.put("schemaVersion", 2).put("tool", "jvmtune 9.0");
        Files.writeString(fresh.resolve("trial.json"), JSON.writeValueAsString(later));
        assertEquals(fresh.resolve("trial.json") + ": written by jvmtune 9.0 in the shape of schema version 2, which "
                + DocumentRoot.TOOL + " cannot read (it reads up to 1): use that jvmtune or a later one",
                assertThrows(java.io.IOException.class, () -> TrialRecord.read(fresh)).getMessage());
    }

    private static void assertRoot(JsonNode j, String firstOwnField) {
        assertEquals(List.of("schemaVersion", "tool", firstOwnField), names(j).subList(0, 3),
                "the root starts with schemaVersion and tool: " + j);
        assertEquals(1, j.path("schemaVersion").asInt());
        assertEquals(DocumentRoot.TOOL, j.path("tool").asText());
        assertTrue(DocumentRoot.TOOL.startsWith("jvmtune "), DocumentRoot.TOOL);
    }

    private static TrialResult result(Footprint f, Path dir) {
        return new TrialResult(Outcome.OK, 0, 2.0, 100 * MIB, new TreeMap<>(), null, List.of("java"), dir, null,
                List.of(), f);
    }

    private static Footprint footprint() {
        return new Footprint("/proc and NMT", 3, 1.25, new Footprint.Resident(100 * MIB, "VmHWM", 96 * MIB, 80 * MIB,
                16 * MIB, 0, -1, 64 * MIB, -1, -1, -1), 21,
                List.of(new Footprint.Part(MemoryPart.HEAP, 64 * MIB, 64 * MIB, 256 * MIB, -1, 40 * MIB, "NMT"),
                        new Footprint.Part(MemoryPart.METASPACE, 8 * MIB, 9 * MIB, 1024 * MIB, -1, 7 * MIB, "NMT")),
                List.of(new Footprint.Sample(0.5, 90 * MIB, Map.of(MemoryPart.HEAP, 60 * MIB)),
                        new Footprint.Sample(1.25, 100 * MIB, Map.of(MemoryPart.HEAP, 64 * MIB,
                                MemoryPart.METASPACE, 8 * MIB))));
    }

    private static List<String> names(JsonNode j) {
        List<String> names = new java.util.ArrayList<>();
        j.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
