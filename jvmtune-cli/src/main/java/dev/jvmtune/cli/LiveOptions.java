package dev.jvmtune.cli;

import dev.jvmtune.live.LiveSource;
import dev.jvmtune.live.PrometheusEndpoint;
import dev.jvmtune.live.Watch;
import dev.jvmtune.core.model.JvmEvent;
import java.io.IOException;
import java.io.PrintStream;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** The options of the live view, shared by {@code watch} and {@code analyze --follow}. */
final class LiveOptions {

    @Option(names = "--window", paramLabel = "SEC", defaultValue = "60",
            description = "Length of the sliding window the figures and the rules are computed over (default: 60 s).")
    double windowSec;

    @Option(names = "--interval", paramLabel = "SEC", defaultValue = "1",
            description = "How often the view is redrawn, or a JSON line written (default: 1 s).")
    double intervalSec;

    @Option(names = "--for", paramLabel = "SEC", defaultValue = "0",
            description = "Stop after this many seconds (default: until the JVM exits or Ctrl-C).")
    double forSec;

    @Option(names = "--prometheus", paramLabel = "PORT", defaultValue = "-1",
            description = "Serve the figures at http://HOST:PORT/metrics in the Prometheus format (OpenTelemetry JVM "
                    + "names where they exist: jvm_gc_duration_seconds, jvm_memory_used_after_last_gc_bytes; "
                    + "jvmtune's own under jvmtune_; docs/live.md).")
    int prometheusPort;

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
        if (prometheusPort < -1 || prometheusPort > 65535) {
            return "--prometheus wants a port number (0 for any free port)";
        }
        return null;
    }

    /**
     * Runs the live loop on {@code source} until it ends, {@code --for} passes or the user presses Ctrl-C; on Ctrl-C
     * the source is still closed (a watched JVM's recording stopped) and the last window printed.
     */
    Watch run(LiveSource source, double pauseGoalMs, boolean json, PrintStream out, PrintStream err,
              Consumer<JvmEvent> tap) throws IOException {
        Watch.Settings settings = new Watch.Settings(windowSec, intervalSec, pauseGoalMs, json,
                !json && System.console() != null, forSec);
        PrometheusEndpoint endpoint = null;
        try {
            if (prometheusPort >= 0) {
                endpoint = new PrometheusEndpoint(prometheusPort);
                err.println("jvmtune: serving metrics at http://localhost:" + endpoint.port() + "/metrics");
            }
            Watch watch = new Watch(settings, out, endpoint, tap);
            Thread main = Thread.currentThread();
            boolean[] interrupted = {false};
            Thread hook = new Thread(() -> {
                synchronized (interrupted) {
                    interrupted[0] = true;
                }
                try {
                    main.join(10_000); // let the loop stop the recording and print the last window
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "jvmtune-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                watch.run(source, () -> {
                    synchronized (interrupted) {
                        return interrupted[0];
                    }
                });
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl-C: the hook is running and waits for this thread to end
                }
            }
            return watch;
        } finally {
            if (endpoint != null) {
                endpoint.close();
            }
        }
    }
}
