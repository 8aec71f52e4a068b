package dev.jvmtune.live;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jdk.management.jfr.FlightRecorderMXBean;
import jdk.management.jfr.RecordingInfo;

/**
 * The watch's recording in the watched JVM, held on a lease so that it never outlives the watcher by more than
 * {@link #BOUND}: the recording's {@code duration} (counted by the JVM from the recording's start) is pushed to
 * "now + BOUND" every {@link #RENEW}. A watcher that ends closes the recording ({@link #close()}); one killed with
 * SIGKILL, or frozen, stops renewing and the JVM stops the recording within the bound by itself. Its destination is
 * {@code /dev/null}: the JVM closes a recording with a destination once it has stopped and written it there, where one
 * without stays listed ({@code JFR.check}: "stopped") until the JVM exits.
 */
final class RecordingLease implements AutoCloseable {

    /** Longest a recording outlives a watcher that stopped renewing it. */
    static final Duration BOUND = Duration.ofSeconds(10);
    /** How often the lease is renewed: a watcher late by up to {@code BOUND - RENEW} keeps its recording. */
    static final Duration RENEW = Duration.ofSeconds(2);
    /** The recording's name, as {@code jcmd PID JFR.check} lists it. */
    static final String NAME = "jvmtune-watch";
    /** Where the stopped recording is written, so that the JVM closes it: nowhere. */
    private static final String DISCARD = "/dev/null";

    private final FlightRecorderMXBean recorder;
    private final long id;
    private volatile ScheduledExecutorService renewer;
    private long startedNanos;
    private volatile boolean lost;
    private volatile boolean closed;

    /**
     * Creates a recording with {@code options} (JFR's recording options: {@code disk}, {@code maxAge}...), named and
     * bounded in the call after its creation, before it records anything: a watcher killed later leaves no recording
     * without its bound (one killed between the two calls leaves an empty one, never started).
     */
    static RecordingLease create(FlightRecorderMXBean recorder, Map<String, String> options) {
        return new RecordingLease(recorder, recorder.newRecording(), options);
    }

    /**
     * Names the new (not yet started) recording {@code id}, bounds it to {@link #BOUND}, gives it the destination that
     * lets the JVM close it once stopped (a JVM that refuses it - not a Unix system - keeps the stopped recording
     * listed until it exits) and sets {@code options}.
     */
    RecordingLease(FlightRecorderMXBean recorder, long id, Map<String, String> options) {
        this.recorder = recorder;
        this.id = id;
        Map<String, String> all = new HashMap<>(options);
        all.put("name", NAME);
        all.put("duration", millis(BOUND));
        all.put("destination", DISCARD);
        try {
            recorder.setRecordingOptions(id, all);
        } catch (IllegalArgumentException noDevNull) {
            all.remove("destination");
            recorder.setRecordingOptions(id, all);
        }
    }

    /**
     * Call just before the recording is started: from then on its duration is renewed every {@link #RENEW}.
     */
    synchronized void started() {
        if (renewer != null || closed) {
            return;
        }
        startedNanos = System.nanoTime();
        renewer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jvmtune-recording-lease");
            t.setDaemon(true);
            return t;
        });
        renewer.scheduleWithFixedDelay(this::renew, RENEW.toMillis(), RENEW.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void renew() {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startedNanos);
        try {
            recorder.setRecordingOptions(id, Map.of("duration", millis(elapsed.plus(BOUND))));
        } catch (RuntimeException stoppedOrGone) {
            // stopped (JFR.stop, or the watcher was late beyond the bound) or closed in the JVM; a connection that
            // failed is told by the source itself
            lost = !closed && !running();
        }
    }

    private boolean running() {
        try {
            for (RecordingInfo r : recorder.getRecordings()) {
                if (r.getId() == id) {
                    return r.getState().equals("RUNNING");
                }
            }
            return false;
        } catch (RuntimeException unreachable) {
            return true; // not known to be stopped
        }
    }

    long id() {
        return id;
    }

    /** True once the recording was found stopped or closed in the JVM by someone else: nothing more will come. */
    boolean lost() {
        return lost;
    }

    /** Stops renewing: the recording is being closed, by this lease or by the stream that created it. */
    synchronized void end() {
        closed = true;
        if (renewer != null) {
            renewer.shutdownNow();
        }
    }

    /** Stops renewing and closes the recording (the JVM removes it; where it is gone already, nothing happens). */
    @Override
    public void close() {
        end();
        try {
            recorder.closeRecording(id);
        } catch (IOException | RuntimeException gone) {
            // closed already, or the JVM exited and the recording went with it
        }
    }

    private static String millis(Duration d) {
        return d.toMillis() + " ms";
    }
}
