package dev.jvmtune.core.live;

import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Run;
import java.util.List;

/**
 * One sliding window of a watched JVM: the run of its events, and what changed in the advice since the window
 * before.
 *
 * @param fromSec  start of the window, seconds since JVM start (inclusive)
 * @param toSec    end of the window (exclusive): everything before it has been read
 * @param run      the window's run: analysis, findings and verdict, as {@code analyze} makes them
 * @param started  findings present now that the previous window did not have
 * @param cleared  findings of the previous window that are gone
 */
public record Window(double fromSec, double toSec, Run run, List<Finding> started, List<Finding> cleared) {

    public Window {
        started = List.copyOf(started);
        cleared = List.copyOf(cleared);
    }
}
