package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** Events per {@link GcIncident} the log reports. */
final class Incidents implements Aggregation.OfGc {

    private final Map<GcIncident, Long> counts = new EnumMap<>(GcIncident.class);

    @Override
    public void add(GcEvent e) {
        for (GcIncident i : e.incidents()) {
            counts.merge(i, 1L, Long::sum);
        }
    }

    Map<GcIncident, Long> build() {
        return Collections.unmodifiableMap(new EnumMap<>(counts));
    }
}
