package dev.jvmtune.live;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.config.PrometheusProperties;
import io.prometheus.metrics.exporter.httpserver.HttpErrorHandlingPolicy;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The HTTP side of {@link PrometheusEndpoint}: the JDK's {@code com.sun.net.httpserver}, one server per address, with
 * Prometheus' own {@link MetricsHandler} behind a handler that answers {@code /metrics} and {@link #HEALTH_PATH} only
 * (404 elsewhere, 405 for methods other than GET and HEAD).
 *
 * <p>The JDK's server accepts connections on one thread and hands each to a worker thread as soon as its first bytes
 * arrive; the worker then reads the request line and headers with blocking reads. A client that sends half a request
 * and waits holds a worker: with the Prometheus client's own server (10 workers, no time limit) 12 such clients
 * blinded every scrape for as long as they stayed. Here each server has a worker per connection it allows
 * ({@link #MAX_CONNECTIONS}; more are closed as they come), so idle clients below that bound leave scrapes answered at
 * once, and a client that has not sent its whole request after {@link #REQUEST_TIMEOUT_SEC} is disconnected, which
 * frees its worker. The bound and the timeouts are the JDK server's own settings
 * ({@code jdk.httpserver.maxConnections}, {@code sun.net.httpserver.maxReqTime}, {@code maxRspTime}): system properties
 * it reads once, when the JVM's first server starts; set here unless given with {@code -D}.
 */
final class MetricsServer {

    /** Connections each address holds at once, open, idle or mid-request; those beyond are closed as they come. */
    static final int MAX_CONNECTIONS = 100;
    /** Seconds a client has to send its whole request, and to take the whole response. */
    static final int REQUEST_TIMEOUT_SEC = 5;
    static final int RESPONSE_TIMEOUT_SEC = 10;
    static final String METRICS_PATH = "/metrics";
    static final String HEALTH_PATH = "/-/healthy";
    /** Pending connections the kernel queues for each server (the Prometheus client's: 3). */
    private static final int BACKLOG = 50;
    /** Workers only read a request and write a few kilobytes: a small stack each. */
    private static final long WORKER_STACK_BYTES = 256 << 10;
    /** Tries for a free port that is free on every address, for port 0. */
    private static final int PORT_TRIES = 5;

    /**
     * The client logs a stack trace at SEVERE when it cannot even send its error response (the scraper left); the
     * error reporter below says it in one line. Held here: the logging API keeps loggers weakly.
     */
    private static final Logger CLIENT_LOG =
            Logger.getLogger("io.prometheus.metrics.exporter.httpserver.HttpExchangeAdapter");

    private final List<HttpServer> servers = new ArrayList<>();
    private final List<ThreadPoolExecutor> workers = new ArrayList<>();
    private final MetricsHandler metrics;
    private final PrintStream err;
    private final AtomicBoolean disconnectSaid = new AtomicBoolean();
    private final AtomicBoolean failureSaid = new AtomicBoolean();

    MetricsServer(String host, int port, PrometheusRegistry registry, PrintStream err) throws IOException {
        this.err = err;
        setDefault("jdk.httpserver.maxConnections", MAX_CONNECTIONS);
        setDefault("sun.net.httpserver.maxReqTime", REQUEST_TIMEOUT_SEC);
        setDefault("sun.net.httpserver.maxRspTime", RESPONSE_TIMEOUT_SEC);
        CLIENT_LOG.setLevel(Level.OFF);
        metrics = new MetricsHandler(PrometheusProperties.get(), registry,
                HttpErrorHandlingPolicy.builder().errorReporter(this::report).build());
        List<InetAddress> addresses = addresses(host);
        for (int tries = 1; ; tries++) {
            try {
                bind(addresses, port);
                return;
            } catch (BindException e) {
                close();
                if (port != 0 || tries == PORT_TRIES) {
                    throw e;
                }
                // the free port of the first address was taken on another one: another free port
            }
        }
    }

    /** The loopback addresses (::1 where IPv6 is configured), or all addresses of {@code host}. */
    private static List<InetAddress> addresses(String host) throws IOException {
        if (host != null) {
            return List.copyOf(new LinkedHashSet<>(List.of(InetAddress.getAllByName(host))));
        }
        List<InetAddress> loopback = new ArrayList<>(List.of(InetAddress.getByName("127.0.0.1")));
        InetAddress v6 = InetAddress.getByName("::1");
        if (NetworkInterface.getByInetAddress(v6) != null) {
            loopback.add(v6);
        }
        return loopback;
    }

    private void bind(List<InetAddress> addresses, int port) throws IOException {
        int p = port;
        for (InetAddress a : addresses) {
            HttpServer s;
            try {
                s = HttpServer.create(new InetSocketAddress(a, p), BACKLOG);
            } catch (BindException e) {
                BindException described = new BindException(e.getMessage() + " on " + host(a));
                described.initCause(e);
                throw described;
            }
            ThreadPoolExecutor pool = new ThreadPoolExecutor(0, MAX_CONNECTIONS, 30, TimeUnit.SECONDS,
                    new SynchronousQueue<>(), r -> {
                        Thread t = new Thread(null, r, "jvmtune-metrics", WORKER_STACK_BYTES);
                        t.setDaemon(true);
                        return t;
                    });
            s.setExecutor(pool);
            s.createContext("/", this::handle);
            s.start();
            servers.add(s);
            workers.add(pool);
            p = s.getAddress().getPort();
        }
    }

    private void handle(HttpExchange x) throws IOException {
        try {
            String path = Objects.toString(x.getRequestURI().getPath(), "");
            boolean read = x.getRequestMethod().equals("GET") || x.getRequestMethod().equals("HEAD");
            if (!path.equals(METRICS_PATH) && !path.equals(HEALTH_PATH)) {
                reply(x, 404, "not found: the metrics are at " + METRICS_PATH + "\n");
            } else if (!read) {
                x.getResponseHeaders().set("Allow", "GET, HEAD");
                reply(x, 405, x.getRequestMethod() + " not allowed: GET or HEAD\n");
            } else if (path.equals(METRICS_PATH)) {
                metrics.handle(x);
            } else {
                reply(x, 200, "OK\n");
            }
        } catch (IOException e) {
            report(e);
        } finally {
            x.close();
        }
    }

    private static void reply(HttpExchange x, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        boolean head = x.getRequestMethod().equals("HEAD");
        x.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            x.getResponseBody().write(body);
        }
    }

    /**
     * One line for the first scrape that could not be answered, of each kind: a client that left before its response
     * was sent (a scraper's timeout - or any client closing half a request, which the JDK's server hands on as
     * complete), or a failure. Any client can cause the first kind at will: a line each would let it fill the log.
     */
    private void report(Exception e) {
        boolean gone = e instanceof IOException;
        if (gone ? disconnectSaid.compareAndSet(false, true) : failureSaid.compareAndSet(false, true)) {
            err.println(gone ? "jvmtune: metrics not sent to a client that disconnected (" + e.getMessage()
                    + "); later ones are not reported" : "jvmtune: a metrics scrape failed: " + e
                    + "; later failures are not reported");
        }
    }

    private static void setDefault(String property, int value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, Integer.toString(value));
        }
    }

    int port() {
        return servers.get(0).getAddress().getPort();
    }

    List<String> urls() {
        return servers.stream().map(s -> url(s.getAddress().getAddress(), s.getAddress().getPort(), METRICS_PATH))
                .toList();
    }

    private static String url(InetAddress a, int port, String path) {
        return "http://" + (a instanceof Inet6Address ? "[" + host(a) + "]" : host(a)) + ":" + port + path;
    }

    /** The address as written in a URL: an IPv6 one without its scope, its first run of zero groups as "::". */
    private static String host(InetAddress a) {
        String h = a.getHostAddress().replaceFirst("%.*", "");
        return a instanceof Inet6Address ? h.replaceFirst("(^|:)(0(:|$)){2,}", "::") : h;
    }

    void close() {
        for (HttpServer s : servers) {
            s.stop(0);
        }
        for (ThreadPoolExecutor w : workers) {
            w.shutdownNow();
        }
        servers.clear();
        workers.clear();
    }
}
