package dev.jvmtune.live;

import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/** Where a watched JVM's events come from: its flight recorder ({@link JfrSource}) or its log ({@link FollowSource}). */
public interface LiveSource extends AutoCloseable {

    /** What is watched, as the view names it. */
    String name();

    /**
     * Starts reading in the background, passing every event to {@code out} under {@code lock} (the lock windows are
     * taken under).
     */
    void start(Consumer<JvmEvent> out, Object lock) throws IOException;

    /** Up to when (seconds since JVM start) every event has been passed on; NaN before the first. */
    double completeThroughSec();

    /** True once nothing more will come: the JVM exited, the connection dropped, the reader stopped. */
    boolean ended();

    /** The reader's facts about the JVM; called on the reader's thread. */
    JvmFacts facts();

    /** What the reader has read, for the rules' context; called on the reader's thread. */
    List<InputStats> inputs();

    /** Stops reading; what the reader still held is passed on before it returns. */
    @Override
    void close() throws IOException;
}
