package dev.jvmtune.core.parse.legacy;

import dev.jvmtune.core.parse.ParseListener;
import java.time.Instant;
import java.util.Locale;

/**
 * The time axis of a JDK 6-8 log. Uptime stamps ({@code PrintGCTimeStamps}) are the axis when present;
 * a log with date stamps only is measured from its first date stamp. Warns once per jump when the clock
 * goes back (a JVM restart writing into the same file, or the wall clock being set back) and when a date
 * stamp is malformed, so a reader can find the place; splitting the log there is not this class's job.
 */
public final class LegacyClock {

    /** Uptime or date going back by more than this is reported; the JVM rounds stamps to milliseconds. */
    private static final double BACK_TOLERANCE_SEC = 1.0;

    private final ParseListener out;
    private double firstUptime = Double.NaN;
    private double lastUptime = Double.NaN;
    private long firstDateMillis = Long.MIN_VALUE;
    private long lastDateMillis = Long.MIN_VALUE;
    private long lineDateMillis = Long.MIN_VALUE;

    public LegacyClock(ParseListener out) {
        this.out = out;
    }

    /**
     * Takes the stamp just read from {@code b} and returns its time on the log's axis (NaN when the stamp
     * has neither a valid uptime nor a valid date).
     */
    public double observe(LegacyText.Stamp stamp, byte[] b, long line) {
        lineDateMillis = Long.MIN_VALUE;
        boolean warned = false;
        if (stamp.hasDate()) {
            long millis = LegacyText.dateMillis(b, stamp.dateFrom, stamp.dateTo);
            if (millis == Long.MIN_VALUE) {
                out.onWarning(line, "malformed date stamp \"" + new String(b, stamp.dateFrom,
                        Math.min(40, stamp.dateTo - stamp.dateFrom), java.nio.charset.StandardCharsets.ISO_8859_1)
                        + "\": the line was cut or mixed with another line");
            } else {
                lineDateMillis = millis;
            }
        }
        double up = stamp.uptimeSec;
        if (!Double.isNaN(up)) {
            if (!Double.isNaN(lastUptime) && up + BACK_TOLERANCE_SEC < lastUptime) {
                out.onWarning(line, String.format(Locale.ROOT, "clock went back: uptime %.3fs after %.3fs at line %d:"
                        + " a JVM restart or another log appended here", up, lastUptime, line));
                warned = true;
            }
            if (Double.isNaN(firstUptime)) {
                firstUptime = up;
            }
            lastUptime = up;
        }
        if (lineDateMillis != Long.MIN_VALUE) {
            if (!warned && lastDateMillis != Long.MIN_VALUE
                    && lineDateMillis + BACK_TOLERANCE_SEC * 1000 < lastDateMillis) {
                out.onWarning(line, String.format(Locale.ROOT, "clock went back: date stamp %s after %s at line %d%s",
                        Instant.ofEpochMilli(lineDateMillis), Instant.ofEpochMilli(lastDateMillis), line,
                        Double.isNaN(up) ? ": a JVM restart or another log appended here"
                                : " while uptime went on: the wall clock was set back"));
            }
            if (firstDateMillis == Long.MIN_VALUE) {
                firstDateMillis = lineDateMillis;
            }
            lastDateMillis = lineDateMillis;
            if (Double.isNaN(up) && Double.isNaN(firstUptime)) {
                return (lineDateMillis - firstDateMillis) / 1000.0;
            }
        }
        return up;
    }

    /** The date of the stamp last observed, or {@code null} when it had none. */
    public Instant lastDate() {
        return lineDateMillis == Long.MIN_VALUE ? null : Instant.ofEpochMilli(lineDateMillis);
    }

    /** First time on the axis, NaN if no stamp was seen. */
    public double first() {
        return !Double.isNaN(firstUptime) ? firstUptime : firstDateMillis == Long.MIN_VALUE ? Double.NaN : 0.0;
    }

    /** Last time on the axis, NaN if no stamp was seen. */
    public double last() {
        if (!Double.isNaN(lastUptime)) {
            return lastUptime;
        }
        return lastDateMillis == Long.MIN_VALUE ? Double.NaN : (lastDateMillis - firstDateMillis) / 1000.0;
    }
}
