package dev.jvmtune.core.input;

import dev.jvmtune.core.parse.LineReader;
import dev.jvmtune.core.parse.unified.UnifiedLogParser;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads and classifies lines on a second thread while the calling thread parses them. Splitting lines
 * and classifying decorations is about half the work of a debug-level log, and a third of its lines
 * can be dropped right there; on a machine with two cores this nearly halves the time to read a large
 * log. Lines travel in reused batches, so nothing is allocated per line, and at most
 * {@link #BATCHES} batches exist: memory stays bounded whatever the log size.
 */
final class ReadAhead {

    static final int BATCHES = 4;
    private static final int LINES = 8192;
    private static final int META = UnifiedLogParser.Prefilter.META;

    /** Receives the lines that survived the prefilter, in order, on the calling thread. */
    interface Sink {
        void line(byte[] b, int from, int to, long lineNumber, int[] meta, int base);

        /** A line longer than the limit was cut (whether or not the line itself is delivered). */
        void truncated(long lineNumber);

        void progress(long bytesRead);
    }

    private static final class Batch {
        final byte[] bytes = new byte[GcLogStream.MAX_LINE_BYTES + (1 << 16)];
        final int[] meta = new int[LINES * META];
        final int[] from = new int[LINES];
        final int[] to = new int[LINES];
        final long[] lineNumber = new long[LINES];
        long[] truncated = new long[16];
        int truncatedCount;
        int count;
        int used;
        long bytesRead;
        boolean last;
        Throwable error;

        void clear() {
            count = 0;
            used = 0;
            truncatedCount = 0;
            last = false;
            error = null;
        }
    }

    private final LineReader lines;
    private final UnifiedLogParser.Prefilter prefilter = new UnifiedLogParser.Prefilter();
    private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES);
    private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);

    ReadAhead(LineReader lines) {
        this.lines = lines;
        for (int i = 0; i < BATCHES; i++) {
            free.add(new Batch());
        }
    }

    /**
     * Runs to the end of input. The {@link LineReader}'s counters are valid when this returns.
     *
     * @throws IOException the reading thread's I/O error, after every line before it was delivered
     */
    void run(Sink sink) throws IOException {
        Thread reader = new Thread(this::readAll, "jvmtune-read-ahead");
        reader.setDaemon(true);
        reader.start();
        try {
            while (true) {
                Batch b = full.take();
                for (int i = 0; i < b.truncatedCount; i++) {
                    sink.truncated(b.truncated[i]);
                }
                for (int i = 0; i < b.count; i++) {
                    sink.line(b.bytes, b.from[i], b.to[i], b.lineNumber[i], b.meta, i * META);
                }
                sink.progress(b.bytesRead);
                boolean last = b.last;
                Throwable error = b.error;
                b.clear();
                free.add(b);
                if (last) {
                    reader.join();
                    if (error instanceof IOException io) {
                        throw io;
                    }
                    if (error instanceof RuntimeException re) {
                        throw re;
                    }
                    if (error != null) {
                        throw new IllegalStateException("read-ahead thread failed", error);
                    }
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading", e);
        } finally {
            reader.interrupt(); // no-op once it has finished; stops it when the parser side failed
        }
    }

    private void readAll() {
        try {
            Batch b = free.take();
            try {
                while (lines.next()) {
                    int len = lines.end() - lines.start();
                    if (b.count == LINES || b.used + len > b.bytes.length) {
                        b.bytesRead = lines.bytesRead();
                        full.put(b);
                        b = free.take();
                    }
                    if (lines.lastLineTruncated()) {
                        if (b.truncatedCount == b.truncated.length) {
                            b.truncated = java.util.Arrays.copyOf(b.truncated, b.truncatedCount * 2);
                        }
                        b.truncated[b.truncatedCount++] = lines.lineNumber();
                    }
                    if (!prefilter.classify(lines.buffer(), lines.start(), lines.end(), b.meta, b.count * META)) {
                        continue;
                    }
                    // the classification is relative to the line's start, so it holds at the new place
                    System.arraycopy(lines.buffer(), lines.start(), b.bytes, b.used, len);
                    b.from[b.count] = b.used;
                    b.to[b.count] = b.used + len;
                    b.lineNumber[b.count] = lines.lineNumber();
                    b.used += len;
                    b.count++;
                }
            } catch (IOException | RuntimeException e) {
                b.error = e;
            }
            b.bytesRead = lines.bytesRead();
            b.last = true;
            full.put(b);
        } catch (InterruptedException e) {
            // the parsing side gave up; nothing waits for more lines
        }
    }
}
