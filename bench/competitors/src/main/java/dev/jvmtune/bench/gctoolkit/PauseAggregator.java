package dev.jvmtune.bench.gctoolkit;

import com.microsoft.gctoolkit.aggregator.Aggregates;
import com.microsoft.gctoolkit.aggregator.Aggregator;
import com.microsoft.gctoolkit.aggregator.EventSource;
import com.microsoft.gctoolkit.event.g1gc.G1RealPause;

/** Every stop-the-world G1 pause (young, mixed, remark, cleanup, full) goes to {@link PauseAggregation}. */
@Aggregates({EventSource.G1GC})
public class PauseAggregator extends Aggregator<PauseAggregation> {
    public PauseAggregator(PauseAggregation aggregation) {
        super(aggregation);
        register(G1RealPause.class, e -> aggregation().record(e.getDuration()));
    }
}
