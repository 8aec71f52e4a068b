package dev.jvmtune.core.analysis.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MinMaxSeriesTest {

    @Test
    void aMillionValuesKeepTheirExtremesInBoundedPoints() {
        MinMaxSeries s = new MinMaxSeries(4096);
        Random r = new Random(42);
        double max = -1;
        double maxAt = -1;
        double min = Double.MAX_VALUE;
        double minAt = -1;
        for (int i = 0; i < 1_000_000; i++) {
            double t = 10 + i * 0.05; // 50 ms apart: a 14 h log
            double v = Math.exp(r.nextGaussian());
            if (v > max) {
                max = v;
                maxAt = t;
            }
            if (v < min) {
                min = v;
                minAt = t;
            }
            s.add(t, v);
        }
        double[] p = s.points();
        assertTrue(p.length / 2 <= 2 * 4096, "at most two points per bucket: " + p.length / 2);
        assertTrue(p.length / 2 > 4096, "most buckets hold two points: " + p.length / 2);
        assertEquals(1_000_000, s.count());
        boolean sawMax = false;
        boolean sawMin = false;
        for (int i = 0; i < p.length; i += 2) {
            if (i > 0) {
                assertTrue(p[i] >= p[i - 2], "time order at point " + i / 2);
            }
            sawMax |= p[i] == maxAt && p[i + 1] == max;
            sawMin |= p[i] == minAt && p[i + 1] == min;
        }
        assertTrue(sawMax, "the largest value at its time");
        assertTrue(sawMin, "the smallest value at its time");
    }

    @Test
    void aShortSeriesIsKeptPointByPoint() {
        MinMaxSeries s = new MinMaxSeries(4096);
        for (int i = 0; i < 300; i++) {
            s.add(i * 1.0, i % 7);
        }
        double[] p = s.points();
        assertEquals(600, p.length);
        for (int i = 0; i < 300; i++) {
            assertEquals(i * 1.0, p[2 * i]);
            assertEquals(i % 7, p[2 * i + 1]);
        }
    }

    @Test
    void eventsOutOfOrderAndWithoutTimeAreHandled() {
        MinMaxSeries s = new MinMaxSeries(16);
        s.add(5, 1);
        s.add(4, 9); // logged late: falls into the first bucket, keeps its own time
        s.add(Double.NaN, 100); // no time: no point on a time axis
        s.add(1000, 2);
        double[] p = s.points();
        assertEquals(3, s.count());
        assertEquals(4.0, p[0]);
        assertEquals(9.0, p[1]); // the largest, at its own time
        assertEquals(1000.0, p[p.length - 2]);
    }

    @Test
    void sumsRegroupIntoBinsWithoutLosingAmounts() {
        SumSeries s = new SumSeries(64);
        double total = 0;
        for (int i = 0; i < 10_000; i++) {
            s.add(i * 0.1, i % 13);
            total += i % 13;
        }
        double[] bins = s.regroup(0, 999.9, 10);
        double sum = 0;
        for (double b : bins) {
            sum += b;
            assertTrue(b > 0);
        }
        assertEquals(total, sum, 1e-6);
        assertEquals(10_000, s.count());
    }
}
