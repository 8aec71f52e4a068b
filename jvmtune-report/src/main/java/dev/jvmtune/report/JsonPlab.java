package dev.jvmtune.report;

import static dev.jvmtune.report.JsonReport.number;
import static dev.jvmtune.report.JsonReport.size;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.analysis.PlabSizing;
import dev.jvmtune.core.model.PlabStatistics;
import java.io.IOException;

/** G1's PLAB figures: {@code summary.plab} and an event's {@code plab} (docs/json.md). */
final class JsonPlab {

    private JsonPlab() {
    }

    static void summary(JsonGenerator g, PlabSizing p) throws IOException {
        if (p == null) {
            g.writeNullField("plab");
            return;
        }
        g.writeObjectFieldStart("plab");
        for (int i = 0; i < 2; i++) {
            PlabSizing.Destination d = i == 0 ? p.young() : p.old();
            String name = i == 0 ? "young" : "old";
            if (d == null) {
                g.writeNullField(name);
                continue;
            }
            g.writeObjectFieldStart(name);
            g.writeNumberField("collections", d.collections());
            g.writeNumberField("allocatedBytes", d.allocatedBytes());
            g.writeNumberField("wasteBytes", d.wasteBytes());
            number(g, "wastePct", d.wastePct());
            g.writeNumberField("resized", d.resized());
            size(g, "minDesiredBytes", d.minDesiredBytes());
            size(g, "p50DesiredBytes", d.p50DesiredBytes());
            size(g, "maxDesiredBytes", d.maxDesiredBytes());
            g.writeNumberField("swings", d.swings());
            number(g, "swingPct", d.swingPct());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    static void event(JsonGenerator g, PlabStatistics p) throws IOException {
        g.writeObjectFieldStart("plab");
        for (int i = 0; i < 2; i++) {
            PlabStatistics.Destination d = i == 0 ? p.young() : p.old();
            if (d == null) {
                continue;
            }
            g.writeObjectFieldStart(i == 0 ? "young" : "old");
            size(g, "allocatedBytes", d.allocatedBytes());
            size(g, "wastedBytes", d.wastedBytes());
            size(g, "unusedBytes", d.unusedBytes());
            size(g, "undoWasteBytes", d.undoWasteBytes());
            size(g, "regionEndWasteBytes", d.regionEndWasteBytes());
            size(g, "directAllocatedBytes", d.directAllocatedBytes());
            size(g, "calculatedBytes", d.calculatedBytes());
            size(g, "desiredBytes", d.desiredBytes());
            g.writeEndObject();
        }
        g.writeEndObject();
    }
}
