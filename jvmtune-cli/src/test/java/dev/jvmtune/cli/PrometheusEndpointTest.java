package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics endpoint of {@code analyze --follow --prometheus 0} as a hostile network sees it, with real sockets:
 * it listens on the loopback addresses only (as the kernel lists its sockets, what {@code ss -ltn} shows); 50 clients
 * holding half a request open leave a scrape answered within a second, and are disconnected after the request
 * timeout; connections beyond the bound are closed as they come; paths other than {@code /metrics} and the health
 * path are 404, methods other than GET and HEAD 405; scrapers that disconnect (and the 170 half requests closed) are
 * one line at most; a port in use is one line and exit code 3.
 */
class PrometheusEndpointTest {

    private static final Path LOG = Path.of(System.getProperty("jvmtune.root", ".."),
            "examples/logs/g1-debug-jdk17.log.gz");
    private static final Pattern SERVING = Pattern.compile("serving metrics at http://127\\.0\\.0\\.1:(\\d+)/metrics");
    /** {@code MetricsServer}'s bound, and the seconds a client has to send its request. */
    private static final int MAX_CONNECTIONS = 100;
    private static final int REQUEST_TIMEOUT_SEC = 5;
    /** A request sent in part: the request line and a header, not the blank line that ends the headers. */
    private static final byte[] HALF = "GET /metrics HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII);

    @Test
    void loopbackOnlyAndIdleClientsCannotBlindScrapes(@TempDir Path dir) throws Exception {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(LOG))) {
            Files.copy(in, dir.resolve("gc.log"));
        }
        Path err = dir.resolve("err");
        Process follow = LiveJvm.jvmtune(dir, dir.resolve("out"), err, "analyze", "--follow", "gc.log", "--json",
                "--prometheus", "0");
        try {
            int port = awaitPort(follow, err);
            Set<String> listening = listening(port);
            Set<String> loopback = new TreeSet<>(Set.of("127.0.0.1"));
            if (NetworkInterface.getByInetAddress(InetAddress.getByName("::1")) != null) {
                loopback.add("::1");
            }
            assertEquals(loopback, listening, "listening on the loopback addresses only");

            List<Socket> idle = new ArrayList<>();
            try {
                for (int i = 0; i < 50; i++) {
                    idle.add(half(port));
                }
                double[] sec = new double[3]; // each answered, the median within a second: one scrape on a loaded
                for (int i = 0; i < sec.length; i++) { // machine may wait for the CPU, a blinded endpoint fails all
                    long start = System.nanoTime();
                    String scrape = get(port, "GET", "/metrics");
                    sec[i] = (System.nanoTime() - start) / 1e9;
                    assertTrue(scrape.startsWith("HTTP/1.1 200") && scrape.contains("# TYPE jvmtune_window_pauses"),
                            scrape);
                }
                Arrays.sort(sec);
                System.out.println("scrapes with 50 idle connections held open: " + Arrays.toString(sec) + " s");
                assertTrue(sec[1] < 1.0, "scrapes with 50 idle connections held open: " + Arrays.toString(sec) + " s");

                assertTrue(get(port, "GET", "/").startsWith("HTTP/1.1 404"));
                assertTrue(get(port, "GET", "/metricsx").startsWith("HTTP/1.1 404"));
                String post = get(port, "POST", "/metrics");
                assertTrue(post.startsWith("HTTP/1.1 405") && post.contains("Allow: GET, HEAD"), post);
                assertTrue(get(port, "HEAD", "/metrics").startsWith("HTTP/1.1 200"));
                assertTrue(get(port, "GET", "/-/healthy").startsWith("HTTP/1.1 200"));
                for (int i = 0; i < 3; i++) {
                    try (Socket gone = new Socket("127.0.0.1", port)) {
                        gone.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                        gone.setSoLinger(true, 0); // a reset, as a scraper that timed out
                    }
                }

                int closed = awaitClosed(idle, REQUEST_TIMEOUT_SEC + 7);
                assertEquals(50, closed, "the half requests disconnected after the request timeout");
            } finally {
                closeAll(idle);
            }

            List<Socket> flood = new ArrayList<>();
            try {
                for (int i = 0; i < MAX_CONNECTIONS + 20; i++) {
                    flood.add(half(port));
                }
                int refused = awaitClosed(flood, 2);
                assertTrue(refused >= 20 && flood.size() - refused >= MAX_CONNECTIONS - 10,
                        "connections beyond " + MAX_CONNECTIONS + " closed at once, the others held: " + refused
                                + " of " + flood.size() + " closed");
            } finally {
                closeAll(flood);
            }

            CliRun taken = CliRun.of("analyze", "--follow", dir.resolve("gc.log").toString(), "--prometheus",
                    Integer.toString(port), "--for", "1");
            assertEquals(Main.INPUT_ERROR, taken.exit(), taken.err());
            assertTrue(taken.oneErrorLine().contains("in use"), taken.err());
        } finally {
            follow.destroy();
            assertTrue(follow.waitFor(20, TimeUnit.SECONDS));
        }
        List<String> lines = Files.readAllLines(err);
        assertTrue(lines.size() <= 2, "the serving line, and one line for all the clients gone: " + lines);
        for (String line : lines) {
            assertTrue(line.startsWith("jvmtune: "), "no log record or stack trace: " + lines);
        }
    }

    private static int awaitPort(Process follow, Path err) throws Exception {
        long end = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < end) {
            Matcher m = SERVING.matcher(Files.readString(err));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            assertTrue(follow.isAlive(), Files.readString(err));
            Thread.sleep(100);
        }
        throw new AssertionError("not serving: " + Files.readString(err));
    }

    /**
     * The addresses with a socket listening on {@code port}, as the kernel lists them for {@code ss}: IPv4 ones
     * written as IPv6 ({@code ::ffff:127.0.0.1}, Java's dual-stack sockets) as IPv4.
     */
    private static Set<String> listening(int port) throws IOException {
        Set<String> found = new TreeSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 4 || !f[3].equals("0A")) { // LISTEN
                    continue;
                }
                String[] local = f[1].split(":");
                if (Integer.parseInt(local[1], 16) == port) {
                    found.add(address(local[0]));
                }
            }
        }
        return found;
    }

    /** An address of /proc/net/tcp*: 32-bit words in host (little-endian) order. */
    private static String address(String hex) throws IOException {
        byte[] b = new byte[hex.length() / 2];
        for (int word = 0; word < b.length / 4; word++) {
            for (int i = 0; i < 4; i++) {
                b[word * 4 + i] = (byte) Integer.parseInt(hex.substring(word * 8 + (3 - i) * 2, word * 8 + (4 - i) * 2),
                        16);
            }
        }
        InetAddress a = InetAddress.getByAddress(b); // an IPv4-mapped IPv6 address comes back as IPv4
        return a.getHostAddress().replaceFirst("^0:0:0:0:0:0:0:1$", "::1");
    }

    private static Socket half(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        s.getOutputStream().write(HALF);
        return s;
    }

    /** One request on a connection of its own; the whole response. */
    private static String get(int port, String method, String path) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            s.setSoTimeout(5_000);
            s.getOutputStream().write((method + " " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** How many of {@code sockets} the server closes within {@code seconds}. */
    private static int awaitClosed(List<Socket> sockets, int seconds) throws IOException {
        long end = System.currentTimeMillis() + seconds * 1000L;
        int closed = 0;
        for (Socket s : sockets) {
            try {
                s.setSoTimeout((int) Math.max(1, end - System.currentTimeMillis()));
                if (s.getInputStream().read() < 0) {
                    closed++;
                }
            } catch (SocketTimeoutException stillOpen) {
                // not closed in time
            } catch (IOException reset) {
                closed++;
            }
        }
        return closed;
    }

    private static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
    }
}
