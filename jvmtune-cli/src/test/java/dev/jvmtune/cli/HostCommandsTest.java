package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.DocumentRoot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** system and baseline end to end through {@link Main#run}, on the jvmtune-host fixture trees and this machine. */
class HostCommandsTest {

    private static String host(String name) {
        return Path.of("../jvmtune-host/src/test/resources/hosts", name).toString();
    }

    @Test
    void systemTextShowsTopologyAndLimits() {
        CliRun r = CliRun.of("system", "--root", host("s1-2socket-40cpu-256g"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("CPUs        40 online (0-39)"), r.out());
        assertTrue(r.out().contains("NUMA        2 nodes"), r.out());
        assertTrue(r.out().contains("node 1    CPUs 10-19,30-39 (20)"), r.out());
        assertTrue(r.out().contains("memory limit none, no CPU quota"), r.out());
    }

    @Test
    void systemJsonOfTheContainer() throws Exception {
        CliRun r = CliRun.of("system", "--json", "--root", host("container-v2-2cpu-4g"));
        assertEquals(0, r.exit(), r.err());
        JsonNode doc = r.json();
        assertRoot(doc);
        assertEquals(4294967296L, doc.path("cgroup").path("memoryLimitBytes").asLong());
        assertEquals(2.0, doc.path("cgroup").path("cpuLimit").asDouble());
        assertEquals(2, doc.path("cpus").path("jvm").asInt());
        assertTrue(doc.path("container").path("detected").asBoolean());
        assertEquals(21, doc.path("jdks").get(0).path("feature").asInt());
    }

    @Test
    void baselineJsonHasFlagsAndTheMemorySplit() throws Exception {
        CliRun r = CliRun.of("baseline", "--json", "--goal", "latency", "--root", host("container-v1-2cpu-4g"));
        assertEquals(0, r.exit(), r.err());
        JsonNode doc = r.json();
        assertRoot(doc);
        assertEquals(17, doc.path("jdk").path("feature").asInt(), "the only JDK of that tree");
        assertEquals("-Xmx2991m", doc.path("flags").get(0).asText());
        JsonNode m = doc.path("memoryMiB");
        long nonHeap = 0;
        for (JsonNode p : m.path("nonHeap")) {
            nonHeap += p.path("mib").asLong();
        }
        assertEquals(m.path("limit").asLong() - m.path("headroom").asLong() - nonHeap, m.path("heap").asLong());
        assertFalse(m.path("measured").asBoolean(), "no run measured: the parts are the JDK's and assumed");
        assertFalse(doc.path("flags").toString().contains("MaxMetaspaceSize"), "nothing capped that was not measured");
        assertFalse(doc.path("flags").toString().contains("MaxDirectMemorySize"), doc.path("flags").toString());
    }

    /** A document's root: its schema version and the jvmtune that wrote it, first. */
    private static void assertRoot(JsonNode doc) {
        List<String> names = new ArrayList<>();
        doc.fieldNames().forEachRemaining(names::add);
        assertEquals(List.of("schemaVersion", "tool"), names.subList(0, 2), "the root first: " + names);
        assertEquals(1, doc.path("schemaVersion").asInt());
        assertEquals(DocumentRoot.TOOL, doc.path("tool").asText());
    }

    @Test
    void baselineOnThisMachinePrintsFlagsAndSteps() {
        CliRun r = CliRun.of("baseline", "--goal", "throughput", "--jdk", "17");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("-XX:+UseParallelGC"), r.out());
        assertTrue(r.out().contains("heap "), r.out());
        assertTrue(r.out().contains("-Xlog:gc*,safepoint:file=gc.log"), r.out());
    }

    @Test
    void badInputIsOneLineAndAnExitCode(@TempDir Path empty) {
        CliRun goal = CliRun.of("baseline", "--goal", "speed");
        assertEquals(Main.USAGE, goal.exit());
        assertTrue(goal.oneErrorLine().contains("latency, throughput or footprint"));
        CliRun size = CliRun.of("baseline", "--app-memory", "lots");
        assertEquals(Main.USAGE, size.exit());
        assertTrue(size.oneErrorLine().contains("not a size"));
        CliRun root = CliRun.of("system", "--root", empty.resolve("nope").toString());
        assertEquals(Main.INPUT_ERROR, root.exit());
        root.oneErrorLine();
        CliRun unknown = CliRun.of("baseline", "--root", empty.toString(), "--jdk", "17");
        assertEquals(Main.NOT_ANALYZABLE, unknown.exit());
        assertTrue(unknown.oneErrorLine().contains("memory size unknown"), unknown.err());
        CliRun sys = CliRun.of("system", "--root", empty.toString());
        assertEquals(0, sys.exit(), "an empty root is all unknown, not an error");
        assertTrue(sys.out().contains("CPUs        unknown online"), sys.out());
    }
}
