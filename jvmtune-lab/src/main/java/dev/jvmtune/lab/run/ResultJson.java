package dev.jvmtune.lab.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import java.io.IOException;
import java.nio.file.Path;

/** A trial's result as one JSON object (DIR/result.json, {@code run --json}); fields in docs/lab.md. */
public final class ResultJson {

    private static final ObjectMapper JSON = Json.mapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The shape of {@code result.json}; its {@code schemaVersion}. */
    static final int SCHEMA_VERSION = 1;

    private ResultJson() {
    }

    public static ObjectNode of(TrialResult r) {
        ObjectNode o = JSON.valueToTree(DocumentRoot.of(SCHEMA_VERSION));
        o.put("outcome", r.outcome().name());
        o.put("exitCode", r.exitCode());
        o.put("wallSec", r.wallSec());
        o.put("peakRssBytes", r.peakRssBytes());
        ObjectNode m = o.putObject("metrics");
        r.metrics().forEach(m::put);
        try {
            o.set("metricsFile", r.metricsJson() == null ? null : JSON.readTree(r.metricsJson()));
        } catch (IOException e) {
            o.put("metricsFile", r.metricsJson());
        }
        r.command().forEach(o.putArray("command")::add);
        o.put("outDir", r.outDir().toString());
        o.put("crashLog", r.crashLog() == null ? null : r.crashLog().toString());
        r.notes().forEach(o.putArray("notes")::add);
        o.set("footprint", r.footprint() == null ? null : FootprintJson.of(r.footprint(), false));
        return JsonFigures.rounded(o);
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
}
