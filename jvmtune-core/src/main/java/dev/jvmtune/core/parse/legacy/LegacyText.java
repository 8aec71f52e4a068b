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
     * Reads the stamps at {@code from}: an optional date stamp, an optional uptime and an optional
     * {@code -XX:+PrintGCID} id ({@code #12: }), each followed by {@code ": "}. Returns the offset after them
     * ({@code from} when there is none); {@code stamp} is cleared and then filled with what was found.
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
        return gcIdEnd(b, i, to);
    }

    /**
     * Start of the stamps that end right at {@code open} ({@code 2016-03-22T10:06:31.139-0100: 42.738: #2: [}),
     * not before {@code lo}; {@code open} when none do. Finds where a record printed into another one's line
     * begins: {@code [CMS4.368: [CMS-concurrent-mark: ...}, {@code (ms):3.010: [GC concurrent-mark-start]}.
     */
    public static int stampsBefore(byte[] b, int lo, int open, Stamp scratch) {
        for (int s = Math.max(lo, open - 48); s < open; s++) {
            if (isDigit(b[s]) && (s == lo || !(isDigit(b[s - 1]) || b[s - 1] == '.' || b[s - 1] == ','))
                    && stamps(b, s, open, scratch) == open) {
                return s;
            }
        }
        return open;
    }

    /** After {@code #12: } ({@code -XX:+PrintGCID}) at {@code i}, or {@code i} when there is none. */
    static int gcIdEnd(byte[] b, int i, int to) {
        if (i + 3 < to && b[i] == '#' && isDigit(b[i + 1])) {
            int e = i + 1;
            while (e < to && isDigit(b[e])) {
                e++;
            }
            if (e + 1 < to && b[e] == ':' && b[e + 1] == ' ') {
                return e + 2;
            }
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
        return scaled(b, from, to, 0);
    }

    /**
     * {@code number(b, from, to)} times {@code 10^exp10}, computed in decimal so that the figure is the
     * logged one to the last digit: seconds {@code 0,0158160} with {@code exp10 = 3} are 15.816 ms, not
     * 15.816000000000001.
     */
    public static double scaled(byte[] b, int from, int to, int exp10) {
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
                if (digits < 17) {
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
        int s = scale - exp10;
        return s >= 0 ? mantissa / POW10[Math.min(s, 22)] : mantissa * POW10[Math.min(-s, 22)];
    }

    private static final double[] POW10 = new double[23];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
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

    /**
     * Reads a transition {@code before[(capacity)]->after[(capacity)]} as legacy logs print it
     * ({@code 17.2M(256.0M)->3758.6K(13.0M)}, {@code 0.0B->1024.0K}, {@code 17M->3758K(13M)}) into
     * {@code out}: before, capacity before, after, capacity after, in bytes, -1 where not printed. Returns
     * the offset after it, or -1 when {@code b[from, to)} does not start with one.
     */
    public static int transition(byte[] b, int from, int to, long[] out) {
        int i = sizeEnd(b, from, to);
        if (i == from) {
            return -1;
        }
        out[0] = size(b, from, i);
        out[1] = -1;
        if (i < to && b[i] == '(') {
            int c = sizeEnd(b, i + 1, to);
            if (c == i + 1 || c >= to || b[c] != ')') {
                return -1;
            }
            out[1] = size(b, i + 1, c);
            i = c + 1;
        }
        if (i + 2 > to || b[i] != '-' || b[i + 1] != '>') {
            return -1;
        }
        int a = i + 2;
        i = sizeEnd(b, a, to);
        if (i == a) {
            return -1;
        }
        out[2] = size(b, a, i);
        out[3] = -1;
        if (i < to && b[i] == '(') {
            int c = sizeEnd(b, i + 1, to);
            if (c == i + 1 || c >= to || b[c] != ')') {
                return -1;
            }
            out[3] = size(b, i + 1, c);
            i = c + 1;
        }
        return i;
    }

    /**
     * The seconds printed right before {@code secs} at the end of {@code b[from, close)}
     * ({@code GC concurrent-mark-end, 0,0136760 secs}), or NaN.
     */
    public static double secondsBefore(byte[] b, int from, int close) {
        int k = close;
        while (k > from && b[k - 1] == ' ') {
            k--;
        }
        if (k - from < 4 || b[k - 1] != 's' || b[k - 2] != 'c' || b[k - 3] != 'e' || b[k - 4] != 's') {
            return Double.NaN;
        }
        k -= 4;
        while (k > from && b[k - 1] == ' ') {
            k--;
        }
        int s = k;
        while (s > from && (isDigit(b[s - 1]) || b[s - 1] == '.' || b[s - 1] == ',')) {
            s--;
        }
        return number(b, s, k);
    }

    /**
     * A {@code yyyy-MM-ddTHH:mm:ss.SSS+hhmm} date stamp as epoch milliseconds, or {@link Long#MIN_VALUE} when
     * the range does not have exactly that shape (a line cut or overwritten by another thread). Parsers call
     * this for every stamped line, so it reads the fixed positions itself instead of going through
     * {@link DateTimeFormatter}.
     */
    public static long dateMillis(byte[] b, int from, int to) {
        if (to - from != 28 || b[from + 4] != '-' || b[from + 7] != '-' || b[from + 10] != 'T'
                || b[from + 13] != ':' || b[from + 16] != ':' || (b[from + 19] != '.' && b[from + 19] != ',')
                || (b[from + 23] != '+' && b[from + 23] != '-')) {
            return Long.MIN_VALUE;
        }
        int year = digits(b, from, 4);
        int month = digits(b, from + 5, 2);
        int day = digits(b, from + 8, 2);
        int hour = digits(b, from + 11, 2);
        int minute = digits(b, from + 14, 2);
        int second = digits(b, from + 17, 2);
        int millis = digits(b, from + 20, 3);
        int zoneHours = digits(b, from + 24, 2);
        int zoneMinutes = digits(b, from + 26, 2);
        if ((year | month | day | hour | minute | second | millis | zoneHours | zoneMinutes) < 0 || month < 1
                || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
            return Long.MIN_VALUE;
        }
        long epochDay;
        try {
            epochDay = java.time.LocalDate.of(year, month, day).toEpochDay();
        } catch (java.time.DateTimeException e) {
            return Long.MIN_VALUE;
        }
        long offsetSec = (zoneHours * 3600L + zoneMinutes * 60L) * (b[from + 23] == '-' ? -1 : 1);
        return ((epochDay * 86_400L + hour * 3600L + minute * 60L + second) - offsetSec) * 1000L + millis;
    }

    /** {@code n} decimal digits at {@code from} as an int, or -1 if one of them is not a digit. */
    private static int digits(byte[] b, int from, int n) {
        int v = 0;
        for (int i = from; i < from + n; i++) {
            if (!isDigit(b[i])) {
                return -1;
            }
            v = v * 10 + (b[i] - '0');
        }
        return v;
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
