package dev.jvmtune.live;

/**
 * The unit of memory the watch states its figures in, as {@code analyze} does: the mebibyte (MiB, 2^20 bytes), and
 * rates in MiB/s.
 */
final class Mib {

    static final double BYTES = 1024.0 * 1024.0;

    private Mib() {
    }

    /** {@code bytes} in MiB, as the view writes figures; {@code ?} where unknown (negative). */
    static String of(long bytes) {
        return bytes < 0 ? "?" : WindowText.fmt(bytes / BYTES);
    }
}
