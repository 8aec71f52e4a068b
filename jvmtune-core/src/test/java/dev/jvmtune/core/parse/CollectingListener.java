package dev.jvmtune.core.parse;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.Restart;
import dev.jvmtune.core.model.SafepointEvent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Keeps everything a parser pushes out, for tests that feed a parser directly. */
public final class CollectingListener implements ParseListener {
    public final List<GcEvent> events = new ArrayList<>();
    public final List<SafepointEvent> safepoints = new ArrayList<>();
    /** The skipped lines' texts, and their line numbers in the same order. */
    public final List<String> unrecognized = new ArrayList<>();
    public final List<Long> unrecognizedLines = new ArrayList<>();
    /** Warnings as {@code "line: message"}. */
    public final List<String> warnings = new ArrayList<>();

    /** Restarts, as the parser reports them. */
    public final List<Restart> restarts = new ArrayList<>();

    @Override
    public void onEvent(JvmEvent event) {
        if (event instanceof GcEvent e) {
            events.add(e);
        } else if (event instanceof SafepointEvent s) {
            safepoints.add(s);
        } else if (event instanceof Restart r) {
            restarts.add(r);
        }
    }

    @Override
    public void onUnrecognized(long line, byte[] buf, int from, int to) {
        unrecognized.add(new String(buf, from, to - from, StandardCharsets.UTF_8));
        unrecognizedLines.add(line);
    }

    @Override
    public void onWarning(long line, String message) {
        warnings.add(line + ": " + message);
    }
}
