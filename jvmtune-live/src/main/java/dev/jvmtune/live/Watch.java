package dev.jvmtune.live;

import dev.jvmtune.core.JvmtuneVersion;
import dev.jvmtune.core.live.LiveRun;
import dev.jvmtune.core.live.Window;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.report.FormatType;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The live loop of {@code watch} and {@code analyze --follow}: events from a {@link LiveSource} go to a
 * {@link LiveRun} (the sliding window), to the JVM's gauges ({@link JvmGauges}), to the Prometheus endpoint and to an
 * optional tap; every interval the window's run is taken and printed - the view redrawn on a terminal, one JSON line
 * per window with {@code json}.
 */
public final class Watch {

    /**
     * @param windowSec   the sliding window's length
     * @param intervalSec how often a window is taken and printed
     * @param pauseGoalMs pause goal for the rules; 0 for the JVM's own
     * @param json        one JSON line per window instead of the view
     * @param redraw      clear the terminal before each view (only on a terminal)
     * @param forSec      stop after this long; 0 to run until the source ends or the caller stops it
     */
    public record Settings(double windowSec, double intervalSec, double pauseGoalMs, boolean json, boolean redraw,
                           double forSec) {
    }

    /** How often the loop looks whether the source ended or it was stopped, when nobody wakes it. */
    private static final long POLL_NANOS = 100_000_000;

    private final Settings settings;
    private final PrintStream out;
    private final PrometheusEndpoint endpoint;
    private final Consumer<JvmEvent> tap;
    private final AfterGc after = new AfterGc();
    private final JvmGauges gauges = new JvmGauges();
    private Window last;

    /**
     * @param endpoint where the figures are served; may be null
     * @param tap      receives every event as well (the {@code --events} writer); may be null
     */
    public Watch(Settings settings, PrintStream out, PrometheusEndpoint endpoint, Consumer<JvmEvent> tap) {
        this.settings = settings;
        this.out = out;
        this.endpoint = endpoint;
        this.tap = tap;
    }

    /**
     * Watches until the source ends, {@code forSec} has passed, {@code stopped} is true or {@code out} fails, then
     * closes the source and prints the last window, which then holds everything the source passed on.
     * Who sets {@code stopped} may wake the calling thread with {@link LockSupport#unpark} to have it seen at once.
     */
    public void run(LiveSource source, BooleanSupplier stopped) throws IOException {
        LiveRun live = new LiveRun(source.name(), settings.windowSec(), settings.pauseGoalMs(), source::facts,
                source::inputs);
        if (endpoint != null) {
            endpoint.observe(gauges);
        }
        source.start(e -> {
            live.accept(e);
            gauges.accept(e);
            if (e instanceof GcEvent gc) {
                after.add(gc);
                if (endpoint != null) {
                    endpoint.event(gc);
                }
            }
            if (tap != null) {
                tap.accept(e);
            }
        }, live);
        long start = System.nanoTime();
        long intervalNanos = (long) (settings.intervalSec() * 1e9);
        long next = start + intervalNanos;
        try {
            // out failing: its reader closed the pipe (| head), or the disk is full
            while (!source.ended() && !stopped.getAsBoolean() && !out.checkError()
                    && (settings.forSec() <= 0 || System.nanoTime() - start < settings.forSec() * 1e9)) {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(Math.min(wait, POLL_NANOS)); // or woken by the one who stops it
                    continue;
                }
                next += intervalNanos;
                show(live, source);
            }
        } finally {
            source.close();
        }
        show(live, source);
    }

    /** The latest window shown; null before the first events. */
    public Window last() {
        return last;
    }

    private void show(LiveRun live, LiveSource source) {
        Window w = live.window(source.completeThroughSec());
        if (w == null) {
            if (!settings.json()) {
                out.println("waiting for the first complete second of " + source.name() + " ...");
            }
            return;
        }
        last = w;
        gauges.facts(w.run().jvm());
        if (endpoint != null) {
            endpoint.window(w);
        }
        if (!settings.json() && settings.redraw()) {
            out.print("\033[H\033[2J");
        }
        try {
            WindowView.FORMATS.create(settings.json() ? FormatType.JSON : FormatType.TEXT, JvmtuneVersion.get())
                    .write(new WindowView(w, after, gauges, live.received()), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a PrintStream does not throw: it keeps the error for checkError
        }
        if (!settings.json() && !settings.redraw()) {
            out.println();
        }
        out.flush();
    }
}
