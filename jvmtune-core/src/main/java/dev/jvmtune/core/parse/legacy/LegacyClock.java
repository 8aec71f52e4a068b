package dev.jvmtune.core.parse.legacy;

import dev.jvmtune.core.parse.ParseListener;
import java.time.Instant;
import java.util.Locale;

/**
 * The time axis of a JDK 6-8 log. Uptime stamps ({@code PrintGCTimeStamps}) are the axis when present;
 * a log with date stamps only is measured from its first date stamp. An axis going back is a JVM restart
 * writing into the same file (so is a JVM header line among timestamped lines, unless a rotated file
 * begins there): {@link #observe} then starts a new axis and {@link #takeRestart} tells the
 * parser, which reports it. A date going back while uptime goes on is the wall clock being set back, and
 * only a warning, as is a malformed date stamp.
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

    LegacyClock(ParseListener out, State state) {
        this.out = out;
        firstUptime = state.firstUptime;
        lastUptime = state.lastUptime;
        firstDateMillis = state.firstDateMillis;
        lastDateMillis = state.lastDateMillis;
        lineDateMillis = state.lineDateMillis;
        newFile = state.newFile;
        rewritten = state.rewritten;
    }

    /** The clock between two lines (a restart found is taken on the line that found it). */
    record State(double firstUptime, double lastUptime, long firstDateMillis, long lastDateMillis, long lineDateMillis,
                 boolean newFile, boolean rewritten) {
    }

    State state() {
        if (restart != null) {
            throw new IllegalStateException("a restart not taken");
        }
        return new State(firstUptime, lastUptime, firstDateMillis, lastDateMillis, lineDateMillis, newFile,
                rewritten);
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
        newFile = false;
        double tolerance = rewritten ? 0 : BACK_TOLERANCE_SEC;
        rewritten = false;
        if (!Double.isNaN(up)) {
            if (!Double.isNaN(lastUptime) && up + tolerance < lastUptime) {
                restart = new Restart(line, lastUptime, up);
                reset();
                warned = true;
            }
            if (Double.isNaN(firstUptime)) {
                firstUptime = up;
            }
            lastUptime = up;
        }
        if (lineDateMillis != Long.MIN_VALUE) {
            if (!warned && lastDateMillis != Long.MIN_VALUE
                    && lineDateMillis + tolerance * 1000 < lastDateMillis) {
                if (Double.isNaN(up)) {
                    // date stamps only: nothing tells a restart from a clock set back; a restart is likelier
                    restart = new Restart(line, last(), 0.0);
                    reset();
                } else {
                    out.onWarning(line, String.format(Locale.ROOT, "clock went back: date stamp %s after %s at line %d"
                                    + " while uptime went on: the wall clock was set back",
                            Instant.ofEpochMilli(lineDateMillis), Instant.ofEpochMilli(lastDateMillis), line));
                }
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

    /**
     * Where the clock went back: the last time of the run that ended, the first of the new one ({@code NaN}
     * when a restart is known before its first stamp: a JVM header line in the middle of the log).
     */
    public record Restart(long line, double lastSec, double firstSec) {

        /** The warning the parsers give, so a reader of the report can find the place. */
        public String message() {
            return String.format(Locale.ROOT, "clock went back from %.3fs%s: a JVM restart or another log appended "
                    + "here; what follows is analyzed as a new run", lastSec, Double.isNaN(firstSec)
                    ? " (a new JVM header)" : String.format(Locale.ROOT, " to %.3fs", firstSec));
        }
    }

    private Restart restart;

    /** The restart {@link #observe} found on the last line, once; {@code null} if none. */
    public Restart takeRestart() {
        Restart r = restart;
        restart = null;
        return r;
    }

    /**
     * A JVM header line after timestamped lines: a new JVM starts writing here. Returns the restart, or
     * {@code null} when nothing was timestamped yet (the header of the first run).
     */
    public Restart headerSeen(long line) {
        if (Double.isNaN(last()) || newFile) {
            return null;
        }
        Restart r = new Restart(line, last(), Double.NaN);
        reset();
        return r;
    }

    /** A rotated log's next file begins, with the header repeated: not a restart. */
    public void fileBoundary() {
        newFile = true;
    }

    private boolean newFile;

    /**
     * The file was truncated and is read again from its start: a JVM header is a restart (a JDK 8 JVM restarted with
     * the same {@code -Xloggc} file truncates it), and so is a stamp behind the last one by however little.
     */
    public void rewritten() {
        newFile = false;
        rewritten = true;
    }

    private boolean rewritten;

    /** Starts a new axis: the first stamp after this is the start of a new run. */
    private void reset() {
        firstUptime = Double.NaN;
        lastUptime = Double.NaN;
        firstDateMillis = Long.MIN_VALUE;
        lastDateMillis = Long.MIN_VALUE;
    }

    /**
     * A stamp found inside a record (not at a line start) on this axis, without following the clock:
     * the uptime, or seconds since the first date stamp for logs stamped with dates only.
     */
    public double axis(double uptimeSec, Instant date) {
        if (!Double.isNaN(uptimeSec) || date == null) {
            return uptimeSec;
        }
        return firstDateMillis == Long.MIN_VALUE ? 0.0 : (date.toEpochMilli() - firstDateMillis) / 1000.0;
    }

    /** A date stamp ({@code 2016-03-22T10:06:31.139-0100}) as an instant; {@code null} if malformed. */
    public static Instant date(byte[] b, int from, int to) {
        long millis = LegacyText.dateMillis(b, from, to);
        return millis == Long.MIN_VALUE ? null : Instant.ofEpochMilli(millis);
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
