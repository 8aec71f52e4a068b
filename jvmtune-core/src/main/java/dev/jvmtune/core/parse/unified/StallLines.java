package dev.jvmtune.core.parse.unified;

import static dev.jvmtune.core.parse.Bytes.ascii;
import static dev.jvmtune.core.parse.Bytes.indexOf;
import static dev.jvmtune.core.parse.Bytes.isDigit;
import static dev.jvmtune.core.parse.Bytes.lastIndexOf;
import static dev.jvmtune.core.parse.Bytes.numberEnd;
import static dev.jvmtune.core.parse.Bytes.parseDouble;
import static dev.jvmtune.core.parse.Bytes.skipSpaces;
import static dev.jvmtune.core.parse.Bytes.startsWith;

import dev.jvmtune.core.model.GcStall;
import dev.jvmtune.core.parse.StringCache;

/**
 * The records of application threads waiting for the collector, one per line:
 * <ul>
 *   <li>ZGC (JDK 11+, both modes): {@code Allocation Stall (main) 10.421ms} and {@code Relocation Stall (worker-1)
 *   5.954ms}, written by the thread when its wait ends, without a GC id;</li>
 *   <li>Shenandoah's pacer, in the cycle's statistics block ({@code gc+stats}): after {@code Allocation pacing
 *   accrued:} one row per thread, {@code      10 of    11 ms ( 90.3%): main}, then summary rows whose names are
 *   in angle brackets ({@code <total>}), which are left out.</li>
 * </ul>
 * Generational ZGC also logs its own workers' relocation stalls, with the cycle's GC id and generation:
 * {@code GC(8) O: Relocation Stall (ZWorkerOld#0) 0.035ms}. The ZGC thread name is what lies between the first
 * {@code (} and the last {@code )} before the duration, so names with spaces or parentheses stay whole.
 */
final class StallLines {

    private static final byte[] ALLOCATION = ascii("Allocation Stall (");
    private static final byte[] RELOCATION = ascii("Relocation Stall (");
    private static final byte[] PACING_HEADER = ascii("Allocation pacing accrued:");
    private static final byte[] OF = ascii(" of ");
    private static final byte[] MS_PCT = ascii(" ms (");
    private static final byte[] PCT_END = ascii("%): ");

    private final StringCache strings;
    /** Whether the last line was the pacing header or one of its rows. */
    private boolean inPacingTable;

    StallLines(StringCache strings, boolean inPacingTable) {
        this.strings = strings;
        this.inPacingTable = inPacingTable;
    }

    /** Whether the last statistics line opened the pacing table or was one of its rows: the next may be a row. */
    boolean inPacingTable() {
        return inPacingTable;
    }

    /**
     * A ZGC stall on {@code b[from, end)} (the message, decorations and GC id cut off), or null.
     *
     * @param endSec   the line's uptime: when the wait ended; NaN when not logged
     * @param gcThread whether the line has a GC id: generational ZGC logs its workers' relocation stalls so
     */
    GcStall zgc(byte[] b, int from, int end, double endSec, boolean gcThread, long line) {
        if (startsWith(b, from, end, ALLOCATION)) {
            return zgc(GcStall.Kind.ALLOCATION, b, from + ALLOCATION.length, end, endSec, gcThread, line);
        }
        if (startsWith(b, from, end, RELOCATION)) {
            return zgc(GcStall.Kind.RELOCATION, b, from + RELOCATION.length, end, endSec, gcThread, line);
        }
        return null;
    }

    /**
     * A pacing delay on a statistics line ({@code gc,stats}, or any line of a log without tags), or null. Only such
     * lines open and close the table: other threads' lines may be printed between its rows.
     *
     * @param endSec the line's uptime, when the delay was reported
     */
    GcStall pacing(byte[] b, int from, int end, double endSec, long line) {
        boolean table = inPacingTable;
        inPacingTable = false;
        if (startsWith(b, from, end, PACING_HEADER)) {
            inPacingTable = true;
            return null;
        }
        return table ? pacingRow(b, from, end, endSec, line) : null;
    }

    /**
     * Whether a {@code gc,stats} line at {@code b[from, end)} may be the pacing table's: its header, or any line while
     * the table is open (the first that is no row closes it). The rest of the statistics blocks are skipped unread.
     */
    boolean wantsStats(byte[] b, int from, int end) {
        return inPacingTable || startsWith(b, from, end, PACING_HEADER);
    }

    private GcStall zgc(GcStall.Kind kind, byte[] b, int name, int end, double endSec, boolean gcThread, long line) {
        int sp = lastIndexOf(b, name, end, (byte) ' ');
        if (sp < 0 || sp + 1 >= end || !isDigit(b[sp + 1])) {
            return null;
        }
        int close = lastIndexOf(b, name, sp, (byte) ')');
        double ms = durationMs(b, sp + 1, end);
        if (close < 0 || Double.isNaN(ms)) {
            return null;
        }
        return new GcStall(endSec - ms / 1000.0, kind, strings.get(b, name, close), ms, gcThread, line);
    }

    /** {@code 10 of 11 ms ( 90.3%): main}; a summary row ({@code <total>}) keeps the table open and gives nothing. */
    private GcStall pacingRow(byte[] b, int from, int end, double endSec, long line) {
        int n = skipSpaces(b, from, end);
        int nEnd = numberEnd(b, n, end);
        if (nEnd == n || !startsWith(b, nEnd, end, OF)) {
            return null;
        }
        int ms = indexOf(b, nEnd, end, MS_PCT);
        int pct = ms < 0 ? -1 : indexOf(b, ms, end, PCT_END);
        if (pct < 0) {
            return null;
        }
        inPacingTable = true;
        int name = pct + PCT_END.length;
        double waited = parseDouble(b, n, nEnd);
        if (name >= end || b[name] == '<' || !(waited > 0)) {
            return null;
        }
        return new GcStall(endSec - waited / 1000.0, GcStall.Kind.PACING, strings.get(b, name, end), waited, false,
                line);
    }

    /** {@code 10.421ms}, {@code 0.012s}, {@code 35us}; NaN for anything else. */
    private static double durationMs(byte[] b, int tok, int end) {
        int numEnd = numberEnd(b, tok, end);
        double v = parseDouble(b, tok, numEnd);
        return switch (end - numEnd) {
            case 1 -> b[numEnd] == 's' ? v * 1000.0 : Double.NaN;
            case 2 -> b[numEnd + 1] != 's' ? Double.NaN : switch (b[numEnd]) {
                case 'm' -> v;
                case 'u' -> v / 1000.0;
                case 'n' -> v / 1_000_000.0;
                default -> Double.NaN;
            };
            default -> Double.NaN;
        };
    }
}
