package dev.jvmtune.bench.gctoolkit;

import com.microsoft.gctoolkit.aggregator.Aggregation;
import com.microsoft.gctoolkit.aggregator.Collates;

/** Counts gctoolkit's G1 pause events and sums their durations. */
@Collates(PauseAggregator.class)
public class PauseAggregation extends Aggregation {
    private long count;
    private double totalSec;

    void record(double durationSec) {
        count++;
        totalSec += durationSec;
    }

    public long count() {
        return count;
    }

    public double totalMs() {
        return totalSec * 1000;
    }

    @Override
    public boolean hasWarning() {
        return false;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }
}
