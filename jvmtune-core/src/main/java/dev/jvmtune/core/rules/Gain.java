package dev.jvmtune.core.rules;

import java.util.List;

/**
 * What acting on a finding could give back: at most {@code seconds} of the run's {@code ofSeconds} (pause, stall,
 * Full GC, concurrent GC or compilation time, converted to the time it took from the application), with the figures
 * it comes from. An upper estimate: the cost the change can remove, not a prediction that all of it goes.
 *
 * @param seconds   time the finding's cause cost the run
 * @param ofSeconds the run's duration
 * @param figures   the arithmetic from the log's figures to {@code seconds}
 */
public record Gain(double seconds, double ofSeconds, List<String> figures) {

    public Gain {
        figures = List.copyOf(figures);
    }

    /** {@code seconds} as a share of the run, in percent; NaN when the run's duration is unknown. */
    public double sharePct() {
        return ofSeconds > 0 ? 100 * seconds / ofSeconds : Double.NaN;
    }

    /** For ordering: the seconds a finding could give back, 0 without an estimate. */
    static double secondsOf(Finding f) {
        return f.gain() == null ? 0 : f.gain().seconds();
    }
}
