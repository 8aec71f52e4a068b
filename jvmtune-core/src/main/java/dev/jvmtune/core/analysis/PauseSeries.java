package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.GcKind;
import java.util.Arrays;

/**
 * The run's pauses in log order - start time, pause, its class ({@link PauseClass}: kind, trigger, incidents, as a
 * small code), its Eden evacuation speed, and the heap a collection that cleaned the old generation left - kept so
 * that what can only be decided at the end (where warm-up ends, how the pauses after it are spread, how many of
 * each class exceed a goal that the log states late, what lives after start-up) is computed exactly.
 * Memory is bounded: up to {@link #CAPACITY} pauses are kept one by one; when a run has more, every
 * second kept pause is dropped and only every {@link #stride()}-th pause is kept from then on, a
 * systematic sample whose figures {@link #stride()} scales back to counts.
 */
final class PauseSeries {

    static final int CAPACITY = 1 << 18;

    private double[] time = new double[1024];
    private double[] ms = new double[1024];
    private float[] speed = new float[1024];
    private int[] code = new int[1024];
    private long[] oldCleanedAfter = new long[1024];
    private int size;
    private int stride = 1;
    private long seen;

    /**
     * @param pauseClass      {@link PauseClass#code} of the pause
     * @param speedMBperMs    MiB of Eden cleared per ms of this pause, NaN if unknown or not a young pause
     * @param oldCleanedAfter heap after a collection that cleaned the old generation ({@link LiveSet}), -1 for
     *                        any other pause or when the log gives no figure
     */
    void add(double uptimeSec, double pauseMs, int pauseClass, double speedMBperMs, long oldCleanedAfter) {
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
            this.oldCleanedAfter = Arrays.copyOf(this.oldCleanedAfter, n);
        }
        time[size] = uptimeSec;
        ms[size] = pauseMs;
        speed[size] = (float) speedMBperMs;
        code[size] = pauseClass;
        this.oldCleanedAfter[size] = oldCleanedAfter;
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
            oldCleanedAfter[j] = oldCleanedAfter[i];
        }
        size = j;
        stride *= 2;
    }

    int size() {
        return size;
    }

    /** 1 while every pause is kept; else each kept pause stands for this many. */
    int stride() {
        return stride;
    }

    double time(int i) {
        return time[i];
    }

    double ms(int i) {
        return ms[i];
    }

    double speed(int i) {
        return speed[i];
    }

    int code(int i) {
        return code[i];
    }

    /** A young pause: G1's young and concurrent-start pauses, the young collections of the others. */
    boolean young(int i) {
        GcKind k = PauseClass.kindOf(code[i]);
        return k == GcKind.YOUNG || k == GcKind.CONCURRENT_START;
    }

    /** The heap a collection that cleaned the old generation left; -1 for other pauses. */
    long oldCleanedAfter(int i) {
        return oldCleanedAfter[i];
    }
}
