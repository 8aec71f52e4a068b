package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code analyze} tells a person beyond the summary: the differences of two runs without a report file, the
 * files it wrote, and its progress on a real terminal (a pseudo-terminal from util-linux's {@code script}) even
 * when stdout goes to a file.
 */
class AnalyzeOutputsTest {

    /** No Full GC in A, 4 in B: a regression from 0 that no percentage can show. */
    private static final String A = "unified/g1gc/jvm-gc-10Nov2022.log";
    private static final String B = "unified/serial/factorization-serialgc-tip.log";

    @Test
    void compareWithoutHtmlPrintsTheDifferencesAsTextJsonAndCsv(@TempDir Path tmp) throws IOException {
        Path a = CliRun.corpus(A);
        Path b = CliRun.corpus(B);
        CliRun text = CliRun.of("analyze", a.toString(), "--compare", b.toString());
        assertEquals(Main.OK, text.exit(), text.err());
        assertTrue(text.out().startsWith("B against A: "), "the headline first: " + text.out());
        assertTrue(text.out().contains("\n\nDifferences, B against A"), text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.matches("  Full GCs +0 +4 +from 0 +worse")), text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.matches("  pauses +10 +17 +\\+70\\.0 % +worse")), text.out());
        assertTrue(text.out().contains("== " + a) && text.out().contains("== " + b), "both runs' reports follow");

        CliRun json = CliRun.of("analyze", a.toString(), "--compare", b.toString(), "--json");
        assertEquals(Main.OK, json.exit(), json.err());
        JsonNode doc = json.json();
        assertEquals(2, doc.path("runs").size());
        JsonNode fullGcs = null;
        for (JsonNode row : doc.path("differences")) {
            fullGcs = row.path("key").asText().equals("fullGcs") ? row : fullGcs;
        }
        assertEquals(0, fullGcs.path("a").asInt());
        assertEquals(4, fullGcs.path("b").asInt());
        assertEquals("from 0", fullGcs.path("change").asText());
        assertEquals("worse", fullGcs.path("verdict").asText());
        assertEquals(text.out().lines().findFirst().orElseThrow(), doc.path("headline").path("text").asText(),
                "the same headline in text and JSON");

        CliRun csv = CliRun.of("analyze", a.toString(), "--compare", b.toString(), "--format", "csv");
        assertEquals(Main.OK, csv.exit(), csv.err());
        List<String> rows = List.of(csv.out().split("\r\n", -1));
        assertEquals("section,key,label,a,b,ratio,verdict,text", rows.get(0), "RFC 4180 rows: " + csv.out());
        for (JsonNode claim : doc.path("headline").path("claims")) {
            assertTrue(rows.stream().anyMatch(r -> r.startsWith("headline," + claim.path("key").asText() + ",")
                    && r.contains(claim.path("verdict").asText())), claim + " as a row: " + csv.out());
        }
        assertTrue(rows.contains("difference,fullGcs,\"Full GCs\",0,4,,worse,\"0 -> 4 (from 0)\""), csv.out());

        Path html = tmp.resolve("ab.html"); // the page colours the same regression
        CliRun page = CliRun.of("analyze", "-q", a.toString(), "--compare", b.toString(), "--html", html.toString());
        assertEquals(Main.OK, page.exit(), page.err());
        assertTrue(Files.readString(html).contains("<tr data-key=\"fullGcs\"><td>Full GCs</td><td>0</td><td>4</td>"
                + "<td class=\"worse\">from 0</td></tr>"));
    }

    /**
     * A log of about three minutes that states no pause goal against a 2.5 h log whose G1 ergonomics lines state a
     * target pause time of 100 ms: B's goal judges A too, in the JSON, the table and the page's goal line.
     */
    @Test
    void theGoalOneSideStatesJudgesBoth(@TempDir Path tmp) throws IOException {
        Path html = tmp.resolve("goal.html");
        CliRun r = CliRun.of("analyze", "-q", CliRun.corpus("unified/g1gc/minimal.log").toString(), "--compare",
                CliRun.corpus("preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log")
                        .toString(), "--json", "--html", html.toString());
        assertEquals(Main.OK, r.exit(), r.err());
        JsonNode doc = r.json();
        assertEquals("{\"ms\":100,\"source\":\"G1 target pause time\",\"side\":\"B\"}", doc.path("goal").toString());
        JsonNode goalA = doc.path("runs").path(0).path("summary").path("pauseGoal");
        assertEquals("G1 target pause time of B", goalA.path("source").asText(), goalA.toString());
        long over = goalA.path("overall").path("over").asLong(-1);
        assertTrue(over >= 1, "A's pause of 135 ms is over 100 ms: " + goalA);
        assertTrue(doc.path("headline").path("text").asText().endsWith(
                "Both judged by the pause goal 100 ms (G1 target pause time of B)."), doc.path("headline").toString());
        String page = Files.readString(html);
        assertTrue(page.contains("<tr data-key=\"pausesOverGoal\"><td>pauses over the goal</td><td>"
                + dev.jvmtune.report.html.Figures.count(over) + "</td>"),
                "A's pauses over the goal in the table");
        assertEquals(2, page.split("\"goalMs\":100,", -1).length - 1, "the goal line of both runs' charts");
    }

    @Test
    void everyFileWrittenIsSaid(@TempDir Path tmp) {
        Path log = CliRun.corpus(A);
        CliRun r = CliRun.of("analyze", log.toString(), "--html", tmp.resolve("r.html").toString(), "--json-out",
                tmp.resolve("r.json").toString(), "--events", tmp.resolve("e.jsonl").toString());
        assertEquals(Main.OK, r.exit(), r.err());
        List<String> said = r.err().lines().toList();
        assertEquals(3, said.size(), r.err());
        assertTrue(said.get(0).matches("wrote .*e\\.jsonl \\(one JSON line per event, [0-9,]+ KiB\\)"), r.err());
        assertTrue(said.get(1).matches("wrote .*r\\.html \\(HTML report, [0-9.,]+ (KiB|MiB)\\)"), r.err());
        assertTrue(said.get(2).matches("wrote .*r\\.json \\(JSON document, [0-9,]+ KiB\\)"), r.err());
    }

    /**
     * {@code analyze big.log > out.txt} on a terminal: the progress line goes to stderr, the terminal, and the summary
     * to the file, without it; with stderr not a terminal there is no progress.
     */
    @Test
    void progressShowsWheneverStderrIsATerminal(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "util-linux's script gives the pseudo-terminal");
        Path log = tmp.resolve("big.log"); // 10 MiB: progress is reported every 8 MiB read
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 110_000; i++) {
            b.append(String.format(Locale.ROOT, "[%d.%03ds][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) "
                    + "24M->4M(256M) %d.%03dms%n", i / 10, i % 10 * 100, i, 1 + i % 7, i % 1000));
        }
        Files.writeString(log, b);
        Path out = tmp.resolve("out.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String analyze = java + " -Djvmtune.progressAfterMs=0 -cp " + System.getProperty("java.class.path")
                + " dev.jvmtune.cli.Main analyze " + log;
        Path typescript = tmp.resolve("terminal.txt");
        Process p = new ProcessBuilder("/usr/bin/script", "-qec", analyze + " > " + out, "/dev/null")
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(typescript.toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "analyze under script ended");
        String terminal = Files.readString(typescript, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), terminal);
        assertTrue(terminal.contains("\ranalyzing " + log + "  8 MiB"), "progress on the terminal: " + terminal);
        String summary = Files.readString(out);
        assertTrue(summary.contains("Verdict") && !summary.contains("analyzing"), summary);

        List<String> plain = new ArrayList<>(List.of(java, "-Djvmtune.progressAfterMs=0", "-cp",
                System.getProperty("java.class.path"), "dev.jvmtune.cli.Main", "analyze", log.toString()));
        Path err = tmp.resolve("err.txt");
        Process q = new ProcessBuilder(plain).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(q.waitFor(2, TimeUnit.MINUTES));
        assertEquals(0, q.exitValue(), Files.readString(err));
        assertFalse(Files.readString(err).contains("analyzing"), "no progress into a file: " + Files.readString(err));
    }
}
