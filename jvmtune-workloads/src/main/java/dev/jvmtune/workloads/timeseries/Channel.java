package dev.jvmtune.workloads.timeseries;

import java.util.SplittableRandom;

/**
 * The generated source: one 10 Hz channel, a seeded random walk with a daily cycle. Day {@code d} is
 * generated from its own seed, so any day can be queried alone and the same seed gives the same values.
 */
final class Channel {

    static final int SAMPLES_PER_DAY = 864_000;
    static final long PERIOD_MILLIS = 100;
    /** 2024-01-01T00:00Z: a fixed epoch so timestamps, too, are the same in every run. */
    static final long EPOCH_MILLIS = 1_704_067_200_000L;

    private final long seed;

    Channel(long seed) {
        this.seed = seed;
    }

    static long timeOf(int day, int index) {
        return EPOCH_MILLIS + (long) day * SAMPLES_PER_DAY * PERIOD_MILLIS + index * PERIOD_MILLIS;
    }

    /** Fills {@code values} (length {@link #SAMPLES_PER_DAY}) with day {@code day}. */
    void day(int day, double[] values) {
        SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + day);
        double walk = 0;
        for (int i = 0; i < SAMPLES_PER_DAY; i++) {
            walk += (rnd.nextDouble() - 0.5) * 0.2;
            values[i] = 20 + 5 * Math.sin(2 * Math.PI * i / SAMPLES_PER_DAY) + walk;
        }
    }
}
