package dev.jvmtune.lab.run;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import dev.jvmtune.core.memory.Footprint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A trial's result as one JSON object (DIR/result.json, {@code run --json}); fields in docs/lab.md. */
public final class ResultJson {

    private static final ObjectMapper JSON = Json.mapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The shape of {@code result.json}; its {@code schemaVersion}. */
    static final int SCHEMA_VERSION = 1;

    private ResultJson() {
    }

    /**
     * {@code result.json}.
     *
     * @param metricsFile the program's own metrics file: its JSON, or its text where it is not JSON; null for none
     */
    record Document(@JsonUnwrapped DocumentRoot root, Outcome outcome, int exitCode, double wallSec,
                    long peakRssBytes, Map<String, Double> metrics, Object metricsFile, List<String> command,
                    String outDir, String crashLog, List<String> notes, JsonNode footprint) {
    }

    /** The document, its figures rounded ({@link JsonFigures}). */
    public static ObjectNode of(TrialResult r) {
        Object metricsFile;
        try {
            metricsFile = r.metricsJson() == null ? null : JSON.readTree(r.metricsJson());
        } catch (IOException e) {
            metricsFile = r.metricsJson();
        }
        return JsonFigures.rounded(JSON.valueToTree(new Document(DocumentRoot.of(SCHEMA_VERSION), r.outcome(),
                r.exitCode(), r.wallSec(), r.peakRssBytes(), r.metrics(), metricsFile, r.command(),
                r.outDir().toString(), r.crashLog() == null ? null : r.crashLog().toString(), r.notes(),
                r.footprint() == null ? null : FootprintJson.of(r.footprint(), false))));
    }

    public static String text(TrialResult r) {
        try {
            return JSON.writeValueAsString(of(r));
        } catch (IOException e) {
            throw new IllegalStateException(e); // a tree of plain values always serializes
        }
    }

    /** {@code result.json}, and {@code footprint.json} beside it when the trial has a footprint. */
    static void write(TrialResult r, Path file) throws IOException {
        JSON.writeValue(file.toFile(), of(r));
        if (r.footprint() != null) {
            JSON.writeValue(file.resolveSibling("footprint.json").toFile(), FootprintJson.document(r.footprint()));
        }
    }

    /** The footprint in the trial directory {@code dir}'s {@code result.json}; null where there is none. */
    public static Footprint footprint(Path dir) throws IOException {
        Path file = dir.resolve("result.json");
        return Files.isRegularFile(file) ? FootprintJson.read(JSON.readTree(file.toFile()).get("footprint")) : null;
    }
}
