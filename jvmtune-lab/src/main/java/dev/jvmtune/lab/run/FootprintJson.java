package dev.jvmtune.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A {@link Footprint} as JSON and back: {@code result.json}'s {@code footprint} (without its series) and
 * {@code footprint.json} (with it, after the document's root), in the shape {@code analyze --json} gives the footprint
 * of a recording (the record's components by name, a part by its key, unknown sizes {@code null}); docs/json.md.
 */
public final class FootprintJson {

    private static final ObjectMapper JSON = Json.mapper();
    /** The shape of {@code footprint.json}; its {@code schemaVersion}. */
    static final int SCHEMA_VERSION = 1;

    private FootprintJson() {
    }

    /** {@code footprint.json}: the root ({@link DocumentRoot}), then the footprint with its series. */
    static ObjectNode document(Footprint f) {
        ObjectNode o = JSON.valueToTree(DocumentRoot.of(SCHEMA_VERSION));
        o.setAll(of(f, true));
        return o;
    }

    public static ObjectNode of(Footprint f, boolean series) {
        ObjectNode o = JSON.createObjectNode();
        o.put("method", f.method());
        o.put("samples", f.samples());
        number(o, "peakSec", f.peakSec());
        Footprint.Resident r = f.resident();
        ObjectNode res = o.putObject("resident");
        bytes(res, "peakBytes", r.peakBytes());
        res.put("peakBasis", r.peakBasis());
        bytes(res, "atPeakBytes", r.atPeakBytes());
        bytes(res, "anonBytes", r.anonBytes());
        bytes(res, "fileBytes", r.fileBytes());
        bytes(res, "shmemBytes", r.shmemBytes());
        bytes(res, "pssBytes", r.pssBytes());
        bytes(res, "heapBytes", r.heapBytes());
        bytes(res, "cgroupPeakBytes", r.cgroupPeakBytes());
        bytes(res, "cgroupLimitBytes", r.cgroupLimitBytes());
        bytes(res, "oomKills", r.oomKills());
        bytes(o, "threadsPeak", f.threadsPeak());
        ArrayNode parts = o.putArray("parts");
        for (Footprint.Part p : f.parts()) {
            ObjectNode n = parts.addObject();
            n.put("part", p.part().key());
            bytes(n, "atPeakBytes", p.atPeakBytes());
            bytes(n, "peakBytes", p.peakBytes());
            bytes(n, "reservedBytes", p.reservedBytes());
            bytes(n, "mallocBytes", p.mallocBytes());
            bytes(n, "usedBytes", p.usedBytes());
            n.put("basis", p.basis());
        }
        if (series) {
            ArrayNode s = o.putArray("series");
            for (Footprint.Sample x : f.series()) {
                ObjectNode n = s.addObject();
                n.put("sec", Math.round(x.sec() * 1000) / 1000.0);
                n.put("rssBytes", x.rssBytes());
                ObjectNode c = n.putObject("committedBytes");
                x.committedBytes().forEach((k, v) -> c.put(k.key(), v));
            }
        }
        return o;
    }

    /**
     * The footprint in {@code node} (as {@link #of} or {@link #document} writes it, or a {@code footprint.json}
     * without the root); null when the node is missing or null.
     */
    public static Footprint read(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        JsonNode r = node.path("resident");
        Footprint.Resident resident = new Footprint.Resident(size(r, "peakBytes"), r.path("peakBasis").asText(""),
                size(r, "atPeakBytes"), size(r, "anonBytes"), size(r, "fileBytes"), size(r, "shmemBytes"),
                size(r, "pssBytes"), size(r, "heapBytes"), size(r, "cgroupPeakBytes"), size(r, "cgroupLimitBytes"),
                size(r, "oomKills"));
        List<Footprint.Part> parts = new ArrayList<>();
        for (JsonNode p : node.path("parts")) {
            MemoryPart.ofKey(p.path("part").asText("")).ifPresent(part -> parts.add(new Footprint.Part(part,
                    size(p, "atPeakBytes"), size(p, "peakBytes"), size(p, "reservedBytes"), size(p, "mallocBytes"),
                    size(p, "usedBytes"),
                    p.path("basis").asText(""))));
        }
        List<Footprint.Sample> series = new ArrayList<>();
        for (JsonNode s : node.path("series")) {
            Map<MemoryPart, Long> committed = new EnumMap<>(MemoryPart.class);
            for (Iterator<Map.Entry<String, JsonNode>> it = s.path("committedBytes").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                MemoryPart.ofKey(e.getKey()).ifPresent(k -> committed.put(k, e.getValue().asLong()));
            }
            series.add(new Footprint.Sample(s.path("sec").asDouble(), s.path("rssBytes").asLong(), committed));
        }
        JsonNode peakSec = node.path("peakSec");
        return new Footprint(node.path("method").asText(""), node.path("samples").asInt(),
                peakSec.isNumber() ? peakSec.asDouble() : Double.NaN, resident, (int) size(node, "threadsPeak"),
                parts, series);
    }

    private static long size(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isNumber() ? v.asLong() : -1;
    }

    private static void bytes(ObjectNode o, String field, long v) {
        if (v < 0) {
            o.putNull(field);
        } else {
            o.put(field, v);
        }
    }

    private static void number(ObjectNode o, String field, double v) {
        if (Double.isNaN(v)) {
            o.putNull(field);
        } else {
            o.put(field, Math.round(v * 1000) / 1000.0);
        }
    }
}
