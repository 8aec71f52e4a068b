package dev.jvmtune.workloads.timeseries;

/**
 * One point of the channel, kept as an object per sample the way the plotting client of S3 does: 32 bytes of
 * heap (12-byte header, two 8-byte fields, padding) plus a 4-byte reference in the list, ~31 MB a day.
 */
record Sample(long timeMillis, double value) {
}
