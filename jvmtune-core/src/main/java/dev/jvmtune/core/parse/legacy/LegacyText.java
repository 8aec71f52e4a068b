package dev.jvmtune.core.parse.legacy;

import static dev.jvmtune.core.parse.Bytes.isDigit;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Pieces every JDK 6-8 GC log line is made of: the {@code PrintGCDateStamps}/{@code PrintGCTimeStamps}
 * stamps ({@code 2014-06-16T07:57:14.622+0200: 30284.932: }), which may also appear in the middle of a
 * line before a nested record, and numbers printed with the JVM's locale (a comma as decimal separator
 * in many European logs: {@code 0,0803980 secs}).
 */
public final class LegacyText {

    private static final DateTimeFormatter DATE_STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    private LegacyText() {
    }

    /** Where a stamp was found: uptime seconds (NaN if only a date stamp) and the date stamp's range. */
    public static final class Stamp {
        public double uptimeSec = Double.NaN;
        public int dateFrom = -1;
        public int dateTo = -1;

        void clear() {
            uptimeSec = Double.NaN;
            dateFrom = -1;
            dateTo = -1;
        }

        public boolean hasDate() {
            return dateFrom >= 0;
        }

        /** The date stamp as an instant, or {@code null} when absent or malformed. */
        public Instant date(byte[] b) {
            return dateFrom < 0 ? null : parseDate(b, dateFrom, dateTo);
        }
    }

    /**
     * Reads the stamps at {@code from}: an optional date stamp then an optional uptime, each followed by
     * {@code ": "}. Returns the offset after them ({@code from} when there is none); {@code stamp} is
     * cleared and then filled with what was found.
     */
    public static int stamps(byte[] b, int from, int to, Stamp stamp) {
        stamp.clear();
        int i = from;
        if (to - i >= 29 && isDigit(b[i]) && b[i + 4] == '-' && b[i + 7] == '-' && b[i + 10] == 'T') {
            int colon = i + 10;
            while (colon < to && b[colon] != ' ') {
                colon++;
            }
            // "2014-06-16T07:57:14.622+0200: " - the stamp ends with ':' before the space
            if (colon < to && b[colon - 1] == ':') {
                stamp.dateFrom = i;
                stamp.dateTo = colon - 1;
                i = colon + 1;
            }
        }
        int end = numberEnd(b, i, to);
        if (end > i && end + 1 < to && b[end] == ':' && b[end + 1] == ' ') {
            stamp.uptimeSec = number(b, i, end);
            i = end + 2;
        } else if (end > i && end + 1 == to && b[end] == ':') {
            stamp.uptimeSec = number(b, i, end);
            i = end + 1;
        }
        return i;
    }

    /** End of a decimal number at {@code from} with '.' or ',' as separator; {@code from} if none. */
    public static int numberEnd(byte[] b, int from, int to) {
        int i = from;
        while (i < to && isDigit(b[i])) {
            i++;
        }
        if (i == from) {
            return from;
        }
        if (i + 1 < to && (b[i] == '.' || b[i] == ',') && isDigit(b[i + 1])) {
            i++;
            while (i < to && isDigit(b[i])) {
                i++;
            }
        }
        return i;
    }

    /** A non-negative decimal with '.' or ',' as separator; NaN if the range is not one. */
    public static double number(byte[] b, int from, int to) {
        if (from >= to) {
            return Double.NaN;
        }
        long mantissa = 0;
        int scale = 0;
        int digits = 0;
        boolean separator = false;
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (isDigit(c)) {
                if (digits < 18) {
                    mantissa = mantissa * 10 + (c - '0');
                    digits++;
                    if (separator) {
                        scale++;
                    }
                } else if (!separator) {
                    scale--;
                }
            } else if ((c == '.' || c == ',') && !separator) {
                separator = true;
            } else {
                return Double.NaN;
            }
        }
        if (digits == 0) {
            return Double.NaN;
        }
        return scale >= 0 ? mantissa / Math.pow(10, scale) : mantissa * Math.pow(10, -scale);
    }

    /**
     * A size as legacy logs print it: {@code 1024K}, {@code 17.2M}, {@code 0.0B}, {@code 3758.6K}, or a
     * plain number of bytes; in bytes, or -1.
     */
    public static long size(byte[] b, int from, int to) {
        int end = numberEnd(b, from, to);
        if (end == from) {
            return -1;
        }
        double v = number(b, from, end);
        long unit = end >= to ? 1 : switch (b[end]) {
            case 'B' -> 1L;
            case 'K', 'k' -> 1L << 10;
            case 'M', 'm' -> 1L << 20;
            case 'G', 'g' -> 1L << 30;
            case 'T', 't' -> 1L << 40;
            default -> 1L;
        };
        return Math.round(v * unit);
    }

    /** End of a size token starting at {@code from} (number plus optional unit letter). */
    public static int sizeEnd(byte[] b, int from, int to) {
        int end = numberEnd(b, from, to);
        if (end > from && end < to) {
            byte c = b[end];
            if (c == 'B' || c == 'K' || c == 'M' || c == 'G' || c == 'T' || c == 'k' || c == 'm' || c == 'g'
                    || c == 't') {
                end++;
            }
        }
        return end;
    }

    static Instant parseDate(byte[] b, int from, int to) {
        try {
            String s = new String(b, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1).replace(',', '.');
            return OffsetDateTime.parse(s, DATE_STAMP).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
