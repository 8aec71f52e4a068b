package dev.jvmtune.spark;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import java.io.Serializable;
import java.util.stream.Collectors;

/**
 * A row of the {@code events} table: the figures of a pause, concurrent phase or cycle that a fleet query groups or
 * sums, taken from the {@link GcEvent} as the log was read.
 *
 * @param wallTime        ISO-8601 start, or null when the log has no wall-clock decoration
 * @param heapBeforeBytes whole heap, null when not logged or unknown (as are the other two)
 * @param incidents       comma-separated incident names, "" for none
 */
record EventRow(long gcId, double uptimeSec, String wallTime, String kind, boolean pause, String name, String cause,
                double pauseMs, double durationMs, Long heapBeforeBytes, Long heapAfterBytes, Long heapCapacityBytes,
                String incidents, long line) implements Serializable {

    static EventRow of(GcEvent e) {
        return new EventRow(e.gcId(), e.uptimeSec(), e.wallTime() == null ? null : e.wallTime().toString(),
                e.kind().name(), e.isPause(), e.name(), e.cause(), e.pauseMs(), e.durationMs(),
                e.heap() == null ? null : bytes(e.heap().beforeBytes()),
                e.heap() == null ? null : bytes(e.heap().afterBytes()),
                e.heap() == null ? null : bytes(e.heap().capacityBytes()),
                e.incidents().stream().map(GcIncident::name).sorted().collect(Collectors.joining(",")), e.line());
    }

    /** Unknown (core's negative size) is null, as in the JSON. */
    private static Long bytes(long b) {
        return b < 0 ? null : b;
    }
}
