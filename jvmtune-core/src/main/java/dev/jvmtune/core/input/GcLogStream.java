package dev.jvmtune.core.input;

import dev.jvmtune.core.input.InputStats.LineSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.InputFile;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.Restart;
import dev.jvmtune.core.parse.LineReader;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.parse.LogParser;
import dev.jvmtune.core.parse.ParseListener;
import dev.jvmtune.core.parse.RecordShape;
import dev.jvmtune.core.parse.Sniffer;
import dev.jvmtune.core.parse.TimelineParser;
import dev.jvmtune.core.parse.jfr.JfrParser;
import dev.jvmtune.core.parse.legacy.LegacyParsers;
import dev.jvmtune.core.parse.unified.UnifiedLogParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Reads one timeline (a log, a rotated set, or a JFR recording) and pushes its events, in log order, to one
 * consumer, in the manner of {@code jdk.jfr.consumer.EventStream}:
 *
 * <pre>{@code
 * try (GcLogStream s = GcLogStream.openFile(Path.of("gc.log"))) {
 *     s.start(e -> {
 *         if (e instanceof GcEvent gc) {
 *             System.out.println(gc.pauseMs());
 *         }
 *     });
 *     JvmFacts facts = s.facts();
 * }
 * }</pre>
 *
 * Memory use does not grow with the size of the log: lines are scanned in place and only open
 * collections are kept. A text file goes to the {@link LogParser} of its dialect, line by line; a JFR
 * recording to {@link JfrParser}, event by event; both push to the same {@link ParseListener}, which passes
 * every {@link JvmEvent} on and counts skipped lines and warnings per file ({@link #inputs()}). Each file
 * starts with an {@link InputFile} event; a {@link Restart} gets the name of the file it is in, and cuts the file's
 * counts there, so that each run of the timeline has the lines, bytes, skipped lines and warnings of its own part of
 * the files ({@link #inputs(int)}).
 *
 * <p>A large text timeline (or a stream) is read in blocks parsed on every core ({@link ParallelText}; see
 * {@link #parallelism}): the consumer gets the same events in the same order, on the caller's thread, and
 * {@link #facts()}, the time span and each run's part of the files are what a read in order gives while a
 * {@link Restart} is passed on and after {@link #start} returns.
 */
public final class GcLogStream implements AutoCloseable {

    /** Lines longer than this are cut: no GC log line comes close, a corrupt file might. */
    public static final int MAX_LINE_BYTES = 1 << 20;
    /** Samples of skipped lines and warnings kept per file. */
    static final int SAMPLE_LIMIT = 5;
    static final int WARNING_LIMIT = 20;
    private static final long PROGRESS_STEP = 8L << 20;

    private final LogInputs.Timeline timeline;
    /** The files that could not be read, each with the run that was being read when it came. */
    private final List<FileRead> failed = new ArrayList<>();
    /** What was read, a part of a file per run: a file a restart cuts is two parts. */
    private final List<FileRead> reads = new ArrayList<>();
    /** Restarts passed on so far: the run being read, from 0. */
    private int run;
    /** The lines of the text file being read; null between files and for a recording. */
    private LineReader lines;
    /** Reads a text timeline; null for a recording. */
    private LogParser parser;
    /** Reads a JFR timeline; null for text. */
    private JfrParser jfr;
    private Consumer<? super JvmEvent> events;
    private LongConsumer progress;
    private long bytesBefore;
    /** A log being written ({@link #follow}); null otherwise. */
    private FollowedLog followed;
    private Parallelism parallelism = Parallelism.machine();
    /** Reads the text in blocks on several threads; null when it is read in order. */
    private ParallelText blocks;
    /** While a restart found in a block is passed on: the run that ended, as its parser saw it then. */
    private BlockOutput.RestartSeen restartSeen;

    private GcLogStream(LogInputs.Timeline timeline) {
        this.timeline = timeline;
    }

    public static GcLogStream openFile(Path path) throws IOException {
        List<LogInputs.Timeline> timelines = LogInputs.resolve(List.of(path));
        if (timelines.size() != 1) {
            throw new LogInputs.InputException(path + " holds logs of " + timelines.size()
                    + " different JVMs; open them with open(Timeline)");
        }
        return new GcLogStream(timelines.get(0));
    }

    public static GcLogStream open(LogInputs.Timeline timeline) {
        return new GcLogStream(timeline);
    }

    /**
     * A text log being written, read as it grows and across the JVM's rotations ({@code gc.log} renamed to
     * {@code gc.log.N}, a new {@code gc.log} begun) as one stream, waiting for more at its end: {@link #start}
     * returns once {@code stopped} is true and everything written before has been read. The log need not exist
     * yet. Its lines are read from where the current file begins. Where the file is truncated and written again, the
     * new content is read from its start as the next file of the timeline, and a clock behind the last time read is
     * a restart ({@link LogParser#fileRewritten}).
     *
     * @param warnings told at once, in one line each, of a truncation and of rotated files that could not be read;
     *                 the warnings of the file being read say it too
     */
    public static GcLogStream follow(Path log, BooleanSupplier stopped, Consumer<String> warnings) {
        GcLogStream s = new GcLogStream(new LogInputs.Timeline(List.of(new LogFile(log, null, 0))));
        s.followed = new FollowedLog(log, stopped, message -> {
            if (s.current != null) {
                s.current.onWarning(0, message);
            }
            warnings.accept(message);
        });
        return s;
    }

    /**
     * How a read in blocks went: the blocks, those whose speculative reading was joined at a checkpoint, those the
     * parser that read everything before them read to their end, and the lines that parser read in the blocks it
     * joined (before the checkpoint: the work of joining); all zero for a read in order.
     */
    public record BlockCounts(long blocks, long joined, long readInOrder, long linesBeforeJoining) {
    }

    public BlockCounts blockCounts() {
        return blocks == null ? new BlockCounts(0, 0, 0, 0) : blocks.counts();
    }

    /**
     * For a followed log: how long (ns) the reader has waited at its end, with everything written read and parsed;
     * 0 while there is more to read, and for other logs.
     */
    public long waitingNanos() {
        return followed == null ? 0 : followed.waitingNanos();
    }

    /** For a followed log: how many times the JVM rotated it while it was read; 0 otherwise. */
    public int rotations() {
        return followed == null ? 0 : followed.rotations();
    }

    /**
     * How the text is read: {@link Parallelism#machine()} unless set; a log being followed is read in order. Whatever the
     * setting, the events and every figure are those of reading the lines in order.
     */
    public GcLogStream parallelism(Parallelism p) {
        parallelism = p;
        return this;
    }

    /**
     * Called with the number of bytes read so far (all files) every few megabytes; for a JFR recording, an
     * estimate from how far into the recording's time span the events read lie.
     */
    public void onProgress(LongConsumer action) {
        progress = action;
    }

    /**
     * Reads every file of the timeline to its end, passing each event to {@code consumer} as it is read. Where
     * the clock goes back (a JVM restart appended to the same log) a {@link Restart} comes first; events before
     * it and after it belong to different runs, and {@link #facts()} while it is passed on still describes the
     * run that ended.
     *
     * @throws UnsupportedLogException when no file holds a log this version can read
     * @throws IOException             when a file cannot be read at all
     */
    public void start(Consumer<? super JvmEvent> consumer) throws IOException {
        if (events != null) {
            throw new IllegalStateException("stream already started");
        }
        events = consumer;
        if (followed == null && parallelism.worthIt(timeline)) {
            blocks = new ParallelText(this, parallelism);
        }
        UnsupportedLogException firstProblem = null;
        try {
            for (LogFile file : timeline.files()) {
                try {
                    readFile(file, false);
                    while (followed != null && followed.nextSegment()) {
                        readFile(file, true); // the file was truncated: what is written again is read from its start
                    }
                } catch (UnsupportedLogException e) {
                    if (firstProblem == null) {
                        firstProblem = e;
                    }
                    FileListener problem = new FileListener(1, 0);
                    problem.warnings.add(new LineSample(0, e.getMessage()));
                    // the run being read when it came: in blocks, once the blocks before have had their turn
                    Runnable fail = () -> failed.add(new FileRead(file.displayName(), e.format(), problem, 0, 0, run));
                    if (blocks != null) {
                        blocks.inTurn(fail);
                    } else {
                        fail.run();
                    }
                }
            }
            if (blocks != null) {
                LogParser last = blocks.finish();
                if (last != null) {
                    parser = last;
                    return;
                }
            }
        } catch (IOException | RuntimeException | Error e) {
            if (blocks != null) {
                blocks.abandon();
            }
            throw e;
        }
        if (reader() == null) {
            throw firstProblem != null ? firstProblem
                    : new UnsupportedLogException(timeline.name() + ": no input", LogFormat.UNKNOWN);
        }
        reader().finish();
    }

    /** @param rewritten the followed file was truncated, and this is what was written into it again */
    private void readFile(LogFile file, boolean rewritten) throws IOException {
        try (InputStream raw = followed != null ? followed.segment() : file.open()) {
            // fix (robustness): a .gz damaged within its first 64 KiB made readNBytes throw here, outside the
            // catch below: the whole file was lost and the message ("Unexpected end of ZLIB input stream")
            // did not name the path. Keep the bytes read and report the error as "reading stopped".
            ByteArrayOutputStream headBytes = new ByteArrayOutputStream();
            IOException headError = null;
            try {
                byte[] chunk = new byte[8192];
                int n;
                while (headBytes.size() < 1 << 16
                        && (n = raw.read(chunk, 0, Math.min(chunk.length, (1 << 16) - headBytes.size()))) >= 0) {
                    headBytes.write(chunk, 0, n);
                    if (followed != null && knownDialect(headBytes)) {
                        break; // a log being written may grow slowly: start once its dialect shows
                    }
                }
            } catch (IOException e) {
                if (headBytes.size() == 0) {
                    throw new IOException("nothing readable: " + e.getMessage(), e); // callers prefix the path
                }
                headError = e;
            }
            byte[] head = headBytes.toByteArray();
            IOException failure = headError;
            InputStream rest = failure == null ? raw : new InputStream() {
                @Override
                public int read() throws IOException {
                    throw failure;
                }
            };
            Sniffer.Result sniff = Sniffer.sniff(head, head.length);
            if (sniff.empty() && rewritten) {
                return; // truncated, and nothing written again before the end
            }
            if (sniff.empty()) {
                throw new UnsupportedLogException(file.displayName() + ": empty file", LogFormat.UNKNOWN);
            }
            if (sniff.format() == LogFormat.JFR && followed != null) {
                throw new UnsupportedLogException(file.displayName() + ": a JFR recording cannot be followed; watch "
                        + "the running JVM instead (jvmtune watch PID)", LogFormat.JFR);
            }
            if (sniff.format() == LogFormat.JFR) {
                readJfr(file, head, rest);
                return;
            }
            if (jfr != null) {
                throw new UnsupportedLogException(file.displayName() + ": a text log in the same set as a JFR "
                        + "recording; give it as a separate argument", sniff.format());
            }
            if (sniff.binary()) {
                throw new UnsupportedLogException(file.displayName() + ": binary data, not a text GC log",
                        LogFormat.UNKNOWN);
            }
            if (sniff.format() == LogFormat.UNKNOWN && parser == null) {
                throw new UnsupportedLogException(file.displayName() + ": " + refusal(sniff, head), LogFormat.UNKNOWN);
            }
            java.util.function.Function<ParseListener, LogParser> newParser = out -> sniff.format() == LogFormat.LEGACY
                    ? LegacyParsers.create(head, head.length, out) : new UnifiedLogParser(out);
            if (blocks != null) {
                if (parser == null) {
                    parser = newParser.apply(new FileListener(1, 0)); // tells the dialect; the blocks' parsers read
                    blocks.file(file, head, rest, newParser);
                } else {
                    blocks.file(file, head, rest, null);
                }
                return;
            }
            FileListener listener = new FileListener(1, 0);
            if (parser == null) {
                parser = newParser.apply(listener);
            } else if (rewritten) {
                parser.fileRewritten();
            } else {
                parser.fileBoundary();
            }
            current = listener;
            currentFile = file.displayName();
            events.accept(new InputFile(currentFile));
            LineReader lines = new LineReader(new SequenceInputStream(new ByteArrayInputStream(head), rest),
                    MAX_LINE_BYTES);
            this.lines = lines;
            try {
                readLines(lines, parser, listener, this::progressInFile);
            } finally {
                fileEnded(file, lines.bytesRead(), lines.lineNumber());
                this.lines = null;
            }
        }
    }

    /**
     * Reads every line of a file to {@code parser}, then ends the file; an error while reading (a damaged .gz, a file
     * that vanished) ends it too, keeping what was read. {@code progress} gets the bytes read of the file.
     */
    static void readLines(LineReader lines, LogParser parser, ParseListener out, LongConsumer progress) {
        long nextReport = lines.bytesRead() + PROGRESS_STEP;
        String error = null;
        try {
            while (lines.next()) {
                if (lines.bytesRead() >= nextReport) {
                    progress.accept(lines.bytesRead());
                    nextReport = lines.bytesRead() + PROGRESS_STEP;
                }
                line(lines, parser, out);
            }
        } catch (IOException e) {
            error = e.getMessage();
        }
        endOfFile(lines, error, parser, out);
    }

    /** The line {@code lines} is at, to {@code parser}; a cut line is warned about first. */
    static void line(LineReader lines, LogParser parser, ParseListener out) {
        if (lines.lastLineTruncated()) {
            out.onWarning(lines.lineNumber(), "line longer than " + MAX_LINE_BYTES + " bytes: cut, the rest skipped");
        }
        parser.line(lines.buffer(), lines.start(), lines.end(), lines.lineNumber());
    }

    /** A file's end: the warning a read error or a last line without its end gives, then the parser told. */
    static void endOfFile(LineReader lines, String readError, LogParser parser, ParseListener out) {
        if (readError != null) {
            out.onWarning(lines.lineNumber(), "reading stopped: " + readError);
        } else if (lines.lastLineUnterminated()) {
            out.onWarning(lines.lineNumber(), "last line has no line end: the log was cut off while being written");
        }
        parser.fileBoundary();
    }

    void progressInFile(long bytes) {
        if (progress != null) {
            progress.accept(bytesBefore + bytes);
        }
    }

    /** A text file's blocks come next: its listener takes what they give. */
    void fileStarted(LogFile file) {
        current = new FileListener(1, 0);
        currentFile = file.displayName();
        events.accept(new InputFile(currentFile));
    }

    /** A text file read to its end, {@code bytes} and {@code lines} in all: its last part, after any restart in it. */
    void fileEnded(LogFile file, long bytes, long lines) {
        FileListener part = current;
        reads.add(new FileRead(file.displayName(), parser.format(), part, bytes - part.fromByte,
                lines - part.fromLine + 1, run));
        bytesBefore += bytes;
    }

    /** Where the blocks' output goes: the file being read, as the parser's listener would have been given it. */
    BlockOutput.Sink sink() {
        return sink;
    }

    private final BlockOutput.Sink sink = new BlockOutput.Sink() {
        @Override
        public void event(JvmEvent event, boolean startupLinesSeen) {
            current.event(event, () -> startupLinesSeen, -1);
        }

        @Override
        public void restart(BlockOutput.RestartSeen restart) {
            restartSeen = restart;
            try {
                current.event(restart.restart(), () -> false, restart.offset());
            } finally {
                restartSeen = null;
            }
        }

        @Override
        public void warning(long line, String message) {
            current.onWarning(line, message);
        }

        @Override
        public void skipped(long line, boolean recordLike, String sample) {
            current.skipped(line, recordLike, () -> sample);
        }

        @Override
        public void skipped(long lines, long recordLike) {
            current.unrecognized += lines;
            current.recordLike += recordLike;
        }
    };

    /** A skipped line as a sample: its first 200 bytes, control characters shown as '?'. */
    static String sample(byte[] buf, int from, int to) {
        String text = new String(buf, from, Math.min(to - from, 200), StandardCharsets.UTF_8);
        return text.replaceAll("\\p{Cntrl}", "?");
    }

    /** The reader of this timeline, text or JFR; null before a file has been recognised. */
    private TimelineParser reader() {
        return parser != null ? parser : jfr;
    }

    /**
     * A JFR recording. {@code RecordingFile} needs a file it can seek in: a plain file is read in place, a
     * gzip or zip entry or a stream is first copied to a temporary file that no kill leaves behind ({@link SpooledFile}).
     */
    private void readJfr(LogFile file, byte[] head, InputStream rest) throws IOException {
        if (parser != null) {
            throw new UnsupportedLogException(file.displayName() + ": a JFR recording in the same set as text "
                    + "logs; give it as a separate argument", LogFormat.JFR);
        }
        FileListener listener = new FileListener(1, 0);
        // kept only once something was read, so that an unreadable recording fails the timeline
        JfrParser reading = jfr != null ? jfr : new JfrParser(listener);
        current = listener;
        currentFile = file.displayName();
        events.accept(new InputFile(currentFile));
        SpooledFile spool = null;
        try {
            Path recording = file.path();
            long bytes = file.bytes();
            if (file.entry() != null || file.isStream() || !isPlainRecording(file.path())) {
                spool = SpooledFile.copy(head, rest); // a full temporary directory fails: it is no damage
                if (spool.readFailure() != null) {
                    listener.onWarning(0, "decompressing stopped: " + spool.readFailure().getMessage()
                            + "; reading what was copied");
                }
                recording = spool.path();
                bytes = spool.size();
            }
            long before = bytesBefore;
            LongConsumer fileProgress = progress == null ? null : b -> progress.accept(before + b);
            long events = reading.read(recording, file.displayName(), bytes, fileProgress);
            jfr = reading;
            reads.add(new FileRead(file.displayName(), LogFormat.JFR, current, bytes, events, run));
            bytesBefore += bytes;
        } finally {
            if (spool != null) {
                spool.close();
            }
        }
    }

    private static boolean isPlainRecording(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'F' && magic[1] == 'L' && magic[2] == 'R' && magic[3] == 0;
        }
    }

    private static boolean knownDialect(ByteArrayOutputStream head) {
        byte[] b = head.toByteArray();
        int nl = b.length;
        while (nl > 0 && b[nl - 1] != '\n') {
            nl--;
        }
        return nl > 0 && Sniffer.sniff(b, nl).format() != LogFormat.UNKNOWN;
    }

    /** Why a text the sniffer names no dialect for is refused, in the words a user can act on. */
    private static String refusal(Sniffer.Result sniff, byte[] head) {
        if (sniff.foreign() != null) {
            return sniff.foreign() + ", not a HotSpot one: jvmtune reads the GC logs of HotSpot JVMs (OpenJDK, Oracle)";
        }
        if (sniff.gcLike() != null) {
            return "lines such as \"" + cut(sniff.gcLike()) + "\" look like GC output, but of no HotSpot log format "
                    + "this version reads";
        }
        return "not a GC log: no GC record in its first lines (first line: \"" + cut(firstLine(head)) + "\")";
    }

    private static String cut(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }

    private static String firstLine(byte[] head) {
        String s = new String(head, 0, Math.min(head.length, 200), StandardCharsets.UTF_8);
        int nl = s.indexOf('\n');
        s = nl >= 0 ? s.substring(0, nl) : s;
        return s.strip().replaceAll("\\p{Cntrl}", "?");
    }

    /** Facts gathered from the log ({@link JvmFacts#empty()} before {@link #start()}). */
    public JvmFacts facts() {
        if (restartSeen != null) {
            return restartSeen.facts();
        }
        return reader() == null ? JvmFacts.empty() : reader().facts();
    }

    /**
     * What was read from each file, in reading order, then the files that could not be read: whole files, the parts
     * of every run together.
     */
    public List<InputStats> inputs() {
        Map<String, InputStats> byFile = new LinkedHashMap<>();
        for (FileRead r : reads) {
            byFile.merge(r.path, r.stats(), GcLogStream::joined);
        }
        List<InputStats> all = new ArrayList<>(byFile.values());
        failed.forEach(r -> all.add(r.stats()));
        return all;
    }

    /**
     * What run {@code run} (0 for the first, one more after each {@link Restart}) read: its part of each file it
     * spans, in reading order, then the files that could not be read while it was read.
     */
    public List<InputStats> inputs(int run) {
        List<InputStats> out = new ArrayList<>();
        for (List<FileRead> list : List.of(reads, failed)) {
            for (FileRead r : list) {
                if (r.run == run) {
                    out.add(r.stats());
                }
            }
        }
        return out;
    }

    /** Two parts of one file as one: counts added, samples and warnings in line order up to their limits. */
    private static InputStats joined(InputStats a, InputStats b) {
        return new InputStats(a.path(), a.format(), a.bytes() + b.bytes(), a.lines() + b.lines(),
                a.unrecognizedLines() + b.unrecognizedLines(), first(SAMPLE_LIMIT, a.samples(), b.samples()),
                first(WARNING_LIMIT, a.warnings(), b.warnings()), a.unrecognizedRecordLines() + b.unrecognizedRecordLines(),
                first(WARNING_LIMIT, a.doubtfulSplits(), b.doubtfulSplits()).stream().distinct().toList());
    }

    private static List<LineSample> first(int limit, List<LineSample> a, List<LineSample> b) {
        List<LineSample> all = new ArrayList<>(a);
        all.addAll(b);
        return all.subList(0, Math.min(limit, all.size()));
    }

    /**
     * A file, or the part of it one run read.
     *
     * @param lines lines read, or events for a JFR recording
     * @param run   the run it belongs to, from 0
     */
    private record FileRead(String path, LogFormat format, FileListener listener, long bytes, long lines, int run) {
        InputStats stats() {
            return listener.stats(path, format, bytes, lines);
        }
    }

    public double firstTimestampSec() {
        if (restartSeen != null) {
            return restartSeen.firstSec();
        }
        return reader() == null ? Double.NaN : reader().firstTimestampSec();
    }

    public double lastTimestampSec() {
        if (restartSeen != null) {
            return restartSeen.lastSec();
        }
        return reader() == null ? Double.NaN : reader().lastTimestampSec();
    }

    public LogInputs.Timeline timeline() {
        return timeline;
    }

    @Override
    public void close() {
        // files are closed as soon as each is read; a followed log holds its rotated set open until then
        if (followed != null) {
            followed.close();
        }
    }

    private FileListener current;
    /** The part of a file the last restart ended: a split found doubtful later is told in both runs. */
    private FileListener ended;
    private String currentFile;
    /** The clock time a restart went back from, until the next event shows whether it stayed back; NaN if none. */
    private double restartFromSec = Double.NaN;
    private double restartToSec;
    private long restartLine;
    /** The clock may step back this much within one JVM's log (threads race to print). */
    private static final double CLOCK_JITTER_SEC = 1.0;

    /**
     * Collects per-file counts and forwards events. One parser reads the whole timeline, so it keeps the
     * first file's listener; counts go to the file being read ({@code current}), and warnings raised
     * after the end (unfinished collections) to the last file.
     */
    private final class FileListener implements ParseListener {
        /** The first line of the file this part holds, and the bytes before it. */
        private final long fromLine;
        private final long fromByte;
        private long unrecognized;
        private long recordLike;
        private final List<LineSample> samples = new ArrayList<>();
        /** Per sample: whether it looks like a GC record. */
        private final List<Boolean> sampleIsRecord = new ArrayList<>();
        private final List<LineSample> warnings = new ArrayList<>();
        private final List<LineSample> doubtful = new ArrayList<>();

        FileListener(long fromLine, long fromByte) {
            this.fromLine = fromLine;
            this.fromByte = fromByte;
        }

        @Override
        public void onEvent(JvmEvent event) {
            event(event, () -> parser.startupLinesSeen(), lines == null ? -1 : lines.lineOffset());
        }

        /**
         * An event; {@code startupLinesSeen} tells, for a collection, whether the run has printed start-up lines, and
         * {@code offset}, for a restart, the bytes of the file before its line (negative: where the file's part began).
         */
        void event(JvmEvent event, BooleanSupplier startupLinesSeen, long offset) {
            if (event instanceof Restart r) {
                // a JVM header (no first time) is a restart for sure; a clock going back is doubted
                restartFromSec = Double.isNaN(r.firstSec()) ? Double.NaN : r.lastSec();
                restartToSec = r.firstSec();
                restartLine = r.line();
                cut(r.line(), offset);
                events.accept(r.inFile(currentFile));
                return;
            }
            if (event instanceof GcEvent gc && !Double.isNaN(restartFromSec)) {
                doubtRestart(gc, startupLinesSeen);
            }
            events.accept(event);
        }

        /**
         * A new JVM's clock starts near zero and needs as long as the old run took to get back to where that
         * ended; a first collection after the split at or past that time, with no start-up lines of a JVM in
         * between, means the line that turned the clock back carried no time of this log (a number another option
         * printed, a line of another log).
         */
        private void doubtRestart(GcEvent event, BooleanSupplier startupLinesSeen) {
            double at = event.uptimeSec();
            if (Double.isNaN(at) || Math.abs(at - restartToSec) <= CLOCK_JITTER_SEC) {
                return; // the collection of the line that turned the clock back; the next one tells
            }
            double from = restartFromSec;
            restartFromSec = Double.NaN;
            if (at >= from - CLOCK_JITTER_SEC && !startupLinesSeen.getAsBoolean()) {
                FileListener target = current != null ? current : this;
                String message = String.format(java.util.Locale.ROOT, "the log was split into two runs at line %d, "
                        + "where the clock went back from %.3fs, but the next collection (line %d) is at %.3fs again: "
                        + "the split is doubtful, and the figures of both runs are incomplete", restartLine, from,
                        event.line(), event.uptimeSec());
                LineSample doubt = new LineSample(restartLine, message);
                target.doubtful.add(doubt);
                if (ended != null && ended != target) { // the figures of both runs are in doubt: the ending run's too
                    ended.doubtful.add(doubt);
                }
                onWarning(event.line(), message);
            }
        }

        @Override
        public void onUnrecognized(long line, byte[] buf, int from, int to) {
            FileListener target = current != null ? current : this;
            target.skipped(line, RecordShape.looksLikeGc(buf, from, to), () -> sample(buf, from, to));
        }

        /** Counts a skipped line; a line that looks like a GC record takes the place of a sample that does not. */
        void skipped(long line, boolean record, java.util.function.Supplier<String> text) {
            unrecognized++;
            if (record) {
                recordLike++;
            }
            int at = samples.size();
            if (at == SAMPLE_LIMIT) {
                at = record ? sampleIsRecord.lastIndexOf(false) : -1;
                if (at < 0) {
                    return;
                }
                samples.remove(at);
                sampleIsRecord.remove(at);
            }
            samples.add(new LineSample(line, text.get()));
            sampleIsRecord.add(record); // still in line order: the new line comes after every sample
        }

        @Override
        public void onWarning(long line, String message) {
            FileListener target = current != null ? current : this;
            if (target.warnings.size() < WARNING_LIMIT) {
                target.warnings.add(new LineSample(line, message));
            }
        }

        InputStats stats(String path, LogFormat format, long bytes, long lines) {
            return new InputStats(path, format, bytes, lines, unrecognized, samples, warnings, recordLike, doubtful);
        }
    }

    /**
     * A restart at {@code line} of the file being read: the part before it is the ending run's, what follows goes
     * to a new part of the next run. The warnings and samples at and after the line (the restart's own warning)
     * move with it. {@code offset} is the bytes of the file before the line; negative where it is not known (after the
     * file's lines, for a recording): the part then starts where the ending one did.
     */
    private void cut(long line, long offset) {
        FileListener before = current;
        if (before == null) {
            run++;
            return;
        }
        long at = offset < 0 ? before.fromByte : offset;
        FileListener after = new FileListener(line, at);
        moveFrom(before.warnings, after.warnings, line);
        moveFrom(before.doubtful, after.doubtful, line);
        for (int i = 0; i < before.samples.size(); ) {
            if (before.samples.get(i).line() >= line) {
                after.samples.add(before.samples.remove(i));
                after.sampleIsRecord.add(before.sampleIsRecord.remove(i));
            } else {
                i++;
            }
        }
        if (line > before.fromLine) { // a restart at the top of a file leaves the ending run nothing of it
            reads.add(new FileRead(currentFile, reader() == null ? LogFormat.UNKNOWN : reader().format(), before,
                    at - before.fromByte, line - before.fromLine, run));
        }
        run++;
        ended = before;
        current = after;
    }

    private static void moveFrom(List<LineSample> from, List<LineSample> to, long line) {
        from.removeIf(s -> s.line() >= line && to.add(s));
    }
}
