package dev.jvmtune.workloads.timeseries;

import java.util.zip.CRC32;

/**
 * Draws a {@link PlotSeries} into an ARGB pixel array: one vertical line from min to max per column, joined to
 * the next column so the trace is continuous. No AWT, so the workload runs headless and the same everywhere;
 * the CRC of the pixels shows two runs drew the same picture.
 */
final class Raster {

    private static final int INK = 0xFF1F77B4;

    private final int width;
    private final int height;
    private final int[] pixels;

    Raster(int width, int height) {
        this.width = width;
        this.height = height;
        this.pixels = new int[width * height];
    }

    void draw(PlotSeries series) {
        double range = series.high() - series.low();
        int previousY = -1;
        for (int x = 0; x < width; x++) {
            if (Double.isNaN(series.min()[x])) {
                continue;
            }
            int yLow = y(series.min()[x], series.low(), range);
            int yHigh = y(series.max()[x], series.low(), range);
            int from = Math.min(yHigh, previousY < 0 ? yHigh : Math.min(previousY, yHigh));
            int to = Math.max(yLow, previousY < 0 ? yLow : Math.max(previousY, yLow));
            for (int y = from; y <= to; y++) {
                pixels[y * width + x] = INK;
            }
            previousY = (yLow + yHigh) / 2;
        }
    }

    /** Screen row of a value: high values at the top. */
    private int y(double v, double low, double range) {
        double f = range > 0 ? (v - low) / range : 0.5;
        return (int) Math.round((1 - f) * (height - 1));
    }

    long checksum() {
        CRC32 crc = new CRC32();
        byte[] row = new byte[width * 4];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int p = pixels[y * width + x];
                row[4 * x] = (byte) p;
                row[4 * x + 1] = (byte) (p >>> 8);
                row[4 * x + 2] = (byte) (p >>> 16);
                row[4 * x + 3] = (byte) (p >>> 24);
            }
            crc.update(row);
        }
        return crc.getValue();
    }

    int inkedPixels() {
        int n = 0;
        for (int p : pixels) {
            if (p != 0) {
                n++;
            }
        }
        return n;
    }
}
