package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.DocumentRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The analyze command end to end on real corpus logs, through {@link Main#run}. */
class AnalyzeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void jsonCarriesTheContractFields() throws IOException {
        Path log = CliRun.corpus("unified/parallel/parallelgc.log");
        CliRun r = CliRun.of("analyze", "--json", log.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode root = JSON.readTree(r.out());
        assertEquals(2, root.path("schemaVersion").asInt());
        assertEquals("jvmtune", root.path("tool").path("name").asText());
        assertEquals(1, root.path("runs").size(), "one JVM, one run: the document's shape is the same for any input");
        JsonNode doc = root.path("runs").get(0);
        assertEquals(log.toString(), doc.path("name").asText());
        JsonNode input = doc.path("inputs").get(0);
        assertEquals(log.toString(), input.path("path").asText());
        assertEquals("unified", input.path("format").asText());
        assertEquals(Files.size(log), input.path("bytes").asLong());
        assertEquals(51757, input.path("lines").asLong());
        assertEquals(0, input.path("unrecognizedLines").asLong());
        assertEquals("Parallel", doc.path("jvm").path("collector").asText());
        JsonNode pauses = doc.path("summary").path("pauses");
        for (String f : List.of("count", "totalMs", "meanMs", "stdMs", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs")) {
            assertTrue(pauses.path(f).isNumber(), "summary.pauses." + f + " missing: " + pauses);
        }
        // every pause of this log is a "Pause Young"/"Pause Full" summary line
        long summaryLines = Files.readAllLines(log).stream()
                .filter(l -> l.contains("[gc           ]") || l.contains("[gc ")).filter(l -> l.contains(" Pause ")
                        && l.endsWith("ms")).count();
        assertEquals(summaryLines, pauses.path("count").asLong());
        assertTrue(pauses.path("p50Ms").asDouble() <= pauses.path("p99Ms").asDouble());
        assertTrue(pauses.path("p99Ms").asDouble() <= pauses.path("maxMs").asDouble());
        JsonNode summary = doc.path("summary");
        assertTrue(summary.path("throughputPct").asDouble() > 0 && summary.path("throughputPct").asDouble() < 100);
        assertEquals(summary.path("pausesByKind").path("FULL").path("count").asLong(), summary.path("fullGcCount").asLong());
        assertTrue(summary.path("allocationRateMBps").asDouble() > 0);
        assertTrue(summary.path("promotionRateMBps").asDouble() > 0);
        assertTrue(doc.path("findings").isArray());
    }

    @Test
    void pauseGoalOptionOverridesTheLogsGoal() throws IOException {
        Path log = CliRun.corpus("preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log");
        JsonNode own = run(CliRun.of("analyze", "--json", log.toString())).path("summary");
        assertEquals(100.0, own.path("pauseGoal").path("goalMs").asDouble());
        assertEquals("G1 target pause time", own.path("pauseGoal").path("source").asText());
        CliRun r = CliRun.of("analyze", "--json", "--pause-goal", "50", log.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode summary = run(r).path("summary");
        JsonNode goal = summary.path("pauseGoal");
        assertEquals(50.0, goal.path("goalMs").asDouble());
        assertEquals("option", goal.path("source").asText());
        assertTrue(goal.path("overall").path("over").asLong() > own.path("pauseGoal").path("overall").path("over").asLong());
        // the Eden cleared within the goal follows the goal: half the goal, half the Eden
        assertEquals(own.path("evacuation").path("edenForGoalBytes").asDouble() / 2,
                summary.path("evacuation").path("edenForGoalBytes").asDouble(), 1);
        assertEquals(summary.path("pauses").path("count").asLong() - summary.path("steadyState").path("warmupPauses").asLong(),
                summary.path("steadyState").path("pauses").path("count").asLong());
        assertEquals(Main.USAGE, CliRun.of("analyze", "--pause-goal", "-5", log.toString()).exit());
    }

    @Test
    void eventsAreOneJsonLinePerPauseAndConcurrentPhase(@TempDir Path dir) throws IOException {
        Path log = CliRun.corpus("unified/cms/gc_trace.log");
        Path events = dir.resolve("events.jsonl");
        Path json = dir.resolve("a.json");
        CliRun r = CliRun.of("analyze", "--events", events.toString(), "--json-out", json.toString(), log.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Pauses (ms)"), r.out());
        JsonNode doc = JSON.readTree(json.toFile()).path("runs").get(0);
        List<String> all = Files.readAllLines(events).stream().filter(l -> !l.isBlank()).toList();
        JsonNode root = JSON.readTree(all.get(0));
        assertEquals("Document 1 " + DocumentRoot.TOOL, root.path("type").asText() + " "
                + root.path("schemaVersion").asInt() + " " + root.path("tool").asText(), "the root first: " + root);
        assertTrue(all.get(1).startsWith("{\"type\":\"InputFile\",\"path\":"), all.get(1));
        // the collections; the safepoints of the log are lines of their own
        List<String> lines = all.stream().filter(l -> l.startsWith("{\"type\":\"GcEvent\"")).toList();
        long pauses = 0;
        long concurrent = 0;
        double total = 0;
        for (String line : lines) {
            JsonNode e = JSON.readTree(line);
            assertTrue(e.path("gcId").asLong() >= 0, line);
            assertTrue(e.path("line").asLong() > 0, line);
            if (e.path("pauseMs").asDouble() > 0) {
                pauses++;
                total += e.path("pauseMs").asDouble();
            } else if (e.path("kind").asText().equals("CONCURRENT")) {
                concurrent++;
            }
        }
        assertEquals(doc.path("summary").path("pauses").path("count").asLong(), pauses);
        assertEquals(doc.path("summary").path("pauses").path("totalMs").asDouble(), total, 0.01);
        assertEquals(doc.path("summary").path("concurrent").path("count").asLong(), concurrent);
        JsonNode first = JSON.readTree(lines.get(0));
        assertEquals("Pause Young", first.path("name").asText());
        assertEquals("Allocation Failure", first.path("cause").asText());
        assertEquals(21.338, first.path("pauseMs").asDouble(), 1e-9);
        assertEquals(16L << 20, first.path("heap").path("beforeBytes").asLong());
        assertTrue(first.path("pools").size() >= 2, first.toString());
        assertEquals(0.07, first.path("cpu").path("userSec").asDouble(), 1e-9);
    }

    @Test
    void eventsToStdoutSendTheSummaryToStderr() {
        CliRun r = CliRun.of("analyze", "--events", "-", CliRun.corpus("unified/g1gc/minimal.log").toString());
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().limit(3).toList();
        assertTrue(lines.get(0).startsWith("{\"type\":\"Document\",\"schemaVersion\":1,"), lines.get(0));
        assertTrue(lines.get(2).startsWith("{\"type\":\"GcEvent\",\"gcId\":0,"), lines.get(2));
        assertTrue(r.err().contains("Pauses (ms)"));
    }

    @Test
    void rotatedSetIsOneTimelineAndSeparateJvmsStayApart(@TempDir Path dir) throws IOException {
        Path g1 = CliRun.corpus("unified/g1gc/minimal.log");
        List<String> lines = Files.readAllLines(g1);
        // split one real log into a rotated set written out of name order
        Path rotated = Files.createDirectory(dir.resolve("rotated"));
        Files.write(rotated.resolve("gc.log.1"), lines.subList(0, 1000));
        Files.write(rotated.resolve("gc.log.0"), lines.subList(1000, 2000));
        Files.write(rotated.resolve("gc.log"), lines.subList(2000, lines.size()));
        CliRun whole = CliRun.of("analyze", "--json", g1.toString());
        CliRun split = CliRun.of("analyze", "--json", rotated.toString());
        assertEquals(0, split.exit(), split.err());
        JsonNode a = run(whole);
        JsonNode b = run(split);
        assertEquals(3, b.path("inputs").size());
        assertTrue(b.path("inputs").get(0).path("path").asText().endsWith("gc.log.1"), b.path("inputs").toString());
        assertEquals(a.path("summary").path("pauses"), b.path("summary").path("pauses"));

        CliRun two = CliRun.of("analyze", "--json", g1.toString(), CliRun.corpus("unified/parallel/parallelgc.log").toString());
        JsonNode runs = JSON.readTree(two.out()).path("runs");
        assertEquals(2, runs.size());
        assertEquals("G1", runs.get(0).path("jvm").path("collector").asText());
        assertEquals("Parallel", runs.get(1).path("jvm").path("collector").asText());
    }

    @Test
    void textLeadsWithTheJvmAndPauseTable() {
        CliRun r = CliRun.of("analyze", CliRun.corpus("unified/serial/factorization-serialgc-tip.log").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("JVM       Serial, JDK 24-internal"), r.out());
        assertTrue(r.out().contains("Full GCs        4"), r.out());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    /** G1's gc+plab figures in both outputs: summed in {@code summary.plab}, per collection in the events. */
    @Test
    void plabFiguresReachTheJsonAndTheEvents(@TempDir Path dir) throws IOException {
        // a real JDK 17 G1 run with gc+plab=debug (jvmtune-core's test log of SurvivorWaves)
        Path log = Path.of("../jvmtune-core/src/test/resources/logs/g1-plab-jdk17.log");
        Path events = dir.resolve("events.jsonl");
        CliRun r = CliRun.of("analyze", "--json", "--events", events.toString(), log.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode doc = run(r);
        JsonNode young = doc.path("summary").path("plab").path("young");
        assertEquals(17, young.path("resized").asLong(), young.toString());
        assertEquals(838336, young.path("maxDesiredBytes").asLong());
        assertEquals(5, young.path("swings").asLong());
        assertTrue(doc.path("findings").findValuesAsText("ruleId").contains("plab-resizing"), doc.path("findings")
                .toString());
        // GC(0): "Young sizing: calculated: 832280B, actual: 832280B", "Old PLAB allocation: allocated: 12910592B"
        JsonNode first = JSON.readTree(Files.readAllLines(events).stream()
                .filter(l -> l.startsWith("{\"type\":\"GcEvent\"")).findFirst().orElseThrow());
        assertEquals(832280, first.path("plab").path("young").path("desiredBytes").asLong(), first.toString());
        assertEquals(12910592, first.path("plab").path("old").path("allocatedBytes").asLong(), first.toString());
    }

    /** Issue 4, acceptance 3: the text leads with the verdict and --json carries the same in {@code verdict}. */
    @Test
    void verdictLeadsTheTextAndIsInTheJson() throws IOException {
        Path log = CliRun.corpus("preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log");
        CliRun text = CliRun.of("analyze", log.toString());
        assertEquals(0, text.exit(), text.err());
        String out = text.out();
        int verdict = out.indexOf("Verdict   Pause goal 100 ms NOT met: 51 of 1379 steady-state pauses over it");
        assertTrue(verdict > 0 && verdict < out.indexOf("Findings") && out.indexOf("Findings") < out.indexOf("Pauses (ms)"),
                out);
        assertTrue(out.contains("\n  1. ") && out.contains("\n  3. ") && !out.contains("\n  4. "), out);
        String flags = out.lines().filter(l -> l.startsWith("Flags     ")).findFirst().orElseThrow();
        assertTrue(flags.startsWith("Flags     -XX:+UnlockExperimentalVMOptions ") && flags.contains("-XX:G1NewSizePercent=5")
                && flags.contains("-XX:G1MaxNewSizePercent=63"), flags);

        JsonNode doc = run(CliRun.of("analyze", "--json", log.toString()));
        JsonNode v = doc.path("verdict");
        assertFalse(v.path("goalMet").asBoolean(true));
        assertEquals(out.lines().filter(l -> l.startsWith("Verdict   ")).findFirst().orElseThrow().substring(10),
                v.path("goal").asText());
        assertEquals(3, v.path("top").size());
        assertEquals(flags.substring(10), String.join(" ", JSON.convertValue(v.path("flags"), String[].class)));
        JsonNode summary = doc.path("summary");
        for (String f : List.of("pauseClusters", "phases", "liveSet", "fullGcCauses", "gcCpu", "failedEvacuation",
                "logDetail")) {
            assertFalse(summary.path(f).isMissingNode() || summary.path(f).isNull(), "summary." + f + " missing");
        }
        assertEquals(2, summary.path("pauseClusters").size());
        assertEquals(19.4, summary.path("phases").path("referenceProcessing").path("pct").asDouble(), 0.05);
    }

    /** The one run of the document {@code r} printed. */
    private static JsonNode run(CliRun r) throws IOException {
        JsonNode runs = JSON.readTree(r.out()).path("runs");
        assertEquals(1, runs.size(), r.out());
        return runs.get(0);
    }

    @Test
    void csvHasOneRowOfKeyFiguresPerRun() {
        CliRun r = CliRun.of("analyze", "--format", "csv", CliRun.corpus("unified/g1gc/minimal.log").toString(),
                CliRun.corpus("unified/parallel/parallelgc.log").toString());
        assertEquals(0, r.exit(), r.err());
        List<String> rows = r.out().lines().toList();
        assertEquals(3, rows.size(), r.out());
        assertEquals(3, r.out().split("\r\n", -1).length - 1, "rows end with CR LF (RFC 4180): " + r.out());
        assertFalse(r.out().contains("\\u000d"), "a line end printed as an escape: " + r.out());
        assertTrue(rows.get(0).startsWith("run,collector,jdk,gc.pause.count,gc.pause.totalMs,"), rows.get(0));
        assertTrue(rows.get(2).contains(",Parallel,"), rows.get(2));
        CliRun xml = CliRun.of("analyze", "--format", "xml", "x.log");
        assertEquals(Main.USAGE, xml.exit(), xml.err());
        assertTrue(xml.err().startsWith("jvmtune: the analysis has no xml format: it has text, json, csv, html, events"),
                xml.err());
    }

    @Test
    void usageErrorsAndMissingFiles() {
        assertEquals(Main.USAGE, CliRun.of("analyze").exit());
        assertEquals(Main.USAGE, CliRun.of("analyze", "--json", "--events", "-", "x.log").exit());
        CliRun missing = CliRun.of("analyze", "/no/such/gc.log");
        assertEquals(Main.INPUT_ERROR, missing.exit());
        assertEquals("jvmtune: no such file: /no/such/gc.log", missing.err().strip());
    }
}
