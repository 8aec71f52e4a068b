package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.SafepointEvent;
import java.util.function.Consumer;

/**
 * Receives what {@link LogAnalysis#read} reads, besides the analysis itself: a writer of event lines, a
 * collector of chart series. Every method is optional.
 */
public interface RunTap {

    default void event(GcEvent e) {
    }

    default void safepoint(SafepointEvent s) {
    }

    default void codeCache(CodeCacheSample s) {
    }

    /** The JVM restarted inside the log: what follows belongs to the next run. */
    default void restart() {
    }

    /** A tap that passes events to {@code events}; {@code null} for none. */
    static RunTap events(Consumer<GcEvent> events) {
        return events == null ? null : new RunTap() {
            @Override
            public void event(GcEvent e) {
                events.accept(e);
            }
        };
    }

    /** Both taps, {@code a} first; either may be null. */
    static RunTap both(RunTap a, RunTap b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new RunTap() {
            @Override
            public void event(GcEvent e) {
                a.event(e);
                b.event(e);
            }

            @Override
            public void safepoint(SafepointEvent s) {
                a.safepoint(s);
                b.safepoint(s);
            }

            @Override
            public void codeCache(CodeCacheSample s) {
                a.codeCache(s);
                b.codeCache(s);
            }

            @Override
            public void restart() {
                a.restart();
                b.restart();
            }
        };
    }
}
