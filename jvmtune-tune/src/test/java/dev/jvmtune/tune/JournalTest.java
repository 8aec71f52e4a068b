package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.DocumentRoot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tune.jsonl}: the session line, first, carries the document's root; a journal written without it (an earlier
 * jvmtune's) resumes as before. From settings and trials built here, without running one.
 */
class JournalTest {

    private static final TuneSettings SETTINGS = new TuneSettings("churn", List.of("--threads", "2"), null, "17",
            "-Xmx256m", "metrics.wallSec <= -10%", List.of("rss.peak <= +20%"), 3, 20, 10, 0.05, 7, 600,
            List.of("-Xmx"), false);
    private static final TrialResult BASELINE = new TrialResult(0, "baseline", "-Xmx256m", "OK", 1.5,
            Map.of("wallSec", 1.5), "trials/000");

    @Test
    void theSessionLineCarriesTheRootAndResumes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tune.jsonl");
        try (Journal j = Journal.create(file, SETTINGS, "jdbc:sqlite:results.db")) {
            j.trial(BASELINE);
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        JsonNode session = Journal.JSON.readTree(lines.get(0));
        List<String> names = new ArrayList<>();
        session.fieldNames().forEachRemaining(names::add);
        assertEquals(List.of("schemaVersion", "tool", "workload"), names.subList(0, 3), "root first: " + session);
        assertEquals("type", names.get(names.size() - 1), "type last: a whole session line ends with it");
        assertEquals("1 " + DocumentRoot.TOOL + " session", session.path("schemaVersion").asInt() + " "
                + session.path("tool").asText() + " " + session.path("type").asText());
        assertResumes(file, SETTINGS);
    }

    /** The journal an earlier jvmtune wrote: no root, no {@code pinned} or {@code beyondBound}, a former metric name. */
    @Test
    void aJournalWithoutTheRootResumes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tune.jsonl");
        Files.writeString(file, """
                {"workload":"churn","params":["--threads","2"],"command":[],"jdk":"17","flags":"-Xmx256m",\
                "goal":"metrics.wallSec <= -10%","guards":["rss.peak <= +20%"],"repeats":3,"maxTrials":20,\
                "maxMinutes":10.0,"alpha":0.05,"seed":7,"timeoutSec":600,"db":"jdbc:sqlite:results.db","type":"session"}
                {"seq":0,"arm":"baseline","flags":"-Xmx256m","outcome":"OK","seconds":1.5,"metrics":{"wall":1.5},\
                "dir":"trials/000","type":"trial"}
                """, StandardCharsets.UTF_8);
        assertEquals(List.of(BASELINE), Journal.trials(file));
        assertResumes(file, new TuneSettings("churn", List.of("--threads", "2"), List.of(), "17", "-Xmx256m",
                "metrics.wallSec <= -10%", List.of("rss.peak <= +20%"), 3, 20, 10, 0.05, 7, 600, List.of(), false));
    }

    /** A journal whose root says a later shape (a field renamed or removed) is refused in one line, left as it is. */
    @Test
    void aJournalOfALaterShapeIsRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tune.jsonl");
        String later = "{\"schemaVersion\":2,\"tool\":\"jvmtune 9.0\",\"workload\":\"churn\",\"type\":\"session\"}\n";
        Files.writeString(file, later, StandardCharsets.UTF_8);
        for (int i = 0; i < 2; i++) { // the second time: the session's lock was given back
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Journal.resume(file));
            assertEquals(file + ": written by jvmtune 9.0 in the shape of schema version 2, which " + DocumentRoot.TOOL
                    + " cannot read (it reads up to 1): use that jvmtune or a later one", e.getMessage());
        }
        assertEquals(later, Files.readString(file, StandardCharsets.UTF_8));
    }

    private static void assertResumes(Path file, TuneSettings settings) throws Exception {
        try (Journal j = Journal.resume(file)) {
            assertEquals(settings, j.settings());
            assertEquals(List.of(BASELINE), j.trials());
            assertEquals("jdbc:sqlite:results.db", j.database());
        }
    }
}
