import dev.jvmtune.workloads.AllocationChurn;

/**
 * bench/live-overhead.sh's program: AllocationChurn twice in one JVM, a warm-up phase (during which a watcher
 * attaches and settles: the attach API, the management agent, JFR's start, the watcher's own JIT) and the measured
 * phase, whose throughput is what AllocationChurn writes to $JVMTUNE_METRICS last. Usage: WARM_SEC MEASURE_SEC.
 */
public final class WarmThenMeasure {
    public static void main(String[] args) throws Exception {
        AllocationChurn.main(new String[] {"--seconds", args[0]});
        AllocationChurn.main(new String[] {"--seconds", args[1]});
    }
}
