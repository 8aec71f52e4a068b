package dev.jvmtune.core.input;

import dev.jvmtune.core.parse.LineReader;
import dev.jvmtune.core.parse.LogParser;
import dev.jvmtune.core.parse.ParseListener;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Reads the text files of one timeline in blocks that parse at once on several threads, with the result of reading
 * them in order.
 *
 * <p>A parser carries state from line to line - the facts of the header, collections still open, the clock, the
 * decorations' layout - so a block cannot simply be parsed alone. Each block is parsed speculatively, by a parser
 * resumed from a guessed {@link LogParser.Context} (the latest known to be true), which records checkpoints: line
 * boundaries where it had nothing open, with its context there. The blocks' turns then come in order, on the
 * caller's thread: the parser that read everything before a block (the true one) goes on into it line by line until a
 * checkpoint where its own context equals the recorded one. From equal contexts the same lines give the same events,
 * warnings and skipped lines and again equal contexts, so the speculative output from that checkpoint on is what the
 * true parser would give: it is taken, what the true parser read up to there is put before it, and the speculative
 * parser, now in the true state at the block's end, becomes the true one. A record that straddles the edge (a
 * collection's lines, a JDK 8 record over several lines), a clock read before the edge, a header fact learnt in an
 * earlier block: all are read by the true parser before the checkpoint, or make the contexts differ. A block without
 * such a checkpoint is read by the true parser to its end; a log where that keeps happening (every collection's
 * statistics summed into the facts) is read in order until it stops.
 *
 * <p>The caller's thread also reads the files and cuts them ({@link BlockCutter}), so a {@code .gz} inflates there
 * while other threads parse; a rotated set's files follow each other as blocks of one stream of blocks. At most
 * {@code threads + 1} blocks are in flight, which bounds the memory whatever the size of the input.
 */
final class ParallelText {

    /**
     * The first checkpoints of a block, then one per this share of a block and at least this many bytes apart: where the
     * true parser may join it (each costs a copy of the parser's context).
     */
    private static final int EARLY_CHECKPOINTS = 8;
    private static final int CHECKPOINT_SPACING_DIVISOR = 16;
    private static final int CHECKPOINT_SPACING_MIN = 64 << 10;
    /** Speculation pauses for {@link #BACKOFF_BLOCKS} blocks after this many in a row that did not join. */
    private static final int MISSES_BEFORE_BACKOFF = 3;
    private static final int BACKOFF_BLOCKS = 16;
    /** The true parser's contexts become guesses once it has read this far: past the JVM's header. */
    private static final int HEADER_BYTES = 1 << 16;

    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final ExecutorService POOL = Executors.newFixedThreadPool(
            Math.max(2, Runtime.getRuntime().availableProcessors()), r -> {
                Thread t = new Thread(r, "jvmtune-parse-" + THREADS.incrementAndGet());
                t.setDaemon(true);
                return t;
            });

    private final GcLogStream stream;
    private final int blockBytes;
    private final int window;
    private final ArrayDeque<Object> steps = new ArrayDeque<>();
    private final List<byte[]> free = new ArrayList<>();
    private int buffers;
    private int blocksPending;

    /** The parser that has read everything up to the block whose turn is next, and its output; null before any. */
    private LogParser truth;
    private BlockOutput truthOut;
    private boolean anyFile;
    /** The latest context known to be true, which speculative parsers start from. */
    private volatile LogParser.Context guess;
    private final CompletableFuture<Void> firstGuess = new CompletableFuture<>();
    private int misses;
    private int pausedFor;
    private long taken;
    private long joined;
    private long readInOrder;
    private long linesBeforeJoining;

    ParallelText(GcLogStream stream, Parallelism parallelism) {
        this.stream = stream;
        this.blockBytes = parallelism.blockBytes();
        this.window = parallelism.threads() + 1;
    }

    private record FileStart(LogFile file) {
    }

    private record FileEnd(LogFile file, long bytes, long lines) {
    }

    /** A block, its place in its file, and its speculative reading (null: read by the true parser). */
    private static final class Block {
        final byte[] buf;
        final BlockCutter.Cut cut;
        /** The block starts a file after another: the parser is told, as a sequential read tells it. */
        final boolean boundaryFirst;
        Future<Speculation> speculation;
        /** Set by whichever reads the block first: a thread of the pool, or the caller's when the pool has not begun. */
        final AtomicBoolean claimed = new AtomicBoolean();
        /** For the timeline's first block: the parser that starts the timeline, and its output. */
        LogParser first;
        BlockOutput firstOut;

        Block(byte[] buf, BlockCutter.Cut cut, boolean boundaryFirst) {
            this.buf = buf;
            this.cut = cut;
            this.boundaryFirst = boundaryFirst;
        }

        LineReader lines() {
            return new LineReader(buf, 0, cut.length(), GcLogStream.MAX_LINE_BYTES, cut.linesBefore(),
                    cut.bytesEnd() - cut.length());
        }
    }

    /** A block's speculative reading: the parser at the block's end, its output, and its context there (or null). */
    private record Speculation(LogParser parser, BlockOutput out, LogParser.Context end) {
    }

    /**
     * Reads a text file of the timeline, {@code head} (already read) then {@code rest}; {@code newParser} makes the
     * timeline's parser for its first text file.
     */
    void file(LogFile file, byte[] head, InputStream rest, Function<ParseListener, LogParser> newParser)
            throws IOException {
        steps.add(new FileStart(file));
        boolean first = !anyFile;
        boolean boundaryFirst = anyFile;
        anyFile = true;
        BlockCutter cutter = new BlockCutter(head, rest, blockBytes);
        FileEnd end = null;
        while (true) {
            byte[] buf = buffer();
            BlockCutter.Cut cut = cutter.next(buf);
            if (cut == null) {
                free.add(buf);
                break;
            }
            if (cut.tail()) {
                drain();
                end = tail(file, buf, cut, cutter, newParser, boundaryFirst);
                free.add(buf);
                break;
            }
            Block b = new Block(buf, cut, boundaryFirst);
            if (first) {
                b.firstOut = new BlockOutput();
                b.first = newParser.apply(b.firstOut);
                b.firstOut.parser(b.first);
                b.speculation = POOL.submit(() -> b.claimed.compareAndSet(false, true)
                        ? read(b, b.first, b.firstOut, true) : null);
                first = false;
            } else if (pausedFor > 0) {
                pausedFor--;
            } else {
                b.speculation = POOL.submit(() -> b.claimed.compareAndSet(false, true) ? speculate(b) : null);
            }
            boundaryFirst = false;
            steps.add(b);
            blocksPending++;
            while (blocksPending > window) {
                runStep();
            }
            if (cut.last()) {
                break;
            }
        }
        steps.add(end != null ? end : new FileEnd(file, cutter.bytes(), cutter.lines()));
    }

    /** Runs {@code step} once every block given so far has had its turn (a file that could not be read). */
    void inTurn(Runnable step) {
        steps.add(step);
    }

    /** Takes every block's turn, then flushes what the true parser holds open; returns it (null if no text). */
    LogParser finish() throws IOException {
        drain();
        if (truth != null) {
            truthOut.clear();
            truthOut.reading(null);
            truth.finish();
            truthOut.replay(stream.sink());
        }
        return truth;
    }

    /** Stops after a failure: blocks not yet parsed are dropped. */
    void abandon() {
        firstGuess.complete(null);
        for (Object s : steps) {
            if (s instanceof Block b && b.speculation != null) {
                b.claimed.set(true);
                b.speculation.cancel(false);
            }
        }
        steps.clear();
    }

    GcLogStream.BlockCounts counts() {
        return new GcLogStream.BlockCounts(taken, joined, readInOrder, linesBeforeJoining);
    }

    private byte[] buffer() throws IOException {
        while (free.isEmpty() && buffers > window) {
            runStep();
        }
        if (!free.isEmpty()) {
            return free.remove(free.size() - 1);
        }
        buffers++;
        return new byte[BlockCutter.capacity(blockBytes)];
    }

    private void drain() throws IOException {
        while (!steps.isEmpty()) {
            runStep();
        }
    }

    private void runStep() throws IOException {
        Object step = steps.poll();
        if (step instanceof FileStart s) {
            stream.fileStarted(s.file);
        } else if (step instanceof FileEnd e) {
            stream.fileEnded(e.file, e.bytes, e.lines);
        } else if (step instanceof Runnable r) {
            r.run();
        } else if (step instanceof Block b) {
            blocksPending--;
            taken++;
            take(b);
            stream.progressInFile(b.cut.bytesEnd());
            free.add(b.buf);
        }
    }

    /** The block's turn: its speculative reading joined where it can be, the rest read by the true parser. */
    private void take(Block b) throws IOException {
        Speculation s = null;
        if (b.speculation != null) {
            if (b.claimed.compareAndSet(false, true)) {
                // not begun (the threads serve other reads): read here, by the true parser
                b.speculation.cancel(false);
                s = b.first != null ? read(b, b.first, b.firstOut, true) : null;
            } else {
                s = result(b.speculation);
            }
        }
        if (truth == null) {
            truth = s.parser;
            truthOut = s.out;
            s.out.replay(stream.sink());
            publish(s.end);
            return;
        }
        truthOut.clear();
        truthOut.reading(null);
        if (b.boundaryFirst) {
            truth.fileBoundary();
        }
        LineReader r = b.lines();
        truthOut.reading(r);
        List<BlockOutput.Checkpoint> checkpoints = s == null ? List.of() : s.out.checkpoints();
        int next = 0;
        long read = 0;
        while (true) {
            while (next < checkpoints.size() && checkpoints.get(next).lines() < read) {
                next++;
            }
            if (next < checkpoints.size() && checkpoints.get(next).lines() == read) {
                LogParser.Context c = truth.context();
                if (c != null && c.equals(checkpoints.get(next).context())) {
                    LogParser earlier = truth;
                    LogParser later = s.parser;
                    truthOut.replay(stream.sink());
                    s.out.replay(stream.sink(), checkpoints.get(next), f -> later.completeFacts(f, earlier));
                    later.joinAfter(earlier);
                    truth = s.parser;
                    truthOut = s.out;
                    publish(s.end != null ? s.end : checkpoints.get(checkpoints.size() - 1).context());
                    joined++;
                    linesBeforeJoining += read;
                    misses = 0;
                    return;
                }
                next++;
            }
            if (!next(r)) {
                break;
            }
            GcLogStream.line(r, truth, truthOut);
            read++;
        }
        endOfBlock(b, r, truth, truthOut);
        truthOut.replay(stream.sink());
        publish(truth.context());
        readInOrder++;
        if (s != null && ++misses >= MISSES_BEFORE_BACKOFF) {
            misses = 0;
            pausedFor = BACKOFF_BLOCKS;
        }
    }

    private static Speculation result(Future<Speculation> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while parsing");
        } catch (CancellationException e) {
            return null;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** A speculative reading from the latest true context; null when there is none to start from. */
    private Speculation speculate(Block b) {
        LogParser.Context from = guess;
        if (from == null) {
            firstGuess.join();
            from = guess;
            if (from == null) {
                return null;
            }
        }
        BlockOutput out = new BlockOutput();
        LogParser p = from.resume(out);
        out.parser(p);
        try {
            return read(b, p, out, false);
        } catch (RuntimeException e) {
            return null; // a wrong guess led the parser where no true state goes: the true parser reads the block
        }
    }

    /** Reads a block with {@code p}, recording checkpoints; {@code trueStart}: p is the true parser, whose contexts are published. */
    private Speculation read(Block b, LogParser p, BlockOutput out, boolean trueStart) {
        try {
            if (b.boundaryFirst) {
                p.fileBoundary();
            }
            LineReader r = b.lines();
            out.reading(r);
            int spacing = Math.max(CHECKPOINT_SPACING_MIN, b.cut.length() / CHECKPOINT_SPACING_DIVISOR);
            long read = 0;
            int lastAt = 0;
            int at = 0;
            boolean published = false;
            while (true) {
                if (out.checkpoints().size() < EARLY_CHECKPOINTS || at - lastAt >= spacing
                        || trueStart && !published && at >= HEADER_BYTES) {
                    LogParser.Context c = p.context();
                    if (c != null) {
                        out.checkpoint(read, c);
                        lastAt = at;
                        if (trueStart && at >= HEADER_BYTES) {
                            publish(c);
                            published = true;
                        }
                    }
                }
                if (!next(r)) {
                    break;
                }
                GcLogStream.line(r, p, out);
                read++;
                at = r.start();
            }
            endOfBlock(b, r, p, out);
            LogParser.Context end = p.context();
            if (trueStart && !published) {
                publish(end);
            }
            return new Speculation(p, out, end);
        } finally {
            if (trueStart) {
                firstGuess.complete(null);
            }
        }
    }

    /** The next line of a block (read from memory: no read fails). */
    private static boolean next(LineReader r) {
        try {
            return r.next();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The end of a file's last block, as a sequential read ends a file. */
    private static void endOfBlock(Block b, LineReader r, LogParser p, ParseListener out) {
        if (b.cut.last()) {
            GcLogStream.endOfFile(r, b.cut.error(), p, out);
        }
    }

    private void publish(LogParser.Context c) {
        if (c != null) {
            guess = c;
            firstGuess.complete(null);
        }
    }

    /** A line too long for a block: the rest of the file is read in order by the true parser. */
    private FileEnd tail(LogFile file, byte[] buf, BlockCutter.Cut cut, BlockCutter cutter,
                         Function<ParseListener, LogParser> newParser, boolean boundaryFirst) throws IOException {
        if (truth == null) {
            truthOut = new BlockOutput();
            truth = newParser.apply(truthOut);
            truthOut.parser(truth);
        }
        truthOut.clear();
        truthOut.reading(null);
        if (boundaryFirst) {
            truth.fileBoundary();
        }
        long bytesBefore = cut.bytesEnd() - cut.length();
        LineReader lines = new LineReader(new SequenceInputStream(new ByteArrayInputStream(buf, 0, cut.length()),
                cutter.rest()), GcLogStream.MAX_LINE_BYTES, cut.linesBefore(), bytesBefore);
        truthOut.reading(lines);
        GcLogStream.readLines(lines, truth, truthOut, stream::progressInFile);
        truthOut.replay(stream.sink());
        publish(truth.context());
        return new FileEnd(file, lines.bytesRead(), lines.lineNumber());
    }
}
