import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The load generator of bench/realapps' request-serving programs: an open loop at a fixed rate, each request timed
 * from when it was due (not from when a busy client got round to it: a server that stalls delays the requests
 * behind it, and they count), the first --warmup seconds left out; the latencies' percentiles and the rate achieved
 * go to the JVMTUNE_METRICS file ({"latencyMs": {"p50", "p99", "p999", "max"}, "throughputOpsPerSec", "errors"}),
 * where jvmtune reads them as latency.p99Ms and throughputOpsPerSec. Runs from source with `java LoadGen.java`:
 *
 *   java LoadGen.java http URL-PREFIX PATHS-FILE RATE SECONDS WARMUP
 *   java -cp h2.jar LoadGen.java jdbc JDBC-URL ROWS RATE SECONDS WARMUP
 *
 * http: GET URL-PREFIX + a path of PATHS-FILE, in turn. jdbc: a table of ROWS rows, then per request one of a point
 * query, a range aggregate and an update, in turn. Exits 1 when more than 1% of the requests failed.
 */
public class LoadGen {

    interface Request {
        void run(int i) throws Exception;
    }

    public static void main(String[] a) throws Exception {
        int rate = Integer.parseInt(a[3]);
        double seconds = Double.parseDouble(a[4]);
        double warmup = Double.parseDouble(a[5]);
        Request request = a[0].equals("http") ? http(a[1], Files.readAllLines(Path.of(a[2]))) : jdbc(a[1],
                Integer.parseInt(a[2]));
        int total = (int) Math.round(rate * (warmup + seconds));
        long[] latency = new long[total];
        AtomicInteger errors = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(32);
        long start = System.nanoTime() + 50_000_000L;
        long period = 1_000_000_000L / rate;
        for (int i = 0; i < total; i++) {
            long due = start + i * period;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            int n = i;
            pool.execute(() -> {
                try {
                    request.run(n);
                } catch (Exception e) {
                    errors.incrementAndGet();
                }
                latency[n] = System.nanoTime() - due;
            });
        }
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.MINUTES);
        double elapsed = (System.nanoTime() - start) / 1e9;
        int from = (int) Math.round(rate * warmup);
        long[] measured = Arrays.copyOfRange(latency, from, total);
        Arrays.sort(measured);
        String json = String.format(Locale.ROOT, "{\"latencyMs\": {\"p50\": %.3f, \"p99\": %.3f, \"p999\": %.3f, "
                        + "\"max\": %.3f}, \"throughputOpsPerSec\": %.1f, \"requests\": %d, \"errors\": %d}", ms(measured, 0.5),
                ms(measured, 0.99), ms(measured, 0.999), measured[measured.length - 1] / 1e6, total / elapsed,
                measured.length, errors.get());
        Files.writeString(Path.of(System.getenv("JVMTUNE_METRICS")), json);
        System.out.println(json);
        System.exit(errors.get() > total / 100 ? 1 : 0);
    }

    private static double ms(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }

    private static Request http(String prefix, List<String> paths) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        return i -> {
            HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create(prefix + paths.get(i % paths.size())))
                    .build(), HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("HTTP " + r.statusCode());
            }
        };
    }

    private static Request jdbc(String url, int rows) throws Exception {
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            c.createStatement().execute("CREATE TABLE IF NOT EXISTS item(id INT PRIMARY KEY, grp INT, name VARCHAR(64), "
                    + "price DECIMAL(12,2))");
            c.createStatement().execute("DELETE FROM item");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    p.setInt(1, i);
                    p.setInt(2, i % 500);
                    p.setString(3, "item-" + i + "-" + Integer.toHexString(i * 7919));
                    p.setDouble(4, (i * 31 % 10000) / 100.0);
                    p.addBatch();
                    if (i % 1000 == 999) {
                        p.executeBatch();
                    }
                }
                p.executeBatch();
            }
        }
        ThreadLocal<Connection> connection = ThreadLocal.withInitial(() -> {
            try {
                return DriverManager.getConnection(url, "sa", "");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        List<String> sql = new ArrayList<>(List.of("SELECT name, price FROM item WHERE id = ?",
                "SELECT COUNT(*), SUM(price), MAX(name) FROM item WHERE grp = ?",
                "UPDATE item SET price = price + 1 WHERE id = ?"));
        return i -> {
            try (PreparedStatement p = connection.get().prepareStatement(sql.get(i % sql.size()))) {
                p.setInt(1, i % 3 == 1 ? i % 500 : (int) ((i * 2654435761L) % rows));
                if (i % 3 == 2) {
                    p.executeUpdate();
                } else {
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            r.getString(1);
                        }
                    }
                }
            }
        };
    }
}
