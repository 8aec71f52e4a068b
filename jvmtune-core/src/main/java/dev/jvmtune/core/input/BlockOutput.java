package dev.jvmtune.core.input;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.Restart;
import dev.jvmtune.core.parse.LineReader;
import dev.jvmtune.core.parse.LogParser;
import dev.jvmtune.core.parse.ParseListener;
import dev.jvmtune.core.parse.RecordShape;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What a parser read from one block of a log, held until the block's turn comes: the events, warnings and skipped
 * lines in the order the parser gave them, and the checkpoints - line boundaries where the parser had nothing open,
 * with its {@link LogParser.Context} there - from which the block's output may be taken when its parser started from
 * a guessed state.
 *
 * <p>What the stream would have asked the parser while passing an event on is asked here, as the parser gives the
 * event: at a {@link Restart}, the facts and time span of the run that ends; at a collection, whether the run printed
 * a JVM's start-up lines (see {@code GcLogStream}'s doubtful splits). A restart cuts the file's counts where its line
 * starts, so its place in the file is kept with it. A file (or a run's part of it) keeps the first few warnings and
 * samples of skipped lines only, so a block keeps only what can be among them: per stretch between two checkpoints or
 * restarts, the first {@link GcLogStream#WARNING_LIMIT} warnings and the first {@link GcLogStream#SAMPLE_LIMIT} skipped
 * lines of each kind (looking like a GC record or not); the others are counted, per stretch.
 */
final class BlockOutput implements ParseListener {

    /** A warning, as the parser gave it. */
    record Warning(long line, String message) {
    }

    /** A skipped line that may become one of the file's samples. */
    record Skipped(long line, boolean recordLike, String sample) {
    }

    /**
     * A restart, with the run that ended as the stream would have shown it then, and the bytes of the file before the
     * restart's line (negative where no line was being read).
     */
    record RestartSeen(Restart restart, JvmFacts facts, double firstSec, double lastSec, long offset) {
    }

    /** Skipped lines of a stretch that are not among its samples, only counted. */
    private record Counted(long lines, long recordLike) {
    }

    /** After {@code lines} lines of the block the parser had nothing open and was in {@code context}. */
    record Checkpoint(long lines, int item, LogParser.Context context) {
    }

    /** Where the block's output goes once its turn has come. */
    interface Sink {

        /** An event; {@code startupLinesSeen} is the parser's answer when it gave a collection. */
        void event(JvmEvent event, boolean startupLinesSeen);

        void restart(RestartSeen restart);

        void warning(long line, String message);

        /** A skipped line that may be sampled; it is counted too. */
        void skipped(long line, boolean recordLike, String sample);

        /** Skipped lines that cannot be among the samples, only counted. */
        void skipped(long lines, long recordLike);
    }

    private LogParser parser;
    private final List<Object> items = new ArrayList<>();
    /** For each item that is a collection: whether the run had printed a JVM's start-up lines by then. */
    private final BitSet startupSeen = new BitSet();
    private final List<Checkpoint> checkpoints = new ArrayList<>();
    /** The lines being read, for a restart's place in the file; null when none are. */
    private LineReader lines;
    /** Skipped lines counted, not sampled, since the last checkpoint or restart. */
    private long counted;
    private long countedRecordLike;
    /** Kept since the last checkpoint or restart. */
    private int warnings;
    private int recordSamples;
    private int otherSamples;

    /** The parser whose output this is (it is made with this listener, so it is set after). */
    void parser(LogParser p) {
        parser = p;
    }

    LogParser parser() {
        return parser;
    }

    /** The lines the parser reads from now on (their byte counts are the file's); null: none. */
    void reading(LineReader r) {
        lines = r;
    }

    @Override
    public void onEvent(JvmEvent event) {
        if (event instanceof Restart r) {
            endStretch();
            items.add(new RestartSeen(r, parser.facts(), parser.firstTimestampSec(), parser.lastTimestampSec(),
                    lines == null ? -1 : lines.lineOffset()));
            return;
        }
        if (event instanceof GcEvent && parser.startupLinesSeen()) {
            startupSeen.set(items.size());
        }
        items.add(event);
    }

    @Override
    public void onWarning(long line, String message) {
        if (warnings < GcLogStream.WARNING_LIMIT) {
            warnings++;
            items.add(new Warning(line, message));
        }
    }

    @Override
    public void onUnrecognized(long line, byte[] buf, int from, int to) {
        boolean record = RecordShape.looksLikeGc(buf, from, to);
        if ((record ? recordSamples++ : otherSamples++) < GcLogStream.SAMPLE_LIMIT) {
            items.add(new Skipped(line, record, GcLogStream.sample(buf, from, to)));
        } else {
            counted++;
            if (record) {
                countedRecordLike++;
            }
        }
    }

    /** Records a checkpoint after {@code lines} lines of the block, in {@code context}. */
    void checkpoint(long lines, LogParser.Context context) {
        endStretch();
        checkpoints.add(new Checkpoint(lines, items.size(), context));
    }

    /** Ends a stretch: its skipped lines only counted go before what follows, and the limits start again. */
    private void endStretch() {
        if (counted > 0) {
            items.add(new Counted(counted, countedRecordLike));
        }
        counted = 0;
        countedRecordLike = 0;
        warnings = 0;
        recordSamples = 0;
        otherSamples = 0;
    }

    List<Checkpoint> checkpoints() {
        return checkpoints;
    }

    /** Passes everything on from the start of the block. */
    void replay(Sink sink) {
        replay(sink, 0, UnaryOperator.identity());
    }

    /**
     * Passes everything on from {@code from} (what came before it was read from a wrong state), the facts at restarts
     * completed with what the parser of the blocks before had gathered.
     */
    void replay(Sink sink, Checkpoint from, UnaryOperator<JvmFacts> complete) {
        replay(sink, from.item, complete);
    }

    private void replay(Sink sink, int item, UnaryOperator<JvmFacts> complete) {
        for (int i = item; i < items.size(); i++) {
            Object o = items.get(i);
            if (o instanceof JvmEvent e) {
                sink.event(e, startupSeen.get(i));
            } else if (o instanceof Warning w) {
                sink.warning(w.line, w.message);
            } else if (o instanceof Skipped s) {
                sink.skipped(s.line, s.recordLike, s.sample);
            } else if (o instanceof Counted c) {
                sink.skipped(c.lines, c.recordLike);
            } else {
                RestartSeen r = (RestartSeen) o;
                sink.restart(new RestartSeen(r.restart, complete.apply(r.facts), r.firstSec, r.lastSec, r.offset));
            }
        }
        if (counted > 0) {
            sink.skipped(counted, countedRecordLike);
        }
    }

    /** Empties the output for the parser to go on into the next block. */
    void clear() {
        items.clear();
        startupSeen.clear();
        checkpoints.clear();
        counted = 0;
        countedRecordLike = 0;
        warnings = 0;
        recordSamples = 0;
        otherSamples = 0;
    }
}
