package dev.jvmtune.core.analysis.chart;

import java.util.List;
import java.util.Map;

/**
 * One run's chart series, as the HTML report draws them: times in seconds of uptime, pauses and durations in
 * ms, memory in MiB, rates in MiB/s, each line bounded in points whatever the length of the log
 * ({@link ChartSeries}). Unknown numbers are NaN.
 *
 * @param start         first time of any series, s
 * @param end           last time, s
 * @param wallOffsetSec seconds since the epoch at uptime 0, for a wall-clock axis; NaN when the log has no
 *                      wall-clock decorations
 * @param goalMs        the pause goal the run was judged against; NaN when none
 * @param warmupEndSec  where warm-up ends; NaN when none was found
 * @param files         the files of the run, in reading order: {@link PausePoint#FILE} indexes them
 * @param causes        the pauses' causes: {@link PausePoint#CAUSE} indexes them
 * @param pauses        by kind ({@code young}, {@code concurrent start}...): rows of {@link PausePoint} columns
 * @param histogram     the distribution of all pauses
 * @param heap          whole heap before and after collections, and its capacity: {@code [t, MiB]} pairs
 * @param pools         occupancy after collections per pool, Eden before them ("Eden before GC"), {@code [t, MiB]}
 * @param rates         allocation and promotion per time bin
 * @param phases        pause time per top-level phase per time bin
 * @param concurrent    duration of concurrent phases by name and of whole cycles ({@code whole cycle}), {@code [t, ms]}
 * @param safepoints    stopped time and time to safepoint per safepoint, {@code [t, ms]}
 * @param codeHeaps     used MiB per code heap and its reservation
 */
public record RunSeries(double start, double end, double wallOffsetSec, double goalMs, double warmupEndSec,
                        List<String> files, List<String> causes, Map<String, double[][]> pauses, Histogram histogram,
                        Heap heap, Map<String, double[][]> pools, Rates rates, Phases phases,
                        Map<String, double[][]> concurrent, Safepoints safepoints, Map<String, CodeHeap> codeHeaps) {

    /** The columns of a pause row. */
    public static final class PausePoint {
        public static final int TIME = 0;
        public static final int MS = 1;
        public static final int GC_ID = 2;
        public static final int CAUSE = 3;
        public static final int HEAP_BEFORE_MIB = 4;
        public static final int HEAP_AFTER_MIB = 5;
        public static final int FILE = 6;
        public static final int LINE = 7;

        private PausePoint() {
        }
    }

    /**
     * Pause counts per logarithmic bin: bin {@code i} spans {@code 10^((firstBin + i) / binsPerDecade)} to the
     * next edge, in ms; and the percentile curve: {@code [x, ms]}, the pause at {@code 1 - 10^-x}.
     */
    public record Histogram(int binsPerDecade, int firstBin, double[] counts, double[][] percentiles) {
    }

    public record Heap(double[][] before, double[][] after, double[][] capacity) {
    }

    /** Bin centres {@code t} and MiB/s per bin; empty when the run has no time span. */
    public record Rates(double[] t, double[] allocation, double[] promotion) {
    }

    /** Bin centres {@code t} and the ms of each top-level phase per bin; empty without phases. */
    public record Phases(double[] t, Map<String, double[]> series) {
    }

    public record Safepoints(double[][] total, double[][] timeToSafepoint) {
    }

    /** @param reserved MiB reserved for the code heap; NaN when unknown */
    public record CodeHeap(double[][] used, double reserved) {
    }
}
