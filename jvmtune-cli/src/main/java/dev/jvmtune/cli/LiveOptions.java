package dev.jvmtune.cli;

import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.live.LiveSource;
import dev.jvmtune.live.PrometheusEndpoint;
import dev.jvmtune.live.Watch;
import dev.jvmtune.core.model.JvmEvent;
import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** The options of the live view, shared by {@code watch} and {@code analyze --follow}. */
final class LiveOptions {

    /**
     * Longest a Ctrl-C or SIGTERM waits for the watch to close its source and the command to print its end: a stuck
     * connection to a watched JVM does not keep jvmtune from exiting.
     */
    private static final long STOP_WAIT_SEC = 10;

    @Option(names = "--window", paramLabel = "SEC", defaultValue = "60",
            description = "Length of the sliding window the figures and the rules are computed over (default: 60 s); "
                    + "after a reader catches up, a window reaches back to where the last one ended.")
    double windowSec;

    @Option(names = "--interval", paramLabel = "SEC", defaultValue = "1",
            description = "How often the view is redrawn, or a JSON line written (default: 1 s).")
    double intervalSec;

    @Option(names = "--for", paramLabel = "SEC", defaultValue = "0",
            description = "Stop after this many seconds (default: until the JVM exits or Ctrl-C).")
    double forSec;

    @Option(names = "--prometheus", paramLabel = "[HOST:]PORT",
            description = "Serve the figures at http://HOST:PORT/metrics in the Prometheus format: the JVM's as the "
                    + "OpenTelemetry JVM conventions name them (jvm_gc_duration_seconds, jvm_memory_used_bytes, "
                    + "jvm_thread_count, jvm_class_count ...), jvmtune's own under jvmtune_ (docs/live.md). Without HOST only on this machine (127.0.0.1 and "
                    + "::1); a HOST such as 0.0.0.0 or a name serves the network. PORT 0: any free port.")
    String prometheus;

    /** A one-line complaint about the values, or null. */
    String invalid() {
        if (!(windowSec > 0) || Double.isInfinite(windowSec)) {
            return "--window wants a positive number of seconds";
        }
        if (!(intervalSec >= 0.1) || Double.isInfinite(intervalSec)) {
            return "--interval wants at least 0.1 seconds";
        }
        if (!(forSec >= 0) || Double.isInfinite(forSec)) {
            return "--for wants a number of seconds";
        }
        if (prometheus != null && prometheusPort() < 0) {
            return "--prometheus wants [HOST:]PORT, a port number 0-65535 (0: any free port), got " + prometheus;
        }
        return null;
    }

    /** The port of {@code --prometheus}; -1 where it is not a port number. */
    private int prometheusPort() {
        String p = prometheus.substring(prometheus.lastIndexOf(':') + 1);
        try {
            int port = Integer.parseInt(p);
            return port >= 0 && port <= 65535 && !"".equals(prometheusHost()) ? port : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The host of {@code --prometheus} (brackets of an IPv6 address removed), or null for the loopback addresses. */
    private String prometheusHost() {
        int colon = prometheus.lastIndexOf(':');
        if (colon < 0) {
            return null;
        }
        String host = prometheus.substring(0, colon);
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** Opens the source the live loop watches; called once Ctrl-C and SIGTERM are caught, so that they close it. */
    interface Opener {
        LiveSource open() throws IOException;
    }

    /** {@link #run(Opener, double, boolean, PrintStream, PrintStream, Consumer)} of a source already open. */
    Watch run(LiveSource source, double pauseGoalMs, boolean json, PrintStream out, PrintStream err,
              Consumer<JvmEvent> tap) throws IOException {
        return run(() -> source, pauseGoalMs, json, out, err, tap);
    }

    /**
     * Serves the metrics if asked, opens the source and runs the live loop on it until it ends, {@code --for} passes
     * or the user presses Ctrl-C or sends SIGTERM - from before the source is opened: a signal while a JVM is being
     * attached still closes the recording started in it. Then the source is closed and the last window printed, and
     * jvmtune exits once the command has printed what it prints at the end.
     *
     * @throws CommandException the metrics cannot be served (the port in use): before the source is opened
     */
    Watch run(Opener opener, double pauseGoalMs, boolean json, PrintStream out, PrintStream err,
              Consumer<JvmEvent> tap) throws IOException {
        Watch.Settings settings = new Watch.Settings(windowSec, intervalSec, pauseGoalMs, json,
                !json && System.console() != null, forSec);
        try (PrometheusEndpoint endpoint = serve(err); StopSignal stop = new StopSignal()) {
            LiveSource source = opener.open();
            Watch watch = new Watch(settings, out, endpoint, tap);
            watch.run(source, stop);
            return watch;
        }
    }

    private PrometheusEndpoint serve(PrintStream err) {
        if (prometheus == null) {
            return null;
        }
        PrometheusEndpoint endpoint;
        try {
            endpoint = new PrometheusEndpoint(prometheusHost(), prometheusPort(), err);
        } catch (IOException e) {
            throw CommandException.inputError("cannot serve the metrics on " + prometheus + ": "
                    + IoErrors.describe(e));
        }
        err.println("jvmtune: serving metrics at " + String.join(" and ", endpoint.urls()));
        return endpoint;
    }

    /**
     * Ctrl-C and SIGTERM as a flag the live loop polls, on the thread that creates it. The shutdown hook sets it, wakes
     * the loop and then holds the JVM until the command has run ({@link Main#RAN}) - the source closed, the last window
     * and whatever the command prints at the end printed - or {@link #STOP_WAIT_SEC} passed.
     */
    private static final class StopSignal implements BooleanSupplier, AutoCloseable {

        private volatile boolean stopped;
        private final Thread loop = Thread.currentThread();
        private final Thread hook = new Thread(() -> {
            stopped = true;
            LockSupport.unpark(loop);
            try {
                Main.RAN.await(STOP_WAIT_SEC, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jvmtune-stop");

        StopSignal() {
            Runtime.getRuntime().addShutdownHook(hook);
        }

        @Override
        public boolean getAsBoolean() {
            return stopped;
        }

        @Override
        public void close() {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running and waits for the command to end
            }
        }
    }
}
