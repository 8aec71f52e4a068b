package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;

/** The time the run's collections cover: the first one's start to the latest end. */
final class TimeSpan implements Aggregation.OfGc {

    private double first = Double.NaN;
    private double lastEnd = Double.NaN;

    @Override
    public void add(GcEvent e) {
        double t = e.uptimeSec();
        if (Double.isNaN(t)) {
            return;
        }
        if (Double.isNaN(first)) {
            first = t;
        }
        double end = t + (Double.isNaN(e.durationMs()) ? 0 : e.durationMs() / 1000.0);
        lastEnd = Double.isNaN(lastEnd) ? end : Math.max(lastEnd, end);
    }

    /** The run's start: the log's first timestamp, or the first collection's when earlier or the log has none. */
    double start(double logStartSec) {
        return Double.isNaN(logStartSec) ? first : Math.min(logStartSec, Double.isNaN(first) ? Double.POSITIVE_INFINITY
                : first);
    }

    /** The run's end: the log's last timestamp, or the latest end of a collection when later. */
    double end(double logEndSec) {
        return Double.isNaN(logEndSec) ? lastEnd : Math.max(logEndSec, Double.isNaN(lastEnd)
                ? Double.NEGATIVE_INFINITY : lastEnd);
    }
}
