package dev.jvmtune.lab.run;

import static dev.jvmtune.core.Json.known;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
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
    record Document(@JsonUnwrapped DocumentRoot root, @JsonUnwrapped FootprintDocument footprint) {
    }

    /** @param series left out of {@code result.json}'s footprint */
    record FootprintDocument(String method, int samples, Double peakSec, Resident resident, Long threadsPeak,
                             List<Part> parts, @JsonInclude(Include.NON_NULL) List<Sample> series) {
    }

    record Resident(Long peakBytes, String peakBasis, Long atPeakBytes, Long anonBytes, Long fileBytes,
                    Long shmemBytes, Long pssBytes, Long heapBytes, Long cgroupPeakBytes, Long cgroupLimitBytes,
                    Long oomKills) {
    }

    record Part(String part, Long atPeakBytes, Long peakBytes, Long reservedBytes, Long mallocBytes, Long usedBytes,
                String basis) {
    }

    /** @param committedBytes by part key ({@code codeCache}) */
    record Sample(double sec, long rssBytes, Map<String, Long> committedBytes) {
    }

    static Document document(Footprint f) {
        return new Document(DocumentRoot.of(SCHEMA_VERSION), footprint(f, true));
    }

    public static ObjectNode of(Footprint f, boolean series) {
        return JSON.valueToTree(footprint(f, series));
    }

    private static FootprintDocument footprint(Footprint f, boolean series) {
        Footprint.Resident r = f.resident();
        Resident resident = new Resident(known(r.peakBytes()), r.peakBasis(), known(r.atPeakBytes()),
                known(r.anonBytes()), known(r.fileBytes()), known(r.shmemBytes()), known(r.pssBytes()),
                known(r.heapBytes()), known(r.cgroupPeakBytes()), known(r.cgroupLimitBytes()), known(r.oomKills()));
        List<Part> parts = f.parts().stream().map(p -> new Part(p.part().key(), known(p.atPeakBytes()),
                known(p.peakBytes()), known(p.reservedBytes()), known(p.mallocBytes()), known(p.usedBytes()),
                p.basis())).toList();
        List<Sample> samples = null;
        if (series) {
            samples = new ArrayList<>();
            for (Footprint.Sample x : f.series()) {
                Map<String, Long> committed = new LinkedHashMap<>();
                x.committedBytes().forEach((k, v) -> committed.put(k.key(), v));
                samples.add(new Sample(Math.round(x.sec() * 1000) / 1000.0, x.rssBytes(), committed));
            }
        }
        return new FootprintDocument(f.method(), f.samples(),
                Double.isNaN(f.peakSec()) ? null : Math.round(f.peakSec() * 1000) / 1000.0, resident,
                known(f.threadsPeak()), parts, samples);
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
}
