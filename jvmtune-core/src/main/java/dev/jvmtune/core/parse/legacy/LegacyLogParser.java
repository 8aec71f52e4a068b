package dev.jvmtune.core.parse.legacy;

import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.Restart;
import dev.jvmtune.core.model.SafepointEvent;
import dev.jvmtune.core.parse.Bytes;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.parse.LogParser;
import dev.jvmtune.core.parse.ParseListener;

/**
 * What the two JDK 6-8 dialects share: the JVM header's facts, the clock, and what a JVM restart inside
 * the log does - the run that ended is closed, the listener told, and the new run gets facts of its own.
 */
abstract class LegacyLogParser implements LogParser {

    protected final ParseListener out;
    protected final LegacyClock clock;
    protected JvmFacts.Builder facts;
    protected LegacyHeader header;

    LegacyLogParser(ParseListener out) {
        this.out = out;
        this.clock = new LegacyClock(out);
        newFacts();
    }

    /** A parser resuming from the part of a context that every dialect has. */
    LegacyLogParser(ParseListener out, Shared state) {
        this.out = out;
        this.clock = new LegacyClock(out, state.clock);
        facts = state.facts.copy();
        header = new LegacyHeader(facts, state.inMeminfo);
    }

    /** What every dialect carries from line to line: the facts, whether a meminfo block is open, the clock. */
    record Shared(JvmFacts.Builder facts, boolean inMeminfo, LegacyClock.State clock) {

        @Override
        public boolean equals(Object o) {
            return o instanceof Shared s && facts.sameAs(s.facts) && inMeminfo == s.inMeminfo && clock.equals(s.clock);
        }

        @Override
        public int hashCode() {
            return clock.hashCode();
        }
    }

    protected final Shared shared() {
        return new Shared(facts.copy(), header.inMeminfo(), clock.state());
    }

    @Override
    public final boolean startupLinesSeen() {
        return facts.startupLinesSeen();
    }

    @Override
    public final LogFormat format() {
        return LogFormat.LEGACY;
    }

    @Override
    public final JvmFacts facts() {
        return facts.build();
    }

    @Override
    public final double firstTimestampSec() {
        return clock.first();
    }

    @Override
    public final double lastTimestampSec() {
        return clock.last();
    }

    @Override
    public final void fileRewritten() {
        fileBoundary();
        clock.rewritten();
    }

    /** The time of the stamps at a line's start, on the log's axis; a clock going back starts a new run. */
    protected final double observe(LegacyText.Stamp stamp, byte[] b, long line) {
        double t = clock.observe(stamp, b, line);
        LegacyClock.Restart restart = clock.takeRestart();
        if (restart != null) {
            restart(restart);
        }
        return t;
    }

    /**
     * Whether the stamps read from {@code q} up to {@code p} are a time: a record ({@code [}) or a stopped-time
     * line follows them. A number and a colon before anything else ({@code 34128:   1   16  sun.util.X}) is not.
     */
    protected static boolean stampsOfARecord(byte[] b, int q, int p, int end) {
        return p == q || p >= end || b[p] == '[' || LegacyHeader.isTimeLine(b, p, end);
    }

    /** A stopped-time or application-time line at {@code p}: the safepoint goes out; false if it is none. */
    protected final boolean safepointLine(byte[] b, int p, int end, double up, long line) {
        if (!LegacyHeader.isTimeLine(b, p, end)) {
            return false;
        }
        SafepointEvent s = LegacyHeader.stoppedTime(b, p, end, up, line);
        if (s != null) {
            out.onEvent(s);
        }
        return true;
    }

    /** A JVM's first header line after timestamped lines (not at a rotated file's start) starts a new run. */
    protected final void vmLine(byte[] b, int from, int end, long line) {
        if (LegacyHeader.isVmLine(b, from, end)) {
            LegacyClock.Restart restart = clock.headerSeen(line);
            if (restart != null) {
                restart(restart);
            }
        }
    }

    /**
     * {@code -XX:+UseGCLogFileRotation}'s lines: {@code 2016-04-14 22:37:22 GC log file created logs/gc.log.1}
     * opens a file of a rotated set, before the JVM header that it repeats (the set, or the files concatenated,
     * are one JVM: that header is no restart); {@code ... GC log file has reached the maximum size. Saved as
     * logs/gc.log.1} closes one.
     */
    protected final boolean rotation(byte[] b, int from, int end) {
        if (end - from < 30 || !Bytes.isDigit(b[from]) || b[from + 4] != '-' || b[from + 10] != ' ') {
            return false;
        }
        int at = Bytes.indexOf(b, from, end, LOG_FILE);
        if (at < 0) {
            return false;
        }
        if (Bytes.startsWith(b, at + LOG_FILE.length, end, CREATED)) {
            clock.fileBoundary();
        }
        return true;
    }

    private static final byte[] LOG_FILE = Bytes.ascii(" GC log file ");
    private static final byte[] CREATED = Bytes.ascii("created");

    private void restart(LegacyClock.Restart r) {
        endRun(r.line());
        out.onWarning(r.line(), r.message());
        out.onEvent(Restart.at(r.line(), r.lastSec(), r.firstSec()));
        newFacts();
    }

    /** Closes what is open of the run that ended at {@code line} and forgets what was learnt about it. */
    protected abstract void endRun(long line);

    /** Starts the facts of a new run; a dialect that knows its collector sets it here. */
    protected void newFacts() {
        facts = new JvmFacts.Builder();
        header = new LegacyHeader(facts);
    }
}
