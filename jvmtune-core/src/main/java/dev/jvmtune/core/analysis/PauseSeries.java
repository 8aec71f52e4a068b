package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import java.util.Arrays;

/**
 * A run's pauses in log order - start time, pause, its class ({@link PauseClass}: kind, trigger, incidents, as a
 * small code), its Eden evacuation speed, the heap it left and the heap's capacity, and the heap a collection that
 * cleaned the old generation left - kept so that what can only be decided at the end (where warm-up ends, how the
 * pauses after it are spread, how many of each class exceed a goal that the log states late, what lives after
 * start-up, the tuner's pauses of a growing heap and peak live set) is computed exactly. Immutable: a
 * {@link Sampler} gathers the pauses as the log is read and hands out the series so far.
 * Memory is bounded: up to {@link #CAPACITY} pauses are kept one by one; when a run has more, every
 * second kept pause is dropped and only every {@link #stride()}-th pause is kept from then on, a
 * systematic sample whose figures {@link #stride()} scales back to counts.
 */
public final class PauseSeries {

    /** Pauses kept one by one at the most. */
    public static final int CAPACITY = 1 << 18;

    private final double[] time;
    private final double[] ms;
    private final float[] speed;
    private final int[] code;
    private final long[] heapAfter;
    private final long[] capacity;
    private final long[] oldCleanedAfter;
    private final int stride;

    private PauseSeries(Sampler s) {
        time = Arrays.copyOf(s.time, s.size);
        ms = Arrays.copyOf(s.ms, s.size);
        speed = Arrays.copyOf(s.speed, s.size);
        code = Arrays.copyOf(s.code, s.size);
        heapAfter = Arrays.copyOf(s.heapAfter, s.size);
        capacity = Arrays.copyOf(s.capacity, s.size);
        oldCleanedAfter = Arrays.copyOf(s.oldCleanedAfter, s.size);
        stride = s.stride;
    }

    public int size() {
        return time.length;
    }

    /** 1 while every pause is kept; else each kept pause stands for this many. */
    public int stride() {
        return stride;
    }

    /** The pause's start, s of uptime. */
    public double time(int i) {
        return time[i];
    }

    public double ms(int i) {
        return ms[i];
    }

    public GcKind kind(int i) {
        return PauseClass.kindOf(code[i]);
    }

    /** The heap the pause left, bytes; -1 when the log gives no figure. */
    public long heapAfter(int i) {
        return heapAfter[i];
    }

    /** The heap's capacity at the pause, bytes; -1 when the log gives no figure. */
    public long capacity(int i) {
        return capacity[i];
    }

    /** MiB of Eden cleared per ms of the pause; NaN if unknown or not a young pause. */
    double speed(int i) {
        return speed[i];
    }

    /** {@link PauseClass#code} of the pause. */
    int code(int i) {
        return code[i];
    }

    /** A young pause: G1's young and concurrent-start pauses, the young collections of the others. */
    boolean young(int i) {
        GcKind k = kind(i);
        return k == GcKind.YOUNG || k == GcKind.CONCURRENT_START;
    }

    /** The heap a collection that cleaned the old generation left ({@link LiveSet}); -1 for other pauses. */
    long oldCleanedAfter(int i) {
        return oldCleanedAfter[i];
    }

    /** Gathers a run's pauses in log order, sampled as the class says; {@link #series()} is what it has so far. */
    public static final class Sampler {

        private double[] time = new double[1024];
        private double[] ms = new double[1024];
        private float[] speed = new float[1024];
        private int[] code = new int[1024];
        private long[] heapAfter = new long[1024];
        private long[] capacity = new long[1024];
        private long[] oldCleanedAfter = new long[1024];
        private int size;
        private int stride = 1;
        private long seen;

        /** Takes {@code e} if it is a pause; other events are passed over. */
        public void add(GcEvent e) {
            if (!e.isPause()) {
                return;
            }
            long index = seen++;
            if (index % stride != 0) {
                return;
            }
            if (size == CAPACITY) {
                halve();
                if (index % stride != 0) {
                    return;
                }
            }
            if (size == time.length) {
                int n = Math.min(CAPACITY, size * 2);
                time = Arrays.copyOf(time, n);
                ms = Arrays.copyOf(ms, n);
                speed = Arrays.copyOf(speed, n);
                code = Arrays.copyOf(code, n);
                heapAfter = Arrays.copyOf(heapAfter, n);
                capacity = Arrays.copyOf(capacity, n);
                oldCleanedAfter = Arrays.copyOf(oldCleanedAfter, n);
            }
            boolean young = e.kind() == GcKind.YOUNG || e.kind() == GcKind.CONCURRENT_START;
            // a pause that failed to evacuate (to-space exhausted) copied and then undid work: no measure of speed
            boolean measured = young && !e.incidents().contains(GcIncident.EVACUATION_FAILURE);
            MemoryUsage heap = e.heap();
            time[size] = e.uptimeSec();
            ms[size] = e.pauseMs();
            speed[size] = (float) (measured ? EvacuationSpeed.of(e) : Double.NaN);
            code[size] = PauseClass.code(e);
            heapAfter[size] = heap == null ? -1 : Math.max(-1, heap.afterBytes());
            capacity[size] = heap == null ? -1 : Math.max(-1, heap.capacityBytes());
            oldCleanedAfter[size] = LiveSet.oldCleanedAfter(e);
            size++;
        }

        /** Keeps the pauses at even positions: those whose index is a multiple of the doubled stride. */
        private void halve() {
            int j = 0;
            for (int i = 0; i < size; i += 2, j++) {
                time[j] = time[i];
                ms[j] = ms[i];
                speed[j] = speed[i];
                code[j] = code[i];
                heapAfter[j] = heapAfter[i];
                capacity[j] = capacity[i];
                oldCleanedAfter[j] = oldCleanedAfter[i];
            }
            size = j;
            stride *= 2;
        }

        /** The pauses taken so far: a copy, which later pauses leave as it is. */
        public PauseSeries series() {
            return new PauseSeries(this);
        }
    }
}
