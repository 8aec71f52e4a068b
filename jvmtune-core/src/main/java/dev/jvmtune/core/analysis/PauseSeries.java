package dev.jvmtune.core.analysis;

import java.util.Arrays;

/**
 * The run's pauses in log order - start time, pause, whether it was a young collection, and its Eden
 * evacuation speed - kept so that what can only be decided at the end (where warm-up ends, how the
 * pauses after it are spread, how many exceed a goal that the log states late) is computed exactly.
 * Memory is bounded: up to {@link #CAPACITY} pauses are kept one by one; when a run has more, every
 * second kept pause is dropped and only every {@link #stride()}-th pause is kept from then on, a
 * systematic sample whose figures {@link #stride()} scales back to counts.
 */
final class PauseSeries {

    static final int CAPACITY = 1 << 18;

    private double[] time = new double[1024];
    private double[] ms = new double[1024];
    private float[] speed = new float[1024];
    private boolean[] young = new boolean[1024];
    private int size;
    private int stride = 1;
    private long seen;

    /**
     * @param speedMBperMs MiB of Eden cleared per ms of this pause, NaN if unknown or not a young pause
     */
    void add(double uptimeSec, double pauseMs, boolean youngPause, double speedMBperMs) {
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
            young = Arrays.copyOf(young, n);
        }
        time[size] = uptimeSec;
        ms[size] = pauseMs;
        speed[size] = (float) speedMBperMs;
        young[size] = youngPause;
        size++;
    }

    /** Keeps the pauses at even positions: those whose index is a multiple of the doubled stride. */
    private void halve() {
        int j = 0;
        for (int i = 0; i < size; i += 2, j++) {
            time[j] = time[i];
            ms[j] = ms[i];
            speed[j] = speed[i];
            young[j] = young[i];
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

    boolean young(int i) {
        return young[i];
    }
}
