package dev.jvmtune.live;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * A GC log being written ({@code analyze --follow}), read by {@code RunReader} - the reader of {@code analyze} - on a
 * thread of its own, across the JVM's rotations and truncations, with the live view as its tap. When it is closed it reads what was
 * written up to then and keeps the runs of everything it read: the same runs {@code analyze} gives for the finished
 * files.
 */
public final class FollowSource implements LiveSource {

    /**
     * How far behind the latest logged time a window ends: a collection is passed on when its last line is read, and
     * its lines are written while it runs, so one that began shortly before the latest line may still be open. Once
     * the log has not grown for as long, everything in it counts: the JVM is idle or gone.
     */
    static final double SETTLE_SEC = 2.0;

    private final Path log;
    private final RunReader.Options options;
    private final GcLogStream stream;
    private volatile boolean stop;
    private Thread reader;
    private volatile List<Run> runs;
    private volatile Exception failure;

    /**
     * @param options  how {@code analyze} reads (pause goal, a tap such as the {@code --events} writer)
     * @param warnings told at once of a truncation, and of rotated files deleted before they could be read
     */
    public FollowSource(Path log, RunReader.Options options, Consumer<String> warnings) {
        this.log = log;
        this.options = options;
        this.stream = GcLogStream.follow(log, () -> stop, warnings);
    }

    @Override
    public String name() {
        return log.toString();
    }

    @Override
    public void start(Consumer<JvmEvent> out, Object lock) {
        reader = new Thread(() -> {
            try {
                Consumer<? super JvmEvent> also = options.tap();
                runs = RunReader.read(stream, options.tap(e -> {
                    synchronized (lock) {
                        out.accept(e);
                        if (also != null) {
                            also.accept(e);
                        }
                    }
                }));
            } catch (IOException | RuntimeException e) {
                failure = e;
            }
        }, "jvmtune-follow");
        reader.setDaemon(true);
        reader.start();
    }

    @Override
    public double completeThroughSec() {
        boolean settled = ended() || stream.waitingNanos() > SETTLE_SEC * 1e9;
        return settled ? stream.lastTimestampSec() : stream.lastTimestampSec() - SETTLE_SEC;
    }

    @Override
    public boolean ended() {
        return reader != null && !reader.isAlive();
    }

    @Override
    public JvmFacts facts() {
        return stream.facts();
    }

    @Override
    public List<InputStats> inputs() {
        return stream.inputs();
    }

    /** Times the JVM rotated the log while it was followed. */
    public int rotations() {
        return stream.rotations();
    }

    /** Reads on to the end of what is written now, then stops. */
    @Override
    public void close() throws IOException {
        stop = true;
        if (reader != null) {
            try {
                reader.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("stopped while reading the rest of " + log);
            }
        }
    }

    /**
     * The runs of everything read, as {@code analyze} makes them; after {@link #close()}.
     *
     * @throws IOException what stopped the reader (an unreadable or unrecognised log)
     */
    public List<Run> runs() throws IOException {
        if (failure instanceof IOException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        return runs == null ? List.of() : runs;
    }
}
