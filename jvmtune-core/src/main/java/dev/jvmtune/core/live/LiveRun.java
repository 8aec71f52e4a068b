package dev.jvmtune.core.live;

import dev.jvmtune.core.analysis.Analyzer;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.Restart;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Run;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A JVM watched while it runs: the events of the last {@link #windowSec()} seconds, and on demand the
 * {@link Run} of that sliding window - a fresh {@link Analyzer} fed the window's events and the rules evaluated
 * once on its analysis, exactly as {@code analyze} does for a whole log, so a recording of the same JVM analyzed
 * afterwards over the same span gives the same figures. Between two windows it tells which findings started and
 * which cleared.
 *
 * <p>Events come from the reader's thread, windows are taken from another: both go through this object's lock.
 * The reader's facts and inputs are asked for on the reader's thread, as events arrive - at the 1st, 2nd, 4th, 8th...
 * event, then every {@link #REFRESH_EVERY}: a log states its facts before its first collections - so that a window
 * never reads a parser's state while it changes. Memory is bounded by
 * the window and by {@link #MAX_EVENTS}.
 */
public final class LiveRun implements Consumer<JvmEvent> {

    /** Events kept at most; when a window holds more, it starts later than asked and says so by its span. */
    public static final int MAX_EVENTS = 500_000;
    private static final int REFRESH_EVERY = 1024;

    private final String name;
    private final double windowSec;
    private final double pauseGoalMs;
    private final Supplier<JvmFacts> facts;
    private final Supplier<List<InputStats>> inputs;
    private final ArrayDeque<JvmEvent> events = new ArrayDeque<>();
    private Map<String, Finding> active = Map.of();
    private long received;
    /** Time of the first event since the watch (or the JVM, after a restart) began: no window starts before it. */
    private double firstSec = Double.NaN;
    /** End of the last window taken since then; NaN before the first. */
    private double lastEndSec = Double.NaN;
    private JvmFacts jvm = JvmFacts.empty();
    private List<InputStats> read = List.of();

    /**
     * @param name        what is watched ({@code pid 1234}, {@code gc.log}), the name of each window's run
     * @param windowSec   length of the sliding window in seconds
     * @param pauseGoalMs the pause goal to judge pauses against; 0 for the JVM's own
     * @param facts       the reader's facts about the JVM, called on the reader's thread
     * @param inputs      what the reader has read, for the rules' context (JDK version from the format), called
     *                    on the reader's thread
     */
    public LiveRun(String name, double windowSec, double pauseGoalMs, Supplier<JvmFacts> facts,
                   Supplier<List<InputStats>> inputs) {
        if (!(windowSec > 0)) {
            throw new IllegalArgumentException("window must be positive: " + windowSec);
        }
        this.name = name;
        this.windowSec = windowSec;
        this.pauseGoalMs = pauseGoalMs;
        this.facts = facts;
        this.inputs = inputs;
    }

    public double windowSec() {
        return windowSec;
    }

    /** Takes one event of the watched JVM, in the reader's order; a restart empties the window. */
    @Override
    public synchronized void accept(JvmEvent e) {
        received++;
        if (received % REFRESH_EVERY == 0 || Long.bitCount(received) == 1) {
            jvm = facts.get();
            read = inputs.get();
        }
        if (e instanceof Restart) {
            events.clear();
            active = Map.of();
            firstSec = Double.NaN;
            lastEndSec = Double.NaN;
        }
        double t = e.uptimeSec();
        if (!Double.isNaN(t) && !(t >= firstSec)) {
            firstSec = t;
        }
        events.addLast(e);
        if (events.size() > MAX_EVENTS) {
            events.removeFirst();
        }
    }

    /** Events received so far. */
    public synchronized long received() {
        return received;
    }

    /**
     * The window ending at {@code completeThroughSec}: the run of the events whose time lies in
     * {@code [end - windowSec, end)}, with the findings that started and cleared since the last window taken. No
     * window starts after the last one ended, and the first starts at the first event: every event read lies in a
     * window. A reader that leaps - a stalled stream catching up, a recording's last events passed on when it closes,
     * a followed log's backlog read at once - makes the window longer than {@code windowSec}, and its span says so;
     * rates are per second of the span.
     *
     * @return the window, or null while {@code completeThroughSec} has not yet passed the first event
     *
     * @param completeThroughSec up to when the reader has passed on every event (seconds since JVM start); events
     *                           after it stay for the next window
     */
    public synchronized Window window(double completeThroughSec) {
        double end = completeThroughSec;
        double from = Double.isNaN(lastEndSec) ? firstSec : Math.max(Math.min(end - windowSec, lastEndSec), firstSec);
        if (!(end > from)) { // NaN before the first timed event
            return null;
        }
        for (Iterator<JvmEvent> it = events.iterator(); it.hasNext(); ) {
            double t = it.next().uptimeSec();
            if (t < from) {
                it.remove();
            }
        }
        if (events.size() == MAX_EVENTS && !events.isEmpty()) {
            from = Math.max(from, events.peekFirst().uptimeSec());
        }
        Analyzer analyzer = new Analyzer(pauseGoalMs, false);
        for (JvmEvent e : events) {
            double t = e.uptimeSec();
            if (Double.isNaN(t) || (t >= from && t < end)) {
                analyzer.accept(e);
            }
        }
        Run run = Run.of(name, read, jvm, analyzer.result(from, end, jvm), null);
        Map<String, Finding> now = new LinkedHashMap<>();
        for (Finding f : run.findings()) {
            now.put(f.ruleId(), f);
        }
        List<Finding> started = new ArrayList<>();
        for (Finding f : run.findings()) {
            if (!active.containsKey(f.ruleId())) {
                started.add(f);
            }
        }
        List<Finding> cleared = new ArrayList<>();
        for (Finding f : active.values()) {
            if (!now.containsKey(f.ruleId())) {
                cleared.add(f);
            }
        }
        active = now;
        lastEndSec = end;
        return new Window(from, end, run, started, cleared);
    }
}
