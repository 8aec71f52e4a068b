package dev.jvmtune.core.parse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Scanning helpers over a byte range {@code [from, to)}. Parsers work on the raw bytes of a line so that
 * the common path allocates nothing; only values that are kept become Strings.
 */
public final class Bytes {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Bytes() {
    }

    public static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    public static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
        if (to - from < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code a[aFrom, aFrom + len)} and {@code b[bFrom, bFrom + len)} hold the same bytes. Eight at a time, the
     * last word overlapping the one before: the ranges compared per line (a tag decoration, a phase's name) are 5 to 40
     * bytes, where {@link java.util.Arrays#equals(byte[], int, int, byte[], int, int)}'s checks and call cost more than
     * the comparison.
     */
    public static boolean equals(byte[] a, int aFrom, byte[] b, int bFrom, int len) {
        if (len < Long.BYTES) {
            for (int i = 0; i < len; i++) {
                if (a[aFrom + i] != b[bFrom + i]) {
                    return false;
                }
            }
            return true;
        }
        int last = len - Long.BYTES;
        for (int i = 0; i < last; i += Long.BYTES) {
            if ((long) LONGS.get(a, aFrom + i) != (long) LONGS.get(b, bFrom + i)) {
                return false;
            }
        }
        return (long) LONGS.get(a, aFrom + last) == (long) LONGS.get(b, bFrom + last);
    }

    /**
     * A hash of {@code b[from, to)} for the parsers' small caches of names and decorations: eight bytes per step (the last
     * word overlapping the one before), where a byte-by-byte hash is one dependent multiply per byte. Its top bits are
     * the best mixed.
     */
    public static long hash(byte[] b, int from, int to) {
        int len = to - from;
        long h = len * 0x9E3779B97F4A7C15L;
        if (len < Long.BYTES) {
            for (int i = from; i < to; i++) {
                h = (h ^ b[i]) * 0x9E3779B97F4A7C15L;
            }
            return h ^ h >>> 29;
        }
        for (int i = from; i < to - Long.BYTES; i += Long.BYTES) {
            h = (h ^ (long) LONGS.get(b, i)) * 0x9E3779B97F4A7C15L;
        }
        h = (h ^ (long) LONGS.get(b, to - Long.BYTES)) * 0x9E3779B97F4A7C15L;
        return h ^ h >>> 29;
    }

    public static boolean endsWith(byte[] b, int from, int to, byte[] suffix) {
        return to - from >= suffix.length && startsWith(b, to - suffix.length, to, suffix);
    }

    public static int indexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    public static int indexOf(byte[] b, int from, int to, byte[] s) {
        int last = to - s.length;
        outer:
        for (int i = from; i <= last; i++) {
            for (int j = 0; j < s.length; j++) {
                if (b[i + j] != s[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    public static int lastIndexOf(byte[] b, int from, int to, byte c) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    public static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    public static int skipSpaces(byte[] b, int from, int to) {
        while (from < to && b[from] == ' ') {
            from++;
        }
        return from;
    }

    public static int trimEnd(byte[] b, int from, int to) {
        while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t')) {
            to--;
        }
        return to;
    }

    /**
     * End of the decimal number starting at {@code from} (digits, one '.', leading '-'), or {@code from}. A JVM
     * running in a locale with a decimal comma logs {@code 6,572ms}: a ',' followed by a digit is the separator
     * too ({@code Min: 0.1, Avg: 0.2} still ends at the comma after {@code 0.1}).
     */
    public static int numberEnd(byte[] b, int from, int to) {
        int i = from;
        if (i < to && b[i] == '-') {
            i++;
        }
        int digitsStart = i;
        boolean dot = false;
        while (i < to) {
            byte c = b[i];
            if (isDigit(c)) {
                i++;
            } else if (!dot && (c == '.' || (c == ',' && i > digitsStart && i + 1 < to && isDigit(b[i + 1])))) {
                dot = true;
                i++;
            } else {
                break;
            }
        }
        return i == digitsStart ? from : i;
    }

    /**
     * Parses a plain decimal ({@code -12.345}, or {@code 12,345} in a decimal-comma locale); {@code NaN} if the
     * range is not one. Exact for the up to 18 significant digits that logs print, without the cost of
     * {@link Double#parseDouble}.
     */
    public static double parseDouble(byte[] b, int from, int to) {
        if (from >= to) {
            return Double.NaN;
        }
        boolean negative = b[from] == '-';
        int i = negative ? from + 1 : from;
        long mantissa = 0;
        int scale = 0;
        int digits = 0;
        boolean dot = false;
        for (; i < to; i++) {
            byte c = b[i];
            if (isDigit(c)) {
                if (digits < 18) {
                    mantissa = mantissa * 10 + (c - '0');
                    digits++;
                    if (dot) {
                        scale++;
                    }
                } else if (!dot) {
                    scale--;
                }
            } else if ((c == '.' || c == ',') && !dot) {
                dot = true;
            } else {
                return Double.NaN;
            }
        }
        if (digits == 0) {
            return Double.NaN;
        }
        double v = scale >= 0 ? mantissa / POW10[Math.min(scale, 22)] : mantissa * POW10[Math.min(-scale, 22)];
        return negative ? -v : v;
    }

    /**
     * A regex group of digits as a number, or -1 where it is too long for a {@code long}: regexes match
     * {@code \\d+} of any length, and a corrupt line can hold one (the fuzzer made "255555555555" threads).
     */
    public static long parseLong(String digits) {
        byte[] b = digits.getBytes(StandardCharsets.ISO_8859_1);
        return parseLong(b, 0, b.length);
    }

    /** As {@link #parseLong(String)}, -1 also where the number does not fit an {@code int}. */
    public static int parseInt(String digits) {
        long v = parseLong(digits);
        return v > Integer.MAX_VALUE ? -1 : (int) v;
    }

    /** Parses digits as a long; {@code -1} if the range is empty or not all digits. */
    public static long parseLong(byte[] b, int from, int to) {
        if (from >= to || to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (!isDigit(c)) {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static final double[] POW10 = new double[23];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    /** Memory size with unit ({@code 24M}, {@code 1024K}, {@code 12B}, {@code 1.5G}) in bytes; -1 if none. */
    public static long parseSize(byte[] b, int from, int to) {
        int end = numberEnd(b, from, to);
        if (end == from) {
            return -1;
        }
        double v = parseDouble(b, from, end);
        if (end >= to) {
            return -1;
        }
        long unit = switch (b[end]) {
            case 'B' -> 1L;
            case 'K' -> 1L << 10;
            case 'M' -> 1L << 20;
            case 'G' -> 1L << 30;
            case 'T' -> 1L << 40;
            default -> -1L;
        };
        return unit < 0 ? -1 : Math.round(v * unit);
    }

    public static String string(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.UTF_8);
    }
}
