package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;

/**
 * One question about a run, answered in one pass over its events: {@link Analyzer} hands every event of the run
 * to every aggregation, in log order, and each takes the kinds it reads. Memory must not grow with the log
 * (counters, running sums, bounded series), and nothing may depend on the parser or the file: the same events
 * give the same answer whether they come from a log, a recording or a live stream. Each aggregation's answer
 * is a record of plain values, built at the end by the analyzer.
 */
public interface Aggregation {

    void accept(JvmEvent e);

    /** An aggregation of {@link GcEvent}s only. */
    interface OfGc extends Aggregation {

        @Override
        default void accept(JvmEvent e) {
            if (e instanceof GcEvent g) {
                add(g);
            }
        }

        void add(GcEvent e);
    }
}
