package dev.jvmtune.core.parse;

import dev.jvmtune.core.model.GcEvent;
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

    @Override
    public void onEvent(GcEvent event) {
        events.add(event);
    }

    @Override
    public void onSafepoint(SafepointEvent safepoint) {
        safepoints.add(safepoint);
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
